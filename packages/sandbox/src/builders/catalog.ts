/** Builders for the catalog: products, custom fields, discounts, checkout links and meters. */
import {
  Product as ProductSchema,
  ProductVisibilityValues,
  SubscriptionRecurringIntervalValues,
  TextCustomField,
  type Product as WireProduct,
} from "@commerce-api/schemas";
import {
  checkoutLinkRecord,
  customFieldRecord,
  customPriceFields,
  discountRecord,
  meterRecord,
  priceBase,
  productRecord,
} from "../factories/catalog.js";
import { presentProduct } from "../routes/present.js";
import { iso } from "../state/clock.js";
import type {
  CheckoutLink,
  CustomField,
  Discount,
  Metadata,
  Meter,
  Price,
  ProductRecord,
  RecurringInterval,
} from "../state/records.js";
import {
  addLicenseKeyBenefit,
  type BuildContext,
  currencyOf,
  find,
  type OrganizationRef,
  organization,
  type Ref,
  sameOrganization,
} from "./context.js";
import { checkInput, checkWire, type FieldsOf } from "./fields.js";

export type PriceInput =
  | { amount: number; currency?: string }
  | { amount_type: "custom"; minimum?: number; preset?: number | null; currency?: string };

export interface ProductInput {
  organization?: OrganizationRef;
  name?: string;
  description?: string | null;
  visibility?: "public" | "private" | "draft";
  /** The billing interval, or null for a one-time product; default "month". */
  recurring?: RecurringInterval | null;
  /** A free trial of this many days before the first charge. */
  trialDays?: number;
  /** Default: one fixed price of 1000 (in cents) in the organization's currency. */
  prices?: PriceInput[];
  metadata?: Metadata;
  archived?: boolean;
  /** Give the product a license key benefit (the one `licenseKey()` uses by default). */
  licenseKeys?: boolean;
  /** Custom fields asked at checkout (the first one required). */
  customFields?: Ref[];
}

const PRODUCT_FIELDS = {
  organization: "string",
  name: "string",
  description: { type: "string", nullable: true },
  visibility: ProductVisibilityValues,
  recurring: { type: SubscriptionRecurringIntervalValues, nullable: true },
  trialDays: "integer",
  prices: "array",
  metadata: "record",
  archived: "boolean",
  licenseKeys: "boolean",
  customFields: "refs",
} as const satisfies FieldsOf<ProductInput>;

export function addProduct(ctx: BuildContext, input: ProductInput = {}): WireProduct {
  const where = "sandbox.add.product";
  checkInput(where, input, PRODUCT_FIELDS);
  const org = organization(ctx, input.organization, where);
  const createdAt = iso(ctx.now());
  const fields = (input.customFields ?? []).map((ref) => find(ctx, "customFields", ref, where));
  for (const field of fields) sameOrganization(where, field, org, "the product and its custom field");
  const product = productRecord({
    id: ctx.random.uuid(),
    created_at: createdAt,
    organization_id: org.id,
    name: input.name ?? `Product ${ctx.next()}`,
    description: input.description ?? null,
    visibility: input.visibility ?? "public",
    recurring_interval: input.recurring === undefined ? "month" : input.recurring,
    is_archived: input.archived ?? false,
    metadata: { ...input.metadata },
    trial_interval: input.trialDays ? "day" : null,
    trial_interval_count: input.trialDays ?? null,
    custom_fields: fields.map((field, order) => ({
      custom_field_id: field.id,
      order,
      required: order === 0,
    })),
  });
  const currency = currencyOf(ctx, org);
  product.prices = (input.prices ?? [{ amount: 1000 }]).map((price, i) =>
    makePrice(ctx.random.uuid(), product, checkPrice(where, price, i), currency),
  );
  const shown = presentProduct(ctx.store, product);
  checkWire(where, "product", ProductSchema, shown);
  if (input.licenseKeys) product.benefit_ids = [addLicenseKeyBenefit(ctx, org).id];
  ctx.store.insert("products", product);
  return presentProduct(ctx.store, product);
}

function checkPrice(where: string, price: unknown, index: number): PriceInput {
  const at = `${where}: prices[${index}]`;
  if (typeof price === "object" && price !== null && "amount_type" in price)
    return checkInput(at, price, {
      amount_type: ["custom"],
      minimum: "integer",
      preset: { type: "integer", nullable: true },
      currency: "string",
    } satisfies FieldsOf<Extract<PriceInput, { amount_type: "custom" }>>);
  return checkInput(at, price, {
    amount: { type: "integer", required: 'the price in cents, e.g. 1000 (or { amount_type: "custom" })' },
    currency: "string",
  } satisfies FieldsOf<Exclude<PriceInput, { amount_type: "custom" }>>);
}

function makePrice(id: string, product: ProductRecord, input: PriceInput, currency: string): Price {
  const base = priceBase(product, { id, currency: input.currency ?? currency });
  if ("amount" in input) return { ...base, amount_type: "fixed", price_amount: input.amount };
  return { ...base, ...customPriceFields(input.minimum ?? 50, input.preset ?? null) };
}

export interface CustomFieldInput {
  organization?: OrganizationRef;
  name?: string;
  slug?: string;
  label?: string;
  placeholder?: string;
  textarea?: boolean;
  /** Products that ask for it at checkout. */
  products?: Ref[];
}

