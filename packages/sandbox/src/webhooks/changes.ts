/**
 * Which events a change of the sandbox's state sends, as the service sends
 * them. Every route, builder and clock rule changes the store through
 * `insert`/`update`/`remove`; this reads those changes, so no route has to
 * remember its webhooks. A change of a table no webhook is about (activations,
 * events, tokens, checkout links, custom fields) sends nothing, and so does an
 * update that changes nothing the payload shows (a license key's usage count,
 * a receipt being polled).
 */
import type { StoreChange } from "../state/store.js";
import type { PayloadKind } from "./payloads.js";

/** One event to send: its type, the kind of record it carries, and that record. */
export interface PendingEvent {
  type: string;
  kind: PayloadKind;
  record: unknown;
}

export function eventsOf(change: StoreChange): PendingEvent[] {
  const event = (type: string, kind: PayloadKind): PendingEvent => ({ type, kind, record: change.record });
  switch (change.table) {
    case "customers": {
      if (change.action === "insert") return [event("customer.created", "customer")];
      if (change.action === "remove") return [event("customer.deleted", "customer")];
      if (change.previous.deleted_at === null && change.record.deleted_at !== null)
        return [event("customer.deleted", "customer")];
      // Their first usage event is not a change of the customer's details.
      return differs(change.previous, change.record, ["first_user_event_at"])
        ? [event("customer.updated", "customer")]
        : [];
    }
    case "products":
      return [event(change.action === "insert" ? "product.created" : "product.updated", "product")];
    case "benefits":
      return change.action === "remove"
        ? []
        : [event(change.action === "insert" ? "benefit.created" : "benefit.updated", "benefit")];
    case "discounts": {
      const action = { insert: "created", update: "updated", remove: "deleted" }[change.action];
      return [event(`discount.${action}`, "discount")];
    }
    case "refunds":
      return change.action === "remove"
        ? []
        : [event(change.action === "insert" ? "refund.created" : "refund.updated", "refund")];
    case "orders":
      return orderEvents(change, event);
    case "subscriptions":
      return subscriptionEvents(change, event);
    case "licenseKeys":
      return grantEvents(change, event);
    default:
      return [];
  }
}

type Make = (type: string, kind: PayloadKind) => PendingEvent;

const PAID = ["paid", "refunded", "partially_refunded"];

/**
 * `order.created` for a new order, and `order.paid` with it when it is added paid;
 * `order.updated` for a change, with `order.paid` when it became paid and
 * `order.refunded` when it became (partially) refunded.
 */
function orderEvents(change: Extract<StoreChange, { table: "orders" }>, event: Make): PendingEvent[] {
  if (change.action === "remove") return [];
  if (change.action === "insert") {
    return change.record.status === "paid"
      ? [event("order.created", "order"), event("order.paid", "order")]
      : [event("order.created", "order")];
  }
  const { previous, record } = change;
  if (!differs(previous, record, ["receipt_pending_polls"])) return [];
  const events = [event("order.updated", "order")];
  if (!PAID.includes(previous.status) && record.status === "paid") events.push(event("order.paid", "order"));
  if (
    record.status !== previous.status &&
    (record.status === "refunded" || record.status === "partially_refunded")
  )
    events.push(event("order.refunded", "order"));
  return events;
}

/**
 * `subscription.created` (and `.active` when it starts active); for a change,
 * `subscription.updated` and the specific event its new state means.
 */
function subscriptionEvents(
  change: Extract<StoreChange, { table: "subscriptions" }>,
  event: Make,
): PendingEvent[] {
  if (change.action === "remove") return [];
  if (change.action === "insert") {
    return change.record.status === "active"
      ? [event("subscription.created", "subscription"), event("subscription.active", "subscription")]
      : [event("subscription.created", "subscription")];
  }
  const { previous: before, record: after } = change;
  if (!differs(before, after, [])) return [];
  const events = [event("subscription.updated", "subscription")];
  const became = (status: string) => before.status !== status && after.status === status;
  if (became("active")) {
    events.push(
      event(before.status === "paused" ? "subscription.resumed" : "subscription.active", "subscription"),
    );
  }
  if (became("past_due")) events.push(event("subscription.past_due", "subscription"));
  if (became("paused")) events.push(event("subscription.paused", "subscription"));
  if (!before.cancel_at_period_end && after.cancel_at_period_end)
    events.push(event("subscription.canceled", "subscription"));
  if (before.cancel_at_period_end && !after.cancel_at_period_end && after.status === "active")
    events.push(event("subscription.uncanceled", "subscription"));
  if (became("canceled") || became("unpaid")) events.push(event("subscription.revoked", "subscription"));
  if (before.current_period_start !== after.current_period_start && after.status === "active")
    events.push(event("subscription.cycled", "subscription"));
  return events;
}

/** License keys are benefit grants: created, revoked, or updated when what the grant shows changes. */
function grantEvents(change: Extract<StoreChange, { table: "licenseKeys" }>, event: Make): PendingEvent[] {
  if (change.action === "remove") return [];
  if (change.action === "insert") return [event("benefit_grant.created", "benefit_grant")];
  const { previous, record } = change;
  if (previous.status !== "revoked" && record.status === "revoked")
    return [event("benefit_grant.revoked", "benefit_grant")];
  const shown: (keyof typeof record)[] = ["status", "key", "display_key", "customer_id", "benefit_id"];
  return shown.some((field) => previous[field] !== record[field])
    ? [event("benefit_grant.updated", "benefit_grant")]
    : [];
}

/** Whether two versions of a record differ in a field other than `ignored` ones. */
function differs<T extends object>(before: T, after: T, ignored: readonly string[]): boolean {
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (ignored.includes(key)) continue;
    if (before[key] !== after[key] && JSON.stringify(before[key]) !== JSON.stringify(after[key])) return true;
  }
  return false;
}
