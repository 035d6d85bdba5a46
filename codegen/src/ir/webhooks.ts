/**
 * The IR of the spec's `webhooks:` section: the events the service sends to webhook
 * endpoints. Every event arrives as `{ type, timestamp, data }`; an event names the
 * resource its `data` is. Types the spec does not list arrive too, as an open variant
 * (webhook-declarations.ts derives the declarations the emitters print from these).
 */

export interface WebhookEventType {
  /** The event type on the wire, e.g. `order.paid`. */
  readonly type: string;
  /** The generated type of the whole event, e.g. `OrderPaidWebhookEvent` (webhookEventNames). */
  readonly name: string;
  /** The declaration its `data` is, and that declaration's kind. */
  readonly payload: { readonly name: string; readonly kind: "object" | "union" | "alias" };
  readonly description?: string;
}

/** The names generated for the webhook events as a whole: the union and its open variant. */
export const webhookUnionNames = {
  union: "WebhookEvent",
  fallback: "UnknownWebhookEvent",
} as const;

/** `order.paid` → `OrderPaidWebhookEvent`; `benefit_grant.cycled` → `BenefitGrantCycledWebhookEvent`. */
export function webhookEventName(type: string): string {
  const words = type.split(/[._]/).filter((word) => word.length > 0);
  return `${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("")}WebhookEvent`;
}
