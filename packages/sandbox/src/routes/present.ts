/**
 * Presenters: the wire shape of each resource, built from the store per request.
 * Field names and nullability are the service's; every response is checked
 * against its operation's response schema before it leaves (see `http/respond.ts`),
 * and each presenter is checked against its generated wire type (`satisfies`).
 */
import type * as Wire from "@commerce-api/schemas";
import type * as Wire202610 from "@commerce-api/schemas/2026-10";
import type * as Wire202701 from "@commerce-api/schemas/2027-01";
import { type ApiVersion, atLeast } from "../http/api-versions.js";
import type {
  ActivationRecord,
  Customer,
  EventRecord,
  LicenseKeyRecord,
  PaymentMethodRecord,
  ProductRecord,
  SubscriptionRecord,
} from "../state/records.js";
import type { Store } from "../state/store.js";

export function presentCustomer(customer: Customer) {
  return { ...customer } satisfies Wire.Customer;
}

function customerOf(store: Store, id: string): Customer {
  const customer = store.customers.get(id);
  if (!customer) throw new Error(`seed bug: customer ${id} does not exist`);
  return customer;
}

/** A product as `GET /v1/products/` lists it. */
export function presentProduct(store: Store, product: ProductRecord) {
  return {
    ...productCore(store, product),
    metadata: { ...product.metadata },
    benefits: benefitsOf(store, product),
    attached_custom_fields: product.custom_fields.flatMap((attached) => {
      const field = store.customFields.get(attached.custom_field_id);
      return field ? [{ ...attached, custom_field: { ...field } }] : [];
    }),
  } satisfies Wire.Product;
}

/** A product as the customer portal embeds it: no metadata or custom fields; its organization. */
export function presentPortalProduct(store: Store, product: ProductRecord) {
  const organization = store.organizations.get(product.organization_id);
  if (!organization) throw new Error(`seed bug: organization ${product.organization_id} does not exist`);
  return {
    ...productCore(store, product),
    benefits: benefitsOf(store, product).map(
      ({ metadata: _m, properties: _p, visibility_configurable: _v, visibility: _vis, ...pub }) => pub,
    ),
    organization: { ...organization },
  } satisfies Wire.CustomerPortalProduct;
}

function productCore(store: Store, product: ProductRecord) {
  return {
    id: product.id,
    created_at: product.created_at,
    modified_at: product.modified_at,
    trial_interval: product.trial_interval,
    trial_interval_count: product.trial_interval_count,
    name: product.name,
    description: product.description,
    visibility: product.visibility,
    recurring_interval: product.recurring_interval,
    recurring_interval_count: product.recurring_interval_count,
    meter_interval: product.meter_interval,
    meter_interval_count: product.meter_interval_count,
    is_recurring: product.is_recurring,
    is_archived: product.is_archived,
    organization_id: product.organization_id,
    prices: product.prices.map((price) => ({ ...price })),
    medias: product.media_ids.flatMap((id) => {
      const media = store.media.get(id);
      return media ? [{ ...media }] : [];
    }),
  };
}

function benefitsOf(store: Store, product: ProductRecord) {
  return product.benefit_ids.flatMap((id) => {
    const benefit = store.benefits.get(id);
    return benefit ? [{ ...benefit, metadata: { ...benefit.metadata } }] : [];
  });
}

/** A subscription as the customer portal lists it. */
export function presentSubscription(store: Store, subscription: SubscriptionRecord) {
  const product = store.products.get(subscription.product_id);
  if (!product) throw new Error(`seed bug: product ${subscription.product_id} does not exist`);
  const { organization_id: _org, meters, pending_update, ...fields } = subscription;
  return {
    ...fields,
    product: presentPortalProduct(store, product),
    prices: product.prices.filter((price) => !price.is_archived).map((price) => ({ ...price })),
    meters: meters.map((meter) => {
      const definition = store.meters.get(meter.meter_id);
      if (!definition) throw new Error(`seed bug: meter ${meter.meter_id} does not exist`);
      return {
        ...meter,
        meter: {
          id: definition.id,
          name: definition.name,
          created_at: definition.created_at,
          modified_at: definition.modified_at,
        },
      };
    }),
    pending_update: pending_update ? { ...pending_update } : null,
  } satisfies Wire.CustomerSubscription;
}

export function presentActivation(activation: ActivationRecord) {
  const { conditions: _conditions, ...fields } = activation;
  return { ...fields, meta: { ...activation.meta } } satisfies Wire.LicenseKeyActivation;
}

/** A license key as `version` sends it: from 2026-10 with the seat member holding it. */
export function presentLicenseKey(store: Store, key: LicenseKeyRecord, version: ApiVersion) {
  const { member_id, subscription_id: _subscription, order_id: _order, ...stored } = key;
  const asOf202604 = {
    ...stored,
    customer: presentCustomer(customerOf(store, key.customer_id)),
  } satisfies Wire.LicenseKey;
  if (!atLeast(version, "2026-10")) return asOf202604;
  const member = member_id === null ? undefined : store.members.get(member_id);
  return {
    ...asOf202604,
    member_id: member?.id ?? null,
    member: member ? { id: member.id, email: member.email, external_id: member.external_id } : null,
  } satisfies Wire202610.LicenseKey;
}

/** What granted a key, as a validation answers it from 2027-01 (before: nothing). */
export function presentKeyGrant(store: Store, key: LicenseKeyRecord, version: ApiVersion) {
  if (!atLeast(version, "2027-01")) return {};
  const subscription =
    key.subscription_id === null ? undefined : store.subscriptions.get(key.subscription_id);
  const order = key.order_id === null ? undefined : store.orders.get(key.order_id);
  return {
    subscription_id: subscription?.id ?? null,
    subscription: subscription
      ? {
          id: subscription.id,
          status: subscription.status,
          current_period_start: subscription.current_period_start,
          current_period_end: subscription.current_period_end,
          cancel_at_period_end: subscription.cancel_at_period_end,
          ends_at: subscription.ends_at,
        }
      : null,
    order_id: order?.id ?? null,
    order: order
      ? { id: order.id, created_at: order.created_at, status: order.status, paid: PAID.has(order.status) }
      : null,
  } satisfies Pick<Wire202701.ValidatedLicenseKey, "subscription_id" | "subscription" | "order_id" | "order">;
}

/** The statuses of an order that was paid for (refunds come after a payment). */
const PAID = new Set(["paid", "refunded", "partially_refunded"]);

/** The activations of a license key that are still active, oldest first. */
export function activationsOf(store: Store, licenseKeyId: string): ActivationRecord[] {
  return [...store.activations.values()]
    .filter((activation) => activation.license_key_id === licenseKeyId)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export function presentEvent(store: Store, event: EventRecord) {
  const customer = event.customer_id ? store.customers.get(event.customer_id) : undefined;
  return {
    ...event,
    customer: customer ? presentCustomer(customer) : null,
    child_count: store.eventChildren.get(event.id)?.length ?? 0,
  } satisfies Wire.Event;
}

/** A saved payment method; the organization side adds `is_default`, the customer side does not. */
export function presentPaymentMethod(
  store: Store,
  method: PaymentMethodRecord,
  side: "organization" | "customer",
) {
  const base = {
    ...method,
    method_metadata: { ...method.method_metadata },
  } satisfies Wire.CustomerPaymentMethod;
  if (side === "customer") return base;
  const customer = store.customers.get(method.customer_id);
  return {
    ...base,
    is_default: customer?.default_payment_method_id === method.id,
  } satisfies Wire.PaymentMethod;
}
