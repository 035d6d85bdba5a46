/**
 * Webhook deliveries for the tests (and bench/webhooks.mjs): an `order.paid` event as the
 * service sends it (order-paid.json: its organization-side Order, about 2 KB of compact JSON), a
 * secret as the dashboard shows it, and deliveries signed by the Standard Webhooks reference library the way the service's own SDK
 * (`@polar-sh/sdk`'s validateEvent) expects: the library keyed with the secret's base64.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { OrderPaidWebhookEvent } from "@commerce-api/schemas/webhooks";
import { Webhook } from "standardwebhooks";

export const secret = "polar_whs_6GFfpvS1qG3bN0dkx2MP9sDyI3uLbZ3QxYwVjzZk8aE";

/** An `order.paid` as the service sends it (checked by the service's own SDK in verify.test.ts). */
export const orderPaid = JSON.parse(
  readFileSync(join(import.meta.dirname, "order-paid.json"), "utf8"),
) as OrderPaidWebhookEvent;

export const orderPaidBody = JSON.stringify(orderPaid);

/** The reference library, keyed as the service's SDK keys it: the secret's UTF-8, in base64. */
export const reference = new Webhook(Buffer.from(secret, "utf8").toString("base64"));

/** Headers of a delivery of `body`, signed by the reference library (at `at`, now by default). */
export function signedHeaders(
  body: string,
  { id = "msg_2uXlRS5cFdbkPZ0QjWqPxsOeGhA", at = new Date(), by = reference } = {},
): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": by.sign(id, at, body),
  };
}
