/**
 * Scenario builders: `sandbox.add.customer()`, `.product()`, `.licenseKey()`,
 * `.order()`, `.event()`, `.customerSession()`. Each fills realistic defaults,
 * writes into the sandbox's store and returns what it made, in the wire shape
 * the API answers with (typed from @commerce-api/schemas), so a test can use
 * the ids and keys right away. `reset()` takes the sandbox back to its seed,
 * without what was added.
 */
import type {
  LicenseKeyWithActivations,
  Customer as WireCustomer,
  Event as WireEvent,
  Product as WireProduct,
} from "@commerce-api/schemas";
import { type Duration, durationMs, iso } from "./clock.js";
import {
  activationsOf,
  presentActivation,
  presentCustomer,
  presentEvent,
  presentLicenseKey,
  presentProduct,
} from "./present.js";
import { createRandom } from "./random.js";
import type {
  ActivationRecord,
  Benefit,
  ConditionValue,
  Customer,
  LicenseKeyRecord,
  LicenseKeyStatus,
  Metadata,
  OrderRecord,
  OrderStatus,
  Organization,
  Price,
  ProductRecord,
  RecurringInterval,
} from "./records.js";
import type { Store } from "./store.js";

/** An organization by id or slug (`"acme"`, `"globex"`); the first one when left out. */
export type OrganizationRef = string;

/** A record given by what the builder returned, or by its id. */
export type Ref = string | { id: string };

export interface CustomerInput {
  organization?: OrganizationRef;
  name?: string;
  email?: string;
  external_id?: string | null;
  type?: "individual" | "team";
  metadata?: Metadata;
  /** Billing name and address (needed for invoices); default true. */
  billing?: boolean;
}

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
  /** Default: one fixed price of 1000 (in cents) in the organization's currency. */
  prices?: PriceInput[];
  metadata?: Metadata;
  archived?: boolean;
  /** Give the product a license key benefit (the one `licenseKey()` uses by default). */
  licenseKeys?: boolean;
}

export interface ActivationInput {
  label?: string;
  meta?: Record<string, ConditionValue>;
  /** A validation naming this activation must send exactly these. */
  conditions?: Record<string, ConditionValue>;
}

export interface LicenseKeyInput {
  customer: Ref;
  /** A product with license keys, whose benefit grants the key; default: a new license key benefit. */
  product?: Ref;
  key?: string;
  status?: LicenseKeyStatus;
  /** When it expires: an instant, or a length of time from the sandbox's now; default never. */
  expiresAt?: Date | string | null;
  expiresIn?: Duration;
  limitActivations?: number | null;
  limitUsage?: number | null;
  usage?: number;
  activations?: ActivationInput[];
}

export interface OrderInput {
  customer: Ref;
  product: Ref;
  status?: OrderStatus;
  /** Net amount in cents; default the product's first price. */
  amount?: number;
  /** "pending": the receipt answers 202 twice before it is ready. Default "ready". */
  receipt?: "ready" | "pending";
}

/** An order as the sandbox keeps it (no operation lists orders; they back invoices and receipts). */
export type SandboxOrder = Omit<OrderRecord, "receipt_pending_polls">;

export interface EventInput {
  organization?: OrganizationRef;
  name?: string;
  customer?: Ref;
  metadata?: Record<string, unknown>;
  /** Default: the sandbox's now. */
  timestamp?: Date | string;
  parent?: Ref;
}

export interface Builders {
  customer(input?: CustomerInput): WireCustomer;
  /** A customer session token for this customer (for the customer portal operations). */
  customerSession(customer: Ref): string;
  product(input?: ProductInput): WireProduct;
  licenseKey(input: LicenseKeyInput): LicenseKeyWithActivations;
  order(input: OrderInput): SandboxOrder;
  event(input?: EventInput): WireEvent;
}

/** The builders' names, as `POST /__sandbox/add/<kind>` accepts them. */
export const BUILDER_KINDS = [
  "customer",
  "customerSession",
  "product",
  "licenseKey",
  "order",
  "event",
] as const satisfies readonly (keyof Builders)[];

export type BuilderKind = (typeof BUILDER_KINDS)[number];

export interface BuilderContext {
  store: Store;
  now(): Date;
  /** The sandbox's seed number: builders' ids follow from it, the same after every reset. */
  seed: number;
}

