/**
 * Record factories for subscriptions (with the lifecycle fields each status
 * sets), orders, refunds and disputes. See people.ts.
 */
import { addDays, iso } from "../state/clock.js";
import type {
  Customer,
  Dispute,
  OrderRecord,
  Price,
  ProductRecord,
  Refund,
  SubscriptionRecord,
  SubscriptionStatus,
} from "../state/records.js";

type Given<T, Required extends keyof T> = Pick<T, Required> & Partial<T>;

export const PERIOD_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;
const DAY_MS = 86_400_000;

/** What a subscription costs per period: the first price (seat-based: per seat). */
export function priceAmount(price: Price | undefined, seats: number | null): number {
  if (!price) return 0;
  if (price.amount_type === "seat_based")
    return (price.seat_tiers?.tiers[0]?.price_per_seat ?? 0) * (seats ?? 1);
  return price.amount_type === "fixed" ? price.price_amount : (price.preset_amount ?? price.minimum_amount);
}

/** An active subscription to `product` that started at `started`, in its current period at `now`. */
export function subscriptionRecord(
  init: Given<SubscriptionRecord, "id" | "organization_id" | "customer_id" | "checkout_id"> & {
    product: ProductRecord;
    started: Date;
    now: Date;
  },
): SubscriptionRecord {
  const { product, started, now, ...fields } = init;
  const interval = product.recurring_interval ?? "month";
  const periodDays = PERIOD_DAYS[interval];
  const elapsedPeriods = Math.floor((now.getTime() - started.getTime()) / DAY_MS / periodDays);
  const periodStart = addDays(started, Math.max(0, elapsedPeriods) * periodDays);
  const seats = fields.seats ?? null;
  return {
    created_at: iso(started),
    modified_at: iso(periodStart),
    product_id: product.id,
    amount: priceAmount(product.prices[0], seats),
    currency: product.prices[0]?.price_currency ?? "usd",
    recurring_interval: interval,
    recurring_interval_count: product.recurring_interval_count ?? 1,
    status: "active",
    current_period_start: iso(periodStart),
    current_period_end: iso(addDays(periodStart, periodDays)),
    current_meter_period_start: product.meter_interval ? iso(periodStart) : null,
    current_meter_period_end: product.meter_interval ? iso(addDays(periodStart, 30)) : null,
    trial_start: null,
    trial_end: null,
    cancel_at_period_end: false,
    canceled_at: null,
    started_at: iso(started),
    ends_at: null,
    ended_at: null,
    past_due_at: null,
    pause_at_period_end: false,
    paused_at: null,
    resumes_at: null,
    discount_id: null,
    seats,
    customer_cancellation_reason: null,
    customer_cancellation_comment: null,
    meters: [],
    pending_update: null,
    ...fields,
  };
}

export interface LifecycleChoices {
  now: Date;
  /** Length of a trial, in days. */
  trialDays: number;
  /** Called only for a canceled subscription, so the seed's random draws stay in order. */
  cancellationReason(): string;
  cancellationComment(): string | null;
}

/** Sets the timestamps and flags that go with `status` (as the service shows them). */
export function applyStatus(
  s: SubscriptionRecord,
  status: SubscriptionStatus,
  choices: LifecycleChoices,
): void {
  const started = new Date(s.started_at as string);
  s.status = status;
  switch (status) {
    case "trialing":
      s.trial_start = s.started_at;
      s.trial_end = iso(addDays(started, choices.trialDays));
      s.current_period_end = s.trial_end;
      break;
    case "past_due":
    case "unpaid":
      s.past_due_at = s.current_period_start;
      break;
    case "canceled": {
      const ageDays = Math.floor((choices.now.getTime() - started.getTime()) / DAY_MS);
      const ended = addDays(started, Math.max(1, Math.floor(ageDays / 2)));
      s.canceled_at = iso(addDays(ended, -3));
      s.ended_at = iso(ended);
      s.ends_at = iso(ended);
      s.current_period_end = iso(ended);
      const periodStart = addDays(ended, -PERIOD_DAYS[s.recurring_interval]);
      s.current_period_start = iso(periodStart < started ? started : periodStart);
      s.current_meter_period_start = s.current_meter_period_start && s.current_period_start;
      s.current_meter_period_end = s.current_meter_period_end && s.current_period_end;
      s.customer_cancellation_reason = choices.cancellationReason();
      s.customer_cancellation_comment = choices.cancellationComment();
      break;
    }
    case "paused":
      s.paused_at = iso(addDays(choices.now, -10));
      s.resumes_at = iso(addDays(choices.now, 20));
      break;
    case "incomplete":
    case "incomplete_expired":
      s.started_at = null;
      break;
    default:
      break;
  }
}

/** Canceled by the customer, running until the period's end. */
export function applyCancelAtPeriodEnd(s: SubscriptionRecord, now: Date, reason = "missing_features"): void {
  s.cancel_at_period_end = true;
  s.canceled_at = iso(addDays(now, -4));
  s.ends_at = s.current_period_end;
  s.customer_cancellation_reason = reason;
}

export function orderRecord(
  init: Given<OrderRecord, "id" | "created_at" | "organization_id" | "customer_id"> & {
    product: ProductRecord;
    customer: Pick<Customer, "billing_name" | "billing_address">;
  },
): OrderRecord {
  const { product, customer, ...fields } = init;
  const price = product.prices[0];
  const status = fields.status ?? "paid";
  return {
    modified_at: null,
    product_id: product.id,
    subscription_id: null,
    status,
    net_amount: priceAmount(price, null),
    tax_amount: 0,
    currency: price?.price_currency ?? "usd",
    billing_name: customer.billing_name,
    billing_address: customer.billing_address ? { ...customer.billing_address } : null,
    invoice_generated_at: null,
    receipt_pending_polls: status === "pending" ? 2 : 0,
    ...fields,
  };
}

/** A refund of `order` (the whole net amount unless `amount` says otherwise). */
export function refundRecord(init: Given<Refund, "id" | "created_at"> & { order: OrderRecord }): Refund {
  const { order, ...fields } = init;
  const amount = fields.amount ?? order.net_amount;
  return {
    modified_at: null,
    metadata: {},
    status: "succeeded",
    reason: "customer_request",
    amount,
    tax_amount: Math.round((amount * order.tax_amount) / Math.max(order.net_amount, 1)),
    currency: order.currency,
    organization_id: order.organization_id,
    order_id: order.id,
    subscription_id: order.subscription_id,
    customer_id: order.customer_id,
    revoke_benefits: false,
    dispute: null,
    ...fields,
  };
}

export function disputeRecord(
  init: Given<Dispute, "id" | "payment_id" | "status"> & { order: OrderRecord },
): Dispute {
  const { order, ...fields } = init;
  return {
    created_at: iso(addDays(new Date(order.created_at), 1)),
    modified_at: null,
    closed: fields.status === "prevented" || fields.status === "lost" || fields.status === "won",
    resolved: false,
    amount: order.net_amount,
    tax_amount: order.tax_amount,
    currency: order.currency,
    reason: "fraudulent",
    evidence_due_by: null,
    past_due: false,
    order_id: order.id,
    ...fields,
  };
}
