import type { WebhookEvent } from "@commerce-api/schemas/webhooks";
import { RAW_BODY_HINT, WebhookVerificationError } from "./error.js";
import { headerValue, type WebhookHeaders } from "./headers.js";
import { matchesOne, signatures } from "./signature.js";

export interface VerifyWebhookOptions {
  /**
   * How far, in seconds, the `webhook-timestamp` may be from now, either way (a replayed
   * delivery is old; a future one, a clock far off).
   * @defaultValue 300
   */
  readonly tolerance?: number;
  /** The time to check the timestamp against, for tests. @defaultValue `new Date()` */
  readonly now?: Date;
}

/** A raw body: the text or the bytes received, unparsed. */
export type WebhookBody = string | ArrayBufferView | ArrayBuffer;

const decoder = /* @__PURE__ */ new TextDecoder();

/**
 * Verifies a webhook delivery and answers its event, typed by `type`. `body` is the raw body
 * (the text or bytes received), `headers` the request's (`Headers`, or a record such as
 * Node's `req.headers`), `secret` the endpoint's secret as the service's dashboard shows it.
 *
 * Checks, in order: the headers are there, the timestamp is within `tolerance` of now, one of
 * the signatures (several while a secret rotates) is the body's under `secret`, the body is
 * JSON and is `{ type, timestamp, data }`. The event's `data` is the service's, signed, and is
 * not checked further (parse it with `WebhookEvent` of `@commerce-api/schemas/webhooks` for
 * that). A type this version does not know is an `UnknownWebhookEvent`, never an error.
 *
 * @throws WebhookVerificationError whose `reason` names the check that failed.
 */
export async function verifyWebhook(
  body: WebhookBody,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const raw = rawBody(body);
  const id = requiredHeader(headers, "webhook-id");
  const timestamp = requiredHeader(headers, "webhook-timestamp");
  const sent = requiredHeader(headers, "webhook-signature");
  checkTimestamp(timestamp, options);
  if (!matchesOne(sent, await signatures(secret, id, timestamp, raw)))
    fail(
      "bad_signature",
      `no signature in webhook-signature matches the body: ${secretHint(secret)}, and ${RAW_BODY_HINT}`,
    );
  return envelope(parseJson(raw));
}

/** The body as signed: its text as is, anything else as its bytes. */
function rawBody(body: WebhookBody): string | Uint8Array {
  if (typeof body === "string") return body;
  // Not instanceof: a Buffer or an ArrayBuffer from another realm (a worker, a VM) is bytes too.
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (Object.prototype.toString.call(body) === "[object ArrayBuffer]") return new Uint8Array(body);
  const what = body === null ? "null" : typeof body === "object" ? "an object" : `a ${typeof body}`;
  return fail(
    "body_not_raw",
    `the body is ${what}, not the raw body a signature is made over (did a body parser run first?): ${RAW_BODY_HINT}`,
  );
}

/** What to check of the secret, said for the form it has. */
function secretHint(secret: string): string {
  if (secret.startsWith("whsec_"))
    return "this whsec_ secret was tried as both keys it can mean (the UTF-8 bytes of the whole secret, and the Standard Webhooks key: the base64 after whsec_) and neither signed it, so it is not the secret this delivery was signed with: check it is this endpoint's, copied whole";
  return "check the secret (the endpoint's, as the dashboard shows it, whole)";
}

function requiredHeader(headers: WebhookHeaders, name: string): string {
  const value = headerValue(headers, name);
  if (!value) return fail("missing_header", `the ${name} header is missing: is this a webhook delivery?`);
  return value;
}

function checkTimestamp(timestamp: string, options: VerifyWebhookOptions): void {
  if (!/^\d{1,15}$/.test(timestamp))
    fail("malformed_timestamp", `webhook-timestamp '${timestamp}' is not a whole number of seconds`);
  const tolerance = options.tolerance ?? 300;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const skew = now - Number(timestamp);
  if (Math.abs(skew) <= tolerance) return;
  if (Math.abs(Number(timestamp) / 1000 - now) <= tolerance)
    fail(
      "timestamp_out_of_tolerance",
      `webhook-timestamp ${timestamp} is in milliseconds: Standard Webhooks timestamps are whole seconds since 1970 (Math.floor(Date.now() / 1000)); the sender must send seconds`,
    );
  fail(
    "timestamp_out_of_tolerance",
    `webhook-timestamp is ${Math.abs(skew)} s in the ${skew > 0 ? "past" : "future"}, beyond the tolerance of ${tolerance} s: a replayed delivery, or a clock far off`,
  );
}

function parseJson(body: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof body === "string" ? body : decoder.decode(body));
  } catch {
    return fail("body_not_json", "the body is signed but is not JSON");
  }
}

function envelope(payload: unknown): WebhookEvent {
  const event = payload as Partial<Record<"type" | "timestamp" | "data", unknown>> | null;
  if (
    typeof event !== "object" ||
    event === null ||
    typeof event.type !== "string" ||
    typeof event.timestamp !== "string" ||
    !("data" in event)
  )
    fail("not_a_webhook", "the body is signed JSON but not a webhook event { type, timestamp, data }");
  return event as WebhookEvent;
}

function fail(reason: WebhookVerificationError["reason"], message: string): never {
  throw new WebhookVerificationError(reason, message);
}
