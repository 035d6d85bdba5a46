/** Which check a webhook failed, in the order they run. */
export type WebhookVerificationReason =
  /** The body was not the raw body (a parsed object): a body parser ran first. */
  | "body_not_raw"
  /** A `webhook-id`, `webhook-timestamp` or `webhook-signature` header is absent. */
  | "missing_header"
  /** `webhook-timestamp` is not a whole number of seconds. */
  | "malformed_timestamp"
  /** The timestamp is further from now than the tolerance: a replay, or a clock far off. */
  | "timestamp_out_of_tolerance"
  /** No signature in `webhook-signature` is the message's under this secret. */
  | "bad_signature"
  /** Signed, but not JSON. */
  | "body_not_json"
  /** Signed JSON, but not `{ type, timestamp, data }`. */
  | "not_a_webhook";

/**
 * A webhook that failed verification; `reason` says which check. Answer such a request with a
 * 4xx that does not say why (createWebhookHandler does), and log the message: it says what to
 * fix.
 */
export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** What to do when the body is not the bytes the service sent, said wherever that may be the cause. */
export const RAW_BODY_HINT =
  "pass the body exactly as received, as a string or bytes (await request.text() in a fetch handler; in Express, toNodeHandler(handler), or express.json({ verify: keepRawBody }) before it), never a parsed and re-serialised copy such as JSON.stringify(req.body)";