export function addCustomField(ctx: BuildContext, input: CustomFieldInput = {}): CustomField {
  const where = "sandbox.add.customField";
  checkInput(where, input, {
    organization: "string",
    name: "string",
    slug: "string",
    label: "string",
    placeholder: "string",
    textarea: "boolean",
    products: "refs",
  } satisfies FieldsOf<CustomFieldInput>);
  const org = organization(ctx, input.organization, where);
  const products = (input.products ?? []).map((ref) => find(ctx, "products", ref, where));
  for (const product of products) sameOrganization(where, product, org, "the custom field and its product");
  const n = ctx.next();
  const name = input.name ?? `Field ${n}`;
  const field = customFieldRecord({
    id: ctx.random.uuid(),
    created_at: iso(ctx.now()),
    organization_id: org.id,
    name,
    slug:
      input.slug ??
      (name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_|_$/g, "") ||
        `field_${n}`),
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.placeholder !== undefined ? { placeholder: input.placeholder } : {}),
    ...(input.textarea !== undefined ? { textarea: input.textarea } : {}),
  });
  checkWire(where, "custom field", TextCustomField, field);
  ctx.store.insert("customFields", field);
  for (const product of products) {
    const attached = product.custom_fields;
    ctx.store.update("products", product.id, {
      custom_fields: [...attached, { custom_field_id: field.id, order: attached.length, required: false }],
    });
  }
  return structuredClone(field);
}

export interface DiscountInput {
  organization?: OrganizationRef;
  name?: string;
  code?: string | null;
  /** "percentage": `amount` in basis points (1000 = 10%); "fixed": in cents. */
  type?: "percentage" | "fixed";
  amount?: number;
  duration?: "once" | "forever" | "repeating";
}

export function addDiscount(ctx: BuildContext, input: DiscountInput = {}): Discount {
  const where = "sandbox.add.discount";
  checkInput(where, input, {
    organization: "string",
    name: "string",
    code: { type: "string", nullable: true },
    type: ["percentage", "fixed"],
    amount: "integer",
    duration: ["once", "forever", "repeating"],
  } satisfies FieldsOf<DiscountInput>);
  const org = organization(ctx, input.organization, where);
  const n = ctx.next();
  const discount = discountRecord({
    id: ctx.random.uuid(),
    created_at: iso(ctx.now()),
    organization_id: org.id,
    name: input.name ?? `Discount ${n}`,
    code: input.code === undefined ? `SAVE${n}` : input.code,
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.amount !== undefined ? { amount: input.amount } : {}),
    ...(input.duration !== undefined ? { duration: input.duration } : {}),
  });
  ctx.store.insert("discounts", discount);
  return structuredClone(discount);
}

export interface CheckoutLinkInput {
  organization?: OrganizationRef;
  label?: string | null;
  /** What it sells; default a new product. */
  products?: Ref[];
}

export function addCheckoutLink(ctx: BuildContext, input: CheckoutLinkInput = {}): CheckoutLink {
  const where = "sandbox.add.checkoutLink";
  checkInput(where, input, {
    organization: "string",
    label: { type: "string", nullable: true },
    products: "refs",
  } satisfies FieldsOf<CheckoutLinkInput>);
  const org = organization(ctx, input.organization, where);
  const products =
    input.products === undefined
      ? [find(ctx, "products", addProduct(ctx, { organization: org.id }), where)]
      : input.products.map((ref) => find(ctx, "products", ref, where));
  for (const product of products) sameOrganization(where, product, org, "the checkout link and its product");
  const link = checkoutLinkRecord({
    id: ctx.random.uuid(),
    created_at: iso(ctx.now()),
    organization_id: org.id,
    label: input.label ?? null,
    url: `https://buy.sandbox.invalid/${org.slug}/${ctx.random.string(16, "abcdefghijklmnopqrstuvwxyz0123456789")}`,
    product_ids: products.map((p) => p.id),
  });
  ctx.store.insert("checkoutLinks", link);
  return structuredClone(link);
}

export interface MeterInput {
  organization?: OrganizationRef;
  name?: string;
  /** The event name it counts (`sandbox.add.event({ meter })` sends these); default "api.request". */
  eventName?: string;
}

/** A meter: `listEvents({ meter_id })` lists the events it counts. */
export function addMeter(ctx: BuildContext, input: MeterInput = {}): Meter {
  const where = "sandbox.add.meter";
  checkInput(where, input, {
    organization: "string",
    name: "string",
    eventName: "string",
  } satisfies FieldsOf<MeterInput>);
  const org = organization(ctx, input.organization, where);
  const meter = meterRecord({
    id: ctx.random.uuid(),
    created_at: iso(ctx.now()),
    organization_id: org.id,
    name: input.name ?? `Meter ${ctx.next()}`,
    eventName: input.eventName ?? "api.request",
  });
  ctx.store.insert("meters", meter);
  return structuredClone(meter);
}

/** The event name a meter counts (the `name eq` clause the builders write). */
export function meterEventName(meter: Meter): string | undefined {
  const clause = "clauses" in meter.filter ? meter.filter.clauses[0] : meter.filter;
  return clause && "property" in clause && clause.property === "name" ? String(clause.value) : undefined;
}
