import { activationRecord, licenseKeyRecord } from "../factories/usage.js";
import { addDays, iso } from "../state/clock.js";
import type { Benefit, ConditionValue, Customer, LicenseKeyStatus, Organization } from "../state/records.js";
import type { SeededCatalog } from "./catalog.js";
import { daysAgo, type SeedContext } from "./context.js";
import type { SeededPeople } from "./customers.js";
import type { OrganizationProfile } from "./profiles.js";

interface KeyPlan {
  customer: number;
  benefit: "desktop_license" | "api_license";
  status: LicenseKeyStatus;
  limitActivations: number | null;
  limitUsage: number | null;
  usage: number;
  /** Days from now; negative: already expired; null: never expires. */
  expiresInDays: number | null;
  /** `os`: the system a device's name implies (a MacBook runs macOS); otherwise drawn. */
  activations: { label: string; os?: string; conditions?: Record<string, ConditionValue> }[];
  /** The key is held by the customer's first seat member (a team customer's). */
  heldByMember?: true;
  /** What granted the key: the customer's first active subscription, or first paid one-time order. */
  grantedBy?: "subscription" | "order";
}

/** Every status, with activations; an expired key, one near its usage limit, one with conditions. */
const KEY_PLANS: KeyPlan[] = [
  {
    customer: 0,
    benefit: "desktop_license",
    status: "granted",
    limitActivations: 3,
    limitUsage: null,
    usage: 0,
    expiresInDays: null,
    activations: [
      { label: "MacBook Pro", os: "macos", conditions: { major_version: 2, platform: "macos" } },
      { label: "Office iMac", os: "macos" },
    ],
    grantedBy: "subscription",
  },
  {
    customer: 1,
    benefit: "desktop_license",
    status: "granted",
    limitActivations: 1,
    limitUsage: 10,
    usage: 9,
    expiresInDays: 200,
    activations: [{ label: "ThinkPad", os: "windows" }],
  },
  {
    customer: 2,
    benefit: "desktop_license",
    status: "revoked",
    limitActivations: 3,
    limitUsage: null,
    usage: 0,
    expiresInDays: null,
    activations: [{ label: "Old laptop" }],
  },
  {
    customer: 4,
    benefit: "desktop_license",
    status: "disabled",
    limitActivations: 3,
    limitUsage: null,
    usage: 0,
    expiresInDays: null,
    activations: [{ label: "Studio PC", os: "windows" }],
  },
  {
    customer: 0,
    benefit: "api_license",
    status: "granted",
    limitActivations: null,
    limitUsage: 10000,
    usage: 1234,
    expiresInDays: 240,
    activations: [],
    grantedBy: "order",
  },
  {
    customer: 2,
    benefit: "api_license",
    status: "granted",
    limitActivations: 2,
    limitUsage: 10000,
    usage: 40,
    expiresInDays: -5,
    activations: [{ label: "CI runner" }],
  },
  {
    customer: 3,
    benefit: "api_license",
    status: "granted",
    limitActivations: null,
    limitUsage: null,
    usage: 77,
    expiresInDays: null,
    activations: [{ label: "Build server" }, { label: "Staging", conditions: { environment: "staging" } }],
    heldByMember: true,
    grantedBy: "subscription",
  },
];

export function seedLicenseKeys(
  ctx: SeedContext,
  organization: Organization,
  profile: OrganizationProfile,
  people: SeededPeople,
  catalog: SeededCatalog,
): void {
  const prefix = profile.brand.toUpperCase();
  for (const plan of KEY_PLANS) {
    const handle = profile.customers[plan.customer % profile.customers.length]?.handle as string;
    const customer = people.customers.get(handle) as Customer;
    const benefit = catalog.benefits.get(plan.benefit) as Benefit;
    const createdAt = daysAgo(ctx, ctx.random.int(40, 150), 600);
    const key = `${prefix}-${ctx.random.uuid().toUpperCase()}`;
    const record = licenseKeyRecord({
      id: ctx.random.uuid(),
      created_at: iso(createdAt),
      organization_id: organization.id,
      customer_id: customer.id,
      benefit_id: benefit.id,
      key,
      status: plan.status,
      limit_activations: plan.limitActivations,
      usage: plan.usage,
      limit_usage: plan.limitUsage,
      validations: plan.usage > 0 ? ctx.random.int(1, 50) : 0,
      last_validated_at: plan.usage > 0 ? iso(daysAgo(ctx, ctx.random.int(1, 20), 600)) : null,
      expires_at: plan.expiresInDays === null ? null : iso(addDays(ctx.now, plan.expiresInDays)),
      ...grantsOf(ctx, plan, customer),
    });
    ctx.data.licenseKeys.push(record);
    plan.activations.forEach((spec, i) => {
      // Drawn for every device, so the rest of the seed stays as it was; a named system wins.
      const drawnOs = ctx.random.pick(["macos", "windows", "linux"]);
      const activation = activationRecord({
        id: ctx.random.uuid(),
        license_key_id: record.id,
        label: spec.label,
        meta: {
          os: spec.os ?? drawnOs,
          app_version: `2.${ctx.random.int(0, 9)}.${i}`,
        },
        conditions: spec.conditions ?? {},
        created_at: iso(addDays(createdAt, i + 1)),
      });
      ctx.data.activations.push(activation);
    });
  }
}

/**
 * Who holds a key and what granted it, found among the customer's seeded records (nothing is
 * drawn, so the rest of the seed stays as it was); null where the customer has none.
 */
function grantsOf(ctx: SeedContext, plan: KeyPlan, customer: Customer) {
  const own = <T extends { customer_id: string }>(rows: readonly T[]) =>
    rows.filter((row) => row.customer_id === customer.id);
  const member = plan.heldByMember ? own(ctx.data.members)[0] : undefined;
  const subscription =
    plan.grantedBy === "subscription"
      ? own(ctx.data.subscriptions).find((candidate) => candidate.status === "active")
      : undefined;
  const order =
    plan.grantedBy === "order"
      ? own(ctx.data.orders).find(
          (candidate) => candidate.status === "paid" && candidate.subscription_id === null,
        )
      : undefined;
  return {
    member_id: member?.id ?? null,
    subscription_id: subscription?.id ?? null,
    order_id: order?.id ?? null,
  };
}
