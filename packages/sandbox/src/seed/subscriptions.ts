import { applyCancelAtPeriodEnd, applyStatus, subscriptionRecord } from "../factories/billing.js";
import { iso } from "../state/clock.js";
import type { Discount, Organization, ProductRecord, SubscriptionRecord } from "../state/records.js";
import type { SeededCatalog } from "./catalog.js";
import { daysAgo, type SeedContext } from "./context.js";
import type { SeededPeople } from "./customers.js";
import { type OrganizationProfile, type SubscriptionPlan, subscriptionPlans } from "./profiles.js";

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
    applyPlan(ctx, subscription, plan, product);
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
  const started = daysAgo(ctx, plan.startedDaysAgo, 12 * 60);
  const seats = product.prices[0]?.amount_type === "seat_based" ? ctx.random.int(3, 12) : null;
  return subscriptionRecord({
    id: ctx.random.uuid(),
    organization_id: organization.id,
    customer_id: "",
    product,
    started,
    now: ctx.now,
    status: plan.status,
    checkout_id: ctx.random.uuid(),
    seats,
  });
}

/** Sets the timestamps and flags that go with the plan's status. */
function applyPlan(
  ctx: SeedContext,
  s: SubscriptionRecord,
  plan: SubscriptionPlan,
  product: ProductRecord,
): void {
  applyStatus(s, plan.status, {
    now: ctx.now,
    trialDays: product.trial_interval_count ?? 14,
    cancellationReason: () => ctx.random.pick(["too_expensive", "unused", "switched_service"]),
    cancellationComment: () => (ctx.random.chance(0.5) ? "Thanks, it was great while it lasted." : null),
  });
  if (plan.cancelAtPeriodEnd) applyCancelAtPeriodEnd(s, ctx.now);
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
