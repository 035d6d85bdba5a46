/** What every builder works with: the store, the clock, ids, and finding the records a test names. */

import { benefitRecord, licenseKeyProperties } from "../factories/catalog.js";
import { SandboxUsageError, suggestion } from "../kit/usage.js";
import { iso } from "../state/clock.js";
import type { Random } from "../state/random.js";
import type { Benefit, Organization } from "../state/records.js";
import type { Records, Store } from "../state/store.js";

/** An organization by id or slug (`"acme"`, `"globex"`); the first one when left out. */
export type OrganizationRef = string;

/** A record given by what the builder returned, or by its id. */
export type Ref = string | { id: string };

export interface BuildContext {
  store: Store;
  now(): Date;
  random: Random;
  /** 1, 2, 3, …: numbers default names ("Customer 1"). */
  next(): number;
}

export function idOf(ref: Ref): string {
  return typeof ref === "string" ? ref : ref.id;
}

export function organization(
  ctx: BuildContext,
  ref: OrganizationRef | undefined,
  where: string,
): Organization {
  const all = [...ctx.store.organizations.values()];
  const found = ref === undefined ? all[0] : all.find((o) => o.id === ref || o.slug === ref);
  if (!found) {
    const slugs = all.map((o) => o.slug);
    throw new SandboxUsageError(
      `${where}: no organization ${JSON.stringify(ref)}${suggestion(String(ref), slugs)}; give an id or one of: ${slugs.join(", ")}`,
    );
  }
  return found;
}

const ADD_HINT: Partial<Record<keyof Records, string>> = {
  customers: "sandbox.add.customer()",
  products: "sandbox.add.product()",
  orders: "sandbox.add.order()",
  events: "sandbox.add.event()",
  discounts: "sandbox.add.discount()",
  customFields: "sandbox.add.customField()",
  meters: "sandbox.add.meter()",
  subscriptions: "sandbox.add.subscription()",
};

/** The record a test named, or an error saying how to make one. */
export function find<K extends keyof Records>(
  ctx: BuildContext,
  table: K,
  ref: Ref,
  where: string,
): Readonly<Records[K]> {
  const id = idOf(ref);
  const rows = ctx.store[table] as ReadonlyMap<string, Readonly<Records[K]>>;
  const found = rows.get(id);
  if (!found) {
    const hint = ADD_HINT[table] ? `; add it first with ${ADD_HINT[table]}` : "";
    throw new SandboxUsageError(`${where}: no ${table} record ${id} in this sandbox (was it reset?)${hint}`);
  }
  return found;
}

/** The same organization for records that must share one (a customer's order of a product). */
export function sameOrganization(
  where: string,
  a: { organization_id: string },
  b: { organization_id: string } | Organization,
  what: string,
): void {
  const other = "organization_id" in b ? b.organization_id : b.id;
  if (a.organization_id !== other)
    throw new SandboxUsageError(`${where}: ${what} belong to different organizations`);
}

/** The currency of the organization's catalog (its first product's), else usd. */
export function currencyOf(ctx: BuildContext, org: Organization): string {
  const price = [...ctx.store.products.values()].find((p) => p.organization_id === org.id)?.prices[0];
  return price?.price_currency ?? "usd";
}

/** A new license key benefit of the organization (the one keys are granted by). */
export function addLicenseKeyBenefit(ctx: BuildContext, org: Organization): Benefit {
  return ctx.store.insert(
    "benefits",
    benefitRecord({
      id: ctx.random.uuid(),
      created_at: iso(ctx.now()),
      organization_id: org.id,
      type: "license_keys",
      description: "License key",
      properties: licenseKeyProperties(org.slug.toUpperCase()),
    }),
  );
}

/** A date from a builder field (Date or ISO string), as the service writes it. */
export function isoOf(value: Date | string): string {
  return new Date(value).toISOString();
}
