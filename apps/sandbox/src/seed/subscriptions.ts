import { addDays, iso } from "../clock.js";
import type { Discount, Organization, Price, ProductRecord, SubscriptionRecord } from "../records.js";
import type { SeededCatalog } from "./catalog.js";
import { daysAgo, type SeedContext } from "./context.js";
import type { SeededPeople } from "./customers.js";
import { type OrganizationProfile, type SubscriptionPlan, subscriptionPlans } from "./profiles.js";

const PERIOD_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;

/** One subscription per plan line: every status, cancellations, a pause, a pending seat change, meters. */
export function seedSubscriptions(
  ctx: SeedContext,
  organization: Organization,
  profile: OrganizationProfile,
  people: SeededPeople,
  catalog: SeededCatalog,
  discounts: Discount[],
): SubscriptionRecord[] {
  return subscriptionPlans(profile.customers).map((plan, index) => {
    const product = catalog.products.get(plan.product) as ProductRecord;
    const customer = people.customers.get(plan.customer);
    if (!customer) throw new Error(`seed bug: no customer ${plan.customer}`);
    const subscription = baseSubscription(ctx, organization, product, plan);
    subscription.customer_id = customer.id;
    subscription.discount_id = index === 0 ? (discounts[0]?.id ?? null) : null;
    subscription.meters = product.meter_interval ? seedMeterUsage(ctx, catalog, subscription) : [];
    applyStatus(ctx, subscription, plan, product);
    ctx.data.subscriptions.push(subscription);
    return subscription;
  });
}

function baseSubscription(
  ctx: SeedContext,
  organization: Organization,
  product: ProductRecord,
  plan: SubscriptionPlan,
): SubscriptionRecord {
  const interval = product.recurring_interval ?? "month";
  const started = daysAgo(ctx, plan.startedDaysAgo, 12 * 60);
  const periodDays = PERIOD_DAYS[interval];
  const elapsedPeriods = Math.floor(plan.startedDaysAgo / periodDays);
  const periodStart = addDays(started, elapsedPeriods * periodDays);
  const seats = product.prices[0]?.amount_type === "seat_based" ? ctx.random.int(3, 12) : null;
  return {
    id: ctx.random.uuid(),
    created_at: iso(started),
    modified_at: iso(periodStart),
    organization_id: organization.id,
    customer_id: "",
    product_id: product.id,
    amount: priceAmount(product.prices[0], seats),
    currency: product.prices[0]?.price_currency ?? "usd",
    recurring_interval: interval,
    recurring_interval_count: product.recurring_interval_count ?? 1,
    status: plan.status,
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
    checkout_id: ctx.random.uuid(),
    seats,
    customer_cancellation_reason: null,
    customer_cancellation_comment: null,
    meters: [],
    pending_update: null,
  };
}

function priceAmount(price: Price | undefined, seats: number | null): number {
  if (!price) return 0;
  if (price.amount_type === "seat_based")
    return (price.seat_tiers?.tiers[0]?.price_per_seat ?? 0) * (seats ?? 1);
  return price.amount_type === "fixed" ? price.price_amount : (price.preset_amount ?? price.minimum_amount);
}

/** Sets the timestamps and flags that go with the plan's status. */
function applyStatus(
  ctx: SeedContext,
  s: SubscriptionRecord,
  plan: SubscriptionPlan,
  product: ProductRecord,
): void {
  const started = new Date(s.started_at as string);
  switch (plan.status) {
    case "trialing":
      s.trial_start = s.started_at;
      s.trial_end = iso(addDays(started, product.trial_interval_count ?? 14));
      s.current_period_end = s.trial_end;
      break;
    case "past_due":
    case "unpaid":
      s.past_due_at = s.current_period_start;
      break;
    case "canceled": {
      const ended = addDays(started, Math.max(1, Math.floor(plan.startedDaysAgo / 2)));
      s.canceled_at = iso(addDays(ended, -3));
      s.ended_at = iso(ended);
      s.ends_at = iso(ended);
      s.current_period_end = iso(ended);
      const periodStart = addDays(ended, -PERIOD_DAYS[s.recurring_interval]);
      s.current_period_start = iso(periodStart < started ? started : periodStart);
      s.current_meter_period_start = s.current_meter_period_start && s.current_period_start;
      s.current_meter_period_end = s.current_meter_period_end && s.current_period_end;
      s.customer_cancellation_reason = ctx.random.pick(["too_expensive", "unused", "switched_service"]);
      s.customer_cancellation_comment = ctx.random.chance(0.5)
        ? "Thanks, it was great while it lasted."
        : null;
      break;
    }
    case "paused":
      s.paused_at = iso(daysAgo(ctx, 10));
      s.resumes_at = iso(addDays(ctx.now, 20));
      break;
    case "incomplete":
      s.started_at = null;
      break;
    default:
      break;
  }
  if (plan.cancelAtPeriodEnd) {
    s.cancel_at_period_end = true;
    s.canceled_at = iso(daysAgo(ctx, 4));
    s.ends_at = s.current_period_end;
    s.customer_cancellation_reason = "missing_features";
  }
  if (plan.pendingUpdate) {
    s.pending_update = {
      id: ctx.random.uuid(),
      created_at: iso(daysAgo(ctx, 2)),
      modified_at: null,
      applies_at: s.current_period_end,
      product_id: null,
      seats: (s.seats ?? 1) + 3,
    };
  }
}

function seedMeterUsage(ctx: SeedContext, catalog: SeededCatalog, s: SubscriptionRecord) {
  return [catalog.meters.api, catalog.meters.tokens].map((meter) => ({
    id: ctx.random.uuid(),
    created_at: s.created_at,
    modified_at: s.modified_at,
    consumed_units: ctx.random.int(0, 5000) + ctx.random.int(0, 9) / 10,
    credited_units: meter === catalog.meters.api ? 1000 : 0,
    amount: ctx.random.int(0, 2500),
    meter_id: meter.id,
  }));
}
