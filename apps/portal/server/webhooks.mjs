/**
 * The app's webhook endpoint, as a user's server would have one: `createWebhookHandler` from
 * `@commerce-api/client/webhooks` mounted at `POST /api/webhooks` (through `toNodeHandler`,
 * which hands it the raw body), keeping what arrived in memory for the Webhooks screen, which
 * reads it at `GET /api/webhooks/received`. In sandbox mode the sandbox the server serves is
 * given this endpoint and its secret, so every change it makes (a discount deleted, an invoice
 * generated) arrives here signed, over HTTP.
 */
import { randomBytes } from "node:crypto";
import { createWebhookHandler, toNodeHandler, WebhookVerificationError } from "@commerce-api/client/webhooks";

export const WEBHOOK_PATH = "/api/webhooks";
export const RECEIVED_PATH = "/api/webhooks/received";
/** The screen shows the latest; older ones are let go so a long session does not grow the server. */
export const KEPT = 200;

/**
 * Every event type this SDK knows: each gets the callback that keeps it (a type the spec adds
 * is a type error here until listed; one the SDK does not know yet arrives through onUnknown).
 * @satisfies {Record<keyof import("@commerce-api/client/webhooks").WebhookEventVariants, true>}
 */
const KNOWN_TYPES = {
  "customer.created": true,
  "customer.updated": true,
  "customer.deleted": true,
  "order.created": true,
  "order.updated": true,
  "order.paid": true,
  "order.refunded": true,
  "subscription.created": true,
  "subscription.updated": true,
  "subscription.active": true,
  "subscription.canceled": true,
  "subscription.uncanceled": true,
  "subscription.cycled": true,
  "subscription.revoked": true,
  "subscription.past_due": true,
  "subscription.paused": true,
  "subscription.resumed": true,
  "refund.created": true,
  "refund.updated": true,
  "product.created": true,
  "product.updated": true,
  "benefit.created": true,
  "benefit.updated": true,
  "benefit_grant.created": true,
  "benefit_grant.updated": true,
  "benefit_grant.cycled": true,
  "benefit_grant.revoked": true,
  "discount.created": true,
  "discount.updated": true,
  "discount.deleted": true,
};

/**
 * What arrived, as the Webhooks screen reads it. A delivery that failed verification keeps only
 * what its envelope claims (its type, if the body says one) and why it was refused: its data
 * is not to be trusted.
 * @typedef {{
 *   webhookId: string,
 *   receivedAt: string,
 *   verified: true,
 *   type: string,
 *   timestamp: string,
 *   data: unknown,
 * } | {
 *   webhookId: string,
 *   receivedAt: string,
 *   verified: false,
 *   type: string | null,
 *   reason: string,
 * }} ReceivedWebhook
 */

/** A secret in the dashboard's form, for an endpoint this server registers itself. */
/** The sandbox's reset: the inbox forgets the events from before it, as the sandbox does. */
export const RESET_PATH = "/__sandbox/reset";

export function newWebhookSecret() {
  return `polar_whs_${randomBytes(32).toString("base64url")}`;
}

/**
 * @param {{ secret: string, now?: () => Date }} options
 */
export function createWebhookInbox({ secret, now = () => new Date() }) {
  /** @type {ReceivedWebhook[]} newest first */
  const received = [];
  /** @param {ReceivedWebhook} entry */
  const keep = (entry) => {
    received.unshift(entry);
    received.length = Math.min(received.length, KEPT);
  };
  /** @param {{ type: string, timestamp: string | Date, data: unknown }} event @param {{ webhookId: string }} context */
  const keepVerified = (event, { webhookId }) =>
    keep({
      webhookId,
      receivedAt: now().toISOString(),
      verified: true,
      type: event.type,
      timestamp: new Date(event.timestamp).toISOString(),
      data: event.data,
    });
  /** Why each refused request was refused, told by onError while the handler answers it. */
  const refusals = new WeakMap();
  const handler = createWebhookHandler({
    secret,
    on: Object.fromEntries(Object.keys(KNOWN_TYPES).map((type) => [type, keepVerified])),
    onUnknown: keepVerified,
    onError: (error, request) => {
      refusals.set(request, error);
      if (!(error instanceof WebhookVerificationError)) console.error("[portal] a webhook failed:", error);
    },
  });

  /**
   * The endpoint: the client's handler, plus a note of each delivery it refused.
   * @param {Request} request
   */
  async function receive(request) {
    const claimed = request.clone();
    const response = await handler(request);
    const refusal = refusals.get(request);
    if (refusal instanceof WebhookVerificationError) {
      keep({
        webhookId: request.headers.get("webhook-id") ?? "",
        receivedAt: now().toISOString(),
        verified: false,
        type: claimedType(await claimed.text()),
        reason: refusal.reason,
      });
    }
    return response;
  }

  return {
    secret,
    receive,
    /** For `node:http` and Vite's middlewares: the raw body, as the signature needs it. */
    node: toNodeHandler(receive),
    /** @returns {ReceivedWebhook[]} newest first */
    received: () => received.slice(),
    /** Forgets what arrived: the sandbox was reset, and its events from before with it. */
    clear: () => {
      received.length = 0;
    },
  };
}

/** @param {string} body */
function claimedType(body) {
  try {
    const parsed = JSON.parse(body);
    return typeof parsed?.type === "string" ? parsed.type : null;
  } catch {
    return null;
  }
}

/**
 * `GET /api/webhooks/received`: `{ receiving, endpoint, received }`; `receiving` false when this
 * server has no secret to verify with (service mode without COMMERCE_WEBHOOK_SECRET).
 * @param {ReturnType<typeof createWebhookInbox> | undefined} inbox
 */
export function receivedBody(inbox) {
  return { receiving: inbox !== undefined, endpoint: WEBHOOK_PATH, received: inbox?.received() ?? [] };
}