/** The builders, and their reset: ids and names start over, so a test sees the same ones in any order. */
export function createBuilders(context: BuilderContext): Builders & { reset(): void } {
  let counter = 0;
  const next = () => ++counter;
  const builderSeed = context.seed ^ 0x5eed;
  const ctx = { store: () => context.store, now: context.now, random: createRandom(builderSeed) };

  function organization(ref: OrganizationRef | undefined): Organization {
    const all = [...ctx.store().organizations.values()];
    const found = ref === undefined ? all[0] : all.find((o) => o.id === ref || o.slug === ref);
    if (!found) {
      const known = all.map((o) => o.slug).join(", ");
      throw new Error(`sandbox.add: no organization ${JSON.stringify(ref)}; give an id or one of: ${known}`);
    }
    return found;
  }

  function find<T>(table: ReadonlyMap<string, T>, ref: Ref, what: string): T {
    const id = typeof ref === "string" ? ref : ref.id;
    const found = table.get(id);
    if (!found)
      throw new Error(`sandbox.add: no ${what} ${id} in the sandbox; add it first (or was it reset?)`);
    return found;
  }

  function currencyOf(org: Organization): string {
    const price = [...ctx.store().products.values()].find((p) => p.organization_id === org.id)?.prices[0];
    return price?.price_currency ?? "usd";
  }

  function licenseKeyBenefit(org: Organization, createdAt: string): Benefit {
    const benefit: Benefit = {
      id: ctx.random.uuid(),
      created_at: createdAt,
      modified_at: null,
      type: "license_keys",
      description: "License key",
      selectable: true,
      deletable: true,
      is_deleted: false,
      organization_id: org.id,
      metadata: {},
      visibility: "public",
      properties: { prefix: org.slug.toUpperCase(), expires: null, activations: null, limit_usage: null },
      visibility_configurable: false,
    };
    ctx.store().insert("benefits", benefit);
    return benefit;
  }

  return {
    reset() {
      counter = 0;
      ctx.random = createRandom(builderSeed);
    },

    customer(input = {}) {
      const org = organization(input.organization);
      const n = next();
      const name = input.name ?? `Customer ${n}`;
      const slug =
        name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ".")
          .replace(/^\.|\.$/g, "") || `customer${n}`;
      const billing = input.billing ?? true;
      const customer: Customer = {
        id: ctx.random.uuid(),
        created_at: iso(ctx.now()),
        modified_at: null,
        metadata: { ...input.metadata },
        external_id: input.external_id ?? null,
        email: input.email ?? `${slug}@example.com`,
        email_verified: true,
        type: input.type ?? "individual",
        name,
        billing_name: billing ? name : null,
        billing_address: billing
          ? {
              line1: "1 Main Street",
              line2: null,
              postal_code: "94107",
              city: "San Francisco",
              state: "US-CA",
              country: "US",
            }
          : null,
        tax_id: null,
        locale: "en",
        organization_id: org.id,
        default_payment_method_id: null,
        deleted_at: null,
        first_user_event_at: null,
        avatar_url: `https://avatars.sandbox.invalid/${org.slug}/${slug}.png`,
      };
      ctx.store().insert("customers", customer);
      return presentCustomer(customer);
    },

    customerSession(ref) {
      const customer = find(ctx.store().customers, ref, "customer");
      const org = organization(customer.organization_id);
      const token = `polar_cst_${org.slug}_${customer.id.slice(0, 8)}`;
      ctx.store().insert("tokens", {
        token,
        kind: "customer_session",
        organization_id: org.id,
        scopes: ["customer_portal:read", "customer_portal:write"],
        customer_id: customer.id,
        label: `${customer.name ?? customer.email}: customer session`,
      });
      return token;
    },

    product(input = {}) {
      const org = organization(input.organization);
      const n = next();
      const createdAt = iso(ctx.now());
      const recurring = input.recurring === undefined ? "month" : input.recurring;
      const product: ProductRecord = {
        id: ctx.random.uuid(),
        created_at: createdAt,
        modified_at: null,
        organization_id: org.id,
        name: input.name ?? `Product ${n}`,
        description: input.description === undefined ? null : input.description,
        visibility: input.visibility ?? "public",
        is_recurring: recurring !== null,
        is_archived: input.archived ?? false,
        metadata: { ...input.metadata },
        recurring_interval: recurring,
        recurring_interval_count: recurring ? 1 : null,
        trial_interval: null,
        trial_interval_count: null,
        meter_interval: null,
        meter_interval_count: null,
        prices: [],
        benefit_ids: input.licenseKeys ? [licenseKeyBenefit(org, createdAt).id] : [],
        media_ids: [],
        custom_fields: [],
      };
      const currency = currencyOf(org);
      product.prices = (input.prices ?? [{ amount: 1000 }]).map((price) =>
        makePrice(ctx.random.uuid(), product, price, currency),
      );
      ctx.store().insert("products", product);
      return presentProduct(ctx.store(), product);
    },

    licenseKey(input) {
      const store = ctx.store();
      const customer = find(store.customers, input.customer, "customer");
      const org = organization(customer.organization_id);
      const now = ctx.now();
      const product =
        input.product === undefined ? undefined : find(store.products, input.product, "product");
      const benefit =
        product?.benefit_ids.map((id) => store.benefits.get(id)).find((b) => b?.type === "license_keys") ??
        licenseKeyBenefit(org, iso(now));
      const key = input.key ?? `${org.slug.toUpperCase()}-${ctx.random.uuid().toUpperCase()}`;
      const expiresAt =
        input.expiresAt != null
          ? iso(new Date(input.expiresAt))
          : input.expiresIn !== undefined
            ? iso(new Date(now.getTime() + durationMs(input.expiresIn)))
            : null;
      const record: LicenseKeyRecord = {
        id: ctx.random.uuid(),
        created_at: iso(now),
        modified_at: null,
        organization_id: org.id,
        customer_id: customer.id,
        benefit_id: benefit.id,
        key,
        display_key: `****-${key.slice(-6)}`,
        status: input.status ?? "granted",
        limit_activations: input.limitActivations ?? null,
        usage: input.usage ?? 0,
        limit_usage: input.limitUsage ?? null,
        validations: 0,
        last_validated_at: null,
        expires_at: expiresAt,
      };
      store.insert("licenseKeys", record);
      (input.activations ?? []).forEach((spec, i) => {
        const activation: ActivationRecord = {
          id: ctx.random.uuid(),
          license_key_id: record.id,
          label: spec.label ?? `Device ${i + 1}`,
          meta: { ...spec.meta },
          conditions: { ...spec.conditions },
          // A millisecond apart, so activations list in the order given.
          created_at: iso(new Date(now.getTime() + i)),
          modified_at: null,
        };
        store.insert("activations", activation);
      });
      return {
        ...presentLicenseKey(store, record),
        activations: activationsOf(store, record.id).map(presentActivation),
      };
    },

    order(input) {
      const store = ctx.store();
      const customer = find(store.customers, input.customer, "customer");
      const product = find(store.products, input.product, "product");
      if (product.organization_id !== customer.organization_id)
        throw new Error("sandbox.add.order: the customer and the product belong to different organizations");
      const price = product.prices[0];
      const order: OrderRecord = {
        id: ctx.random.uuid(),
        created_at: iso(ctx.now()),
        modified_at: null,
        organization_id: customer.organization_id,
        customer_id: customer.id,
        product_id: product.id,
        subscription_id: null,
        status: input.status ?? "paid",
        net_amount:
          input.amount ??
          (price?.amount_type === "fixed"
            ? price.price_amount
            : price?.amount_type === "custom"
              ? price.minimum_amount
              : 0),
        tax_amount: 0,
        currency: price?.price_currency ?? "usd",
        billing_name: customer.billing_name,
        billing_address: customer.billing_address ? { ...customer.billing_address } : null,
        invoice_generated_at: null,
        receipt_pending_polls: input.receipt === "pending" ? 2 : 0,
      };
      store.insert("orders", order);
      const { receipt_pending_polls: _polls, ...shown } = order;
      return structuredClone(shown);
    },

    event(input = {}) {
      const store = ctx.store();
      const customer =
        input.customer === undefined ? undefined : find(store.customers, input.customer, "customer");
      const org = organization(input.organization ?? customer?.organization_id);
      const parent = input.parent === undefined ? undefined : find(store.events, input.parent, "event");
      const name = input.name ?? "api.request";
      const event = {
        id: ctx.random.uuid(),
        timestamp: iso(input.timestamp === undefined ? ctx.now() : new Date(input.timestamp)),
        organization_id: org.id,
        customer_id: customer?.id ?? null,
        external_customer_id: customer?.external_id ?? null,
        member_id: null,
        external_member_id: null,
        parent_id: parent?.id ?? null,
        label: name,
        name,
        source: "user" as const,
        metadata: structuredClone(input.metadata ?? {}),
      };
      store.insert("events", event);
      if (
        customer &&
        (customer.first_user_event_at === null || event.timestamp < customer.first_user_event_at)
      )
        store.update("customers", customer.id, { first_user_event_at: event.timestamp });
      return presentEvent(store, event);
    },
  };
}

function makePrice(id: string, product: ProductRecord, input: PriceInput, currency: string): Price {
  const base = {
    id,
    created_at: product.created_at,
    modified_at: null,
    source: "catalog" as const,
    price_currency: input.currency ?? currency,
    tax_behavior: null,
    is_archived: false,
    product_id: product.id,
  };
  if ("amount" in input) return { ...base, amount_type: "fixed", price_amount: input.amount };
  return {
    ...base,
    amount_type: "custom",
    minimum_amount: input.minimum ?? 50,
    maximum_amount: null,
    preset_amount: input.preset ?? null,
  };
}
