/**
 * The `data` of each webhook, built from the sandbox's records in the shapes
 * the service sends to organizations. These are not the customer-side shapes
 * the operations answer with: an order carries its customer, product,
 * subscription and line items; a subscription its full product, prices,
 * meters and discount; a license key goes out as the benefit grant that holds it.
 */
import { presentCustomer, presentProduct } from "../routes/present.js";
import type {
  Benefit,
  Customer,
  Discount,
  LicenseKeyRecord,
  OrderRecord,
  ProductRecord,
  Refund,
  SubscriptionRecord,
} from "../state/records.js";
import type { Store } from "../state/store.js";

/** The kinds of record webhooks carry, and the table each comes from. */
export const PAYLOAD_TABLES = {
  customer: "customers",
  product: "products",
  order: "orders",
  subscription: "subscriptions",
  refund: "refunds",
  discount: "discounts",
  benefit: "benefits",
  benefit_grant: "licenseKeys",
} as const;

export type PayloadKind = keyof typeof PAYLOAD_TABLES;

/** A webhook's data and the organization it belongs to (whose endpoints receive it). */
export interface EventData {
  organizationId: string;
  data: Record<string, unknown>;
}

export function customerData(customer: Customer): EventData {
  return { organizationId: customer.organization_id, data: presentCustomer(customer) };
}

export function productData(store: Store, product: ProductRecord): EventData {
  return { organizationId: product.organization_id, data: presentProduct(store, product) };
}

export function benefitData(benefit: Benefit): EventData {
  return { organizationId: benefit.organization_id, data: { ...benefit, metadata: { ...benefit.metadata } } };
}

export function refundData(refund: Refund): EventData {
  return { organizationId: refund.organization_id, data: structuredClone(refund) };
}

export function discountData(store: Store, discount: Discount): EventData {
  return {
    organizationId: discount.organization_id,
    data: { ...discountBase(store, discount), products: [] },
  };
}

/** A discount as orders and subscriptions embed it (without its products). */
function discountBase(store: Store, discount: Discount) {
  const common = {
    duration: discount.duration,
    type: discount.type,
    created_at: discount.created_at,
    modified_at: discount.modified_at,
    id: discount.id,
    metadata: {},
    name: discount.name,
    code: discount.code,
    starts_at: null,
    ends_at: null,
    max_redemptions: null,
    max_redemptions_per_customer: null,
    redemptions_count: [...store.subscriptions.values()].filter((s) => s.discount_id === discount.id).length,
    organization_id: discount.organization_id,
    // Three months, as the seed's repeating discount is named.
    ...(discount.duration === "repeating" ? { duration_in_months: 3 } : {}),
  };
  if (discount.type === "percentage") return { ...common, basis_points: discount.amount };
  const currency = currencyOf(store, discount.organization_id);
  return { ...common, amount: discount.amount, currency, amounts: { [currency]: discount.amount } };
}

export function orderData(store: Store, order: OrderRecord): EventData {
  const customer = required(store.customers.get(order.customer_id), "customer", order.customer_id);
  const product = store.products.get(order.product_id);
  const subscription = order.subscription_id ? store.subscriptions.get(order.subscription_id) : undefined;
  const refunded = [...store.refunds.values()].filter(
    (r) => r.order_id === order.id && r.status === "succeeded",
  );
  const refundedAmount = refunded.reduce((sum, r) => sum + r.amount, 0);
  const refundedTax = refunded.reduce((sum, r) => sum + r.tax_amount, 0);
  const paid =
    order.status === "paid" || order.status === "refunded" || order.status === "partially_refunded";
  const total = order.net_amount + order.tax_amount;
  const number = `${organizationSlug(store, order.organization_id).toUpperCase()}-${order.id.slice(0, 8).toUpperCase()}`;
  const description = product?.name ?? "Order";
  return {
    organizationId: order.organization_id,
    data: {
      id: order.id,
      created_at: order.created_at,
      modified_at: order.modified_at,
      status: order.status,
      paid,
      subtotal_amount: order.net_amount,
      discount_amount: 0,
      net_amount: order.net_amount,
      tax_amount: order.tax_amount,
      total_amount: total,
      applied_balance_amount: 0,
      due_amount: paid ? 0 : total,
      refunded_amount: refundedAmount,
      refunded_tax_amount: refundedTax,
      currency: order.currency,
      billing_reason: billingReason(order, subscription),
      billing_name: order.billing_name,
      billing_address: order.billing_address ? { ...order.billing_address } : null,
      invoice_number: number,
      is_invoice_generated: order.invoice_generated_at !== null,
      receipt_number: paid ? number : null,
      seats: subscription?.seats ?? null,
      customer_id: order.customer_id,
      product_id: product?.id ?? null,
      discount_id: null,
      subscription_id: order.subscription_id,
      checkout_id: null,
      next_payment_attempt_at: null,
      metadata: {},
      custom_field_data: {},
      platform_fee_amount: 0,
      platform_fee_currency: null,
      customer: presentCustomer(customer),
      product: product ? { ...productFields(product), metadata: { ...product.metadata } } : null,
      discount: null,
      subscription: subscription ? subscriptionFields(subscription) : null,
      items: [
        {
          created_at: order.created_at,
          modified_at: order.modified_at,
          id: order.id,
          label: description,
          amount: order.net_amount,
          tax_amount: order.tax_amount,
          proration: false,
          product_price_id: product?.prices[0]?.id ?? null,
        },
      ],
      description,
      refundable_amount: paid ? Math.max(0, order.net_amount - refundedAmount) : 0,
      refundable_tax_amount: paid ? Math.max(0, order.tax_amount - refundedTax) : 0,
    },
  };
}

