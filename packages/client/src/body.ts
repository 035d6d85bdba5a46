/**
 * The JSON body of a call: only the operation's body fields, so path and query
 * fields of the flat input never leak into the body. Absent (`undefined`)
 * fields are omitted; `null` is kept, because for this service an explicit
 * null means something (e.g. "no activation") that absence does not.
 * Returns `undefined` when the operation has no body.
 */
export function buildBody(
  bodyFields: readonly string[] | undefined,
  input: Readonly<Record<string, unknown>>,
): string | undefined {
  if (bodyFields === undefined) return undefined;
  const body: Record<string, unknown> = {};
  for (const field of bodyFields) {
    if (input[field] !== undefined) body[field] = input[field];
  }
  return JSON.stringify(body);
}
