// The data of a `member.created` event, as the app's test builds it (checked against the spec when sent).
declare const data: unknown;