function billingReason(order: OrderRecord, subscription: SubscriptionRecord | undefined) {
  if (!subscription) return "purchase";
  return order.created_at.slice(0, 16) <= subscription.created_at.slice(0, 16)
    ? "subscription_create"
    : "subscription_cycle";
}

export function subscriptionData(store: Store, subscription: SubscriptionRecord): EventData {
  const customer = required(
    store.customers.get(subscription.customer_id),
    "customer",
    subscription.customer_id,
  );
  const product = required(store.products.get(subscription.product_id), "product", subscription.product_id);
  const discount = subscription.discount_id ? store.discounts.get(subscription.discount_id) : undefined;
  return {
    organizationId: subscription.organization_id,
    data: {
      ...subscriptionFields(subscription),
      custom_field_data: {},
      customer: presentCustomer(customer),
      product: presentProduct(store, product),
      discount: discount ? discountBase(store, discount) : null,
      prices: product.prices.filter((price) => !price.is_archived).map((price) => ({ ...price })),
      meters: subscription.meters.map((usage) => {
        const meter = required(store.meters.get(usage.meter_id), "meter", usage.meter_id);
        return {
          ...usage,
          meter: {
            metadata: {},
            created_at: meter.created_at,
            modified_at: meter.modified_at,
            id: meter.id,
            name: meter.name,
            unit: "scalar",
            filter:
              "conjunction" in meter.filter ? meter.filter : { conjunction: "and", clauses: [meter.filter] },
            aggregation: { func: "count" },
            organization_id: meter.organization_id,
          },
        };
      }),
      pending_update: subscription.pending_update ? { ...subscription.pending_update } : null,
    },
  };
}

/** The subscription's own fields, as an order embeds it. */
function subscriptionFields(subscription: SubscriptionRecord) {
  const { organization_id: _org, meters: _meters, pending_update: _pending, ...fields } = subscription;
  return { ...fields, metadata: {} };
}

/** A license key as the service announces it: the license key benefit's grant to the customer. */
export function benefitGrantData(store: Store, key: LicenseKeyRecord): EventData {
  const customer = required(store.customers.get(key.customer_id), "customer", key.customer_id);
  const benefit = required(store.benefits.get(key.benefit_id), "benefit", key.benefit_id);
  const revoked = key.status === "revoked";
  return {
    organizationId: key.organization_id,
    data: {
      created_at: key.created_at,
      modified_at: key.modified_at,
      id: grantId(key.id),
      granted_at: key.created_at,
      is_granted: !revoked,
      revoked_at: revoked ? (key.modified_at ?? key.created_at) : null,
      is_revoked: revoked,
      subscription_id: null,
      order_id: null,
      customer_id: key.customer_id,
      member_id: null,
      benefit_id: key.benefit_id,
      error: null,
      customer: presentCustomer(customer),
      member: null,
      benefit: { ...benefit, metadata: { ...benefit.metadata } },
      properties: { license_key_id: key.id, display_key: key.display_key },
      previous_properties: null,
    },
  };
}

/** The grant's id, derived from its license key's (a grant holds one key): a stable version 4 UUID. */
export function grantId(licenseKeyId: string): string {
  let hex = "";
  for (let round = 0; hex.length < 32; round++)
    hex += fnv1a(`grant:${round}:${licenseKeyId}`).toString(16).padStart(8, "0");
  const variant = "89ab"[Number.parseInt(hex[16] as string, 16) % 4];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

function productFields(product: ProductRecord) {
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
  };
}

function currencyOf(store: Store, organizationId: string): string {
  for (const product of store.products.values())
    if (product.organization_id === organizationId && product.prices[0])
      return product.prices[0].price_currency;
  return "usd";
}

function organizationSlug(store: Store, id: string): string {
  return store.organizations.get(id)?.slug ?? "org";
}

function required<T>(record: T | undefined, what: string, id: string): T {
  if (record === undefined) throw new Error(`sandbox webhooks: no ${what} ${id} for the event's data`);
  return record;
}
