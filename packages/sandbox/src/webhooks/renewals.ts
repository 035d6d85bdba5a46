/**
 * What the service does when time passes a subscription's period end, done when
 * the sandbox's clock is moved past it (`clock.advance`, `clock.set`; not as real
 * time runs):
 * - an active subscription renews: its period moves on one interval and a paid
 *   renewal order is made (`subscription.updated`, `subscription.cycled`,
 *   `order.created`, `order.paid`);
 * - a trial that ends becomes active the same way (`subscription.active` too);
 * - one set to cancel at period end ends: status `canceled`, `ended_at`
 *   (`subscription.updated`, `subscription.revoked`);
 * - a paused one whose `resumes_at` is reached resumes with a new period
 *   (`subscription.resumed`, `subscription.cycled`, and its order).
 * Past-due retries, pending plan changes and meter cycles are not simulated.
 * Boundaries are taken in time order across subscriptions; events carry the
 * boundary's instant as their timestamp.
 */
import { addDays, iso } from "../state/clock.js";
import type { Random } from "../state/random.js";
import type { RecurringInterval, SubscriptionRecord } from "../state/records.js";
import type { Store } from "../state/store.js";

/** One clock move crosses at most this many boundaries (years of daily renewals for a few subscriptions). */
const MAX_BOUNDARIES = 10_000;

export interface RenewalContext {
  store: Store;
  random(): Random;
  /** Runs `work` with events stamped at `instant`. */
  at(instant: Date, work: () => void): void;
}

export function passTime(ctx: RenewalContext, from: Date, to: Date): void {
  if (to <= from) return;
  for (let step = 0; step < MAX_BOUNDARIES; step++) {
    const next = nextBoundary(ctx.store, from, to);
    if (!next) return;
    ctx.at(next.instant, () => cross(ctx, next.subscription, next.instant));
  }
}

/** The earliest boundary after `from` and at or before `to`, of any subscription. */
function nextBoundary(
  store: Store,
  from: Date,
  to: Date,
): { subscription: SubscriptionRecord; instant: Date } | undefined {
  let found: { subscription: SubscriptionRecord; instant: Date } | undefined;
  for (const subscription of store.subscriptions.values()) {
    const instant = boundaryOf(subscription);
    if (!instant || instant <= from || instant > to) continue;
    if (!found || instant < found.instant) found = { subscription, instant };
  }
  return found;
}

/** When the subscription next changes by itself: its period end, or its resume date when paused. */
function boundaryOf(subscription: SubscriptionRecord): Date | undefined {
  if (subscription.status === "paused")
    return subscription.resumes_at ? new Date(subscription.resumes_at) : undefined;
  if (subscription.status !== "active" && subscription.status !== "trialing") return undefined;
  return new Date(subscription.current_period_end);
}

function cross(ctx: RenewalContext, subscription: SubscriptionRecord, instant: Date): void {
  const at = iso(instant);
  if (subscription.status !== "paused" && subscription.cancel_at_period_end) {
    ctx.store.update("subscriptions", subscription.id, {
      status: "canceled",
      ended_at: at,
      ends_at: subscription.ends_at ?? at,
      modified_at: at,
    });
    return;
  }
  const end = periodEnd(instant, subscription.recurring_interval, subscription.recurring_interval_count);
  ctx.store.update("subscriptions", subscription.id, {
    status: "active",
    current_period_start: at,
    current_period_end: iso(end),
    ...(subscription.current_meter_period_start === null
      ? {}
      : { current_meter_period_start: at, current_meter_period_end: iso(end) }),
    paused_at: null,
    resumes_at: null,
    modified_at: at,
  });
  renewalOrder(ctx, subscription, at);
}

function renewalOrder(ctx: RenewalContext, subscription: SubscriptionRecord, at: string): void {
  const customer = ctx.store.customers.get(subscription.customer_id);
  ctx.store.insert("orders", {
    id: ctx.random().uuid(),
    created_at: at,
    modified_at: null,
    organization_id: subscription.organization_id,
    customer_id: subscription.customer_id,
    product_id: subscription.product_id,
    subscription_id: subscription.id,
    status: "paid",
    net_amount: subscription.amount,
    tax_amount: 0,
    currency: subscription.currency,
    billing_name: customer?.billing_name ?? null,
    billing_address: customer?.billing_address ? { ...customer.billing_address } : null,
    invoice_generated_at: null,
    receipt_pending_polls: 0,
  });
}

/** One billing interval on: calendar months and years, as the service bills. */
function periodEnd(start: Date, interval: RecurringInterval, count: number): Date {
  const end = new Date(start);
  if (interval === "day") return addDays(start, count);
  if (interval === "week") return addDays(start, 7 * count);
  if (interval === "month") end.setUTCMonth(end.getUTCMonth() + count);
  else end.setUTCFullYear(end.getUTCFullYear() + count);
  return end;
}
