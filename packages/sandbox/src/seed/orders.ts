import { disputeRecord, orderRecord, refundRecord } from "../factories/billing.js";
import { addDays, iso } from "../state/clock.js";
import type {
  Customer,
  Dispute,
  OrderRecord,
  OrderStatus,
  Organization,
  ProductRecord,
  Refund,
  SubscriptionRecord,
} from "../state/records.js";
import type { SeededCatalog } from "./catalog.js";
import { daysAgo, type SeedContext } from "./context.js";
import type { SeededPeople } from "./customers.js";
import type { OrganizationProfile, ProductKey } from "./profiles.js";

const PERIOD_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;

/**
 * Orders in every invoice situation (eligible, draft or void, missing billing
 * details), receipts ready and still being generated, and refunds with and
 * without disputes.
 */
export function seedOrders(
  ctx: SeedContext,
  organization: Organization,
  profile: OrganizationProfile,
  people: SeededPeople,
  catalog: SeededCatalog,
  subscriptions: SubscriptionRecord[],
): OrderRecord[] {
  const orders: OrderRecord[] = [];
  const customerOf = (handle: string) => people.customers.get(handle) as Customer;
  const productOf = (key: ProductKey) => catalog.products.get(key) as ProductRecord;
  const handles = profile.customers.map((c) => c.handle);
  const handle = (i: number) => handles[i % handles.length] as string;

  const add = (
    customer: Customer,
    product: ProductRecord,
    createdAt: Date,
    extra: Partial<OrderRecord> = {},
  ) => {
    const order = makeOrder(ctx, organization, customer, product, createdAt, extra);
    orders.push(order);
    return order;
  };

  for (const subscription of subscriptions) {
    for (const order of subscriptionOrders(ctx, subscription)) {
      const customer = [...people.customers.values()].find(
        (c) => c.id === subscription.customer_id,
      ) as Customer;
      add(customer, productOf(keyOf(catalog, subscription.product_id)), order.at, {
        subscription_id: subscription.id,
        status: order.status,
        net_amount: subscription.amount,
      });
    }
  }

  const desktop = [0, 1, 2, 4].map((i) =>
    add(customerOf(handle(i)), productOf("desktop"), daysAgo(ctx, 140 - i * 25, 600)),
  );
  const ebooks = [1, 3].map((i) =>
    add(customerOf(handle(i)), productOf("ebook"), daysAgo(ctx, 70 - i * 10, 600), { net_amount: 1500 }),
  );
  add(customerOf(handle(3)), productOf("enterprise"), daysAgo(ctx, 3), { status: "draft" });
  add(customerOf(handle(1)), productOf("desktop"), daysAgo(ctx, 35), { status: "void" });
  add(customerOf(handle(0)), productOf("ebook"), daysAgo(ctx, 0, 90), {
    net_amount: 2000,
    receipt_pending_polls: 2,
  });

  seedRefunds(ctx, organization, people, orders, { desktop, ebooks });
  ctx.data.orders.push(...orders);
  return orders;
}

function keyOf(catalog: SeededCatalog, productId: string): ProductKey {
  for (const [key, product] of catalog.products) if (product.id === productId) return key;
  throw new Error(`seed bug: product ${productId} is not in the catalog`);
}

/** The orders a subscription produced: its first charge and up to two renewals (none while trialing). */
function subscriptionOrders(ctx: SeedContext, s: SubscriptionRecord): { at: Date; status: OrderStatus }[] {
  if (s.started_at === null || s.status === "trialing") return [];
  const started = new Date(s.started_at);
  const end = s.ended_at ? new Date(s.ended_at) : ctx.now;
  const period = PERIOD_DAYS[s.recurring_interval];
  const dates: Date[] = [];
  for (let at = started; at <= end; at = addDays(at, period)) dates.push(at);
  const recent = dates.slice(-3);
  const failing = s.status === "past_due" || s.status === "unpaid";
  return recent.map((at, i) => ({ at, status: failing && i === recent.length - 1 ? "pending" : "paid" }));
}

function makeOrder(
  ctx: SeedContext,
  organization: Organization,
  customer: Customer,
  product: ProductRecord,
  createdAt: Date,
  extra: Partial<OrderRecord>,
): OrderRecord {
  const price = product.prices[0];
  const net = extra.net_amount ?? (price?.amount_type === "fixed" ? price.price_amount : 0);
  const status = extra.status ?? "paid";
  return orderRecord({
    id: ctx.random.uuid(),
    created_at: iso(createdAt),
    organization_id: organization.id,
    customer_id: customer.id,
    product,
    customer,
    status,
    net_amount: net,
    tax_amount: Math.round(net * ctx.random.pick([0, 0.08, 0.19])),
    invoice_generated_at: status === "paid" && ctx.random.chance(0.3) ? iso(addDays(createdAt, 1)) : null,
    ...extra,
  });
}

/** Full and partial refunds, pending/failed/canceled ones, and two that prevented disputes. */
function seedRefunds(
  ctx: SeedContext,
  organization: Organization,
  people: SeededPeople,
  orders: OrderRecord[],
  picks: { desktop: OrderRecord[]; ebooks: OrderRecord[] },
): void {
  const paid = orders.filter((o) => o.status === "paid" && o.net_amount > 0);
  const refund = (order: OrderRecord, fields: Partial<Refund>): Refund => {
    const customer = [...people.customers.values()].find((c) => c.id === order.customer_id) as Customer;
    const createdAt = iso(addDays(new Date(order.created_at), ctx.random.int(1, 6)));
    const record = refundRecord({
      order,
      id: ctx.random.uuid(),
      created_at: createdAt < iso(ctx.now) ? createdAt : order.created_at,
      metadata: {
        ticket: `SUP-${ctx.random.int(1000, 9999)}`,
        agent: ctx.random.pick(["sam", "kim", "lee"]),
      },
      organization_id: organization.id,
      customer_id: customer.id,
      ...fields,
    });
    ctx.data.refunds.push(record);
    return record;
  };

  const [fullRefund, disputedEarly] = picks.desktop.slice(-2);
  if (fullRefund) {
    fullRefund.status = "refunded";
    refund(fullRefund, { revoke_benefits: true });
  }
  const partial = paid.find((o) => o.subscription_id !== null);
  if (partial) {
    partial.status = "partially_refunded";
    refund(partial, { amount: Math.round(partial.net_amount / 2), reason: "satisfaction_guarantee" });
  }
  const [prevented] = picks.ebooks;
  if (prevented) {
    prevented.status = "refunded";
    refund(prevented, {
      reason: "dispute_prevention",
      revoke_benefits: true,
      dispute: makeDispute(ctx, prevented, { status: "prevented", closed: true, evidence_due_by: null }),
    });
  }
  if (disputedEarly) {
    disputedEarly.status = "refunded";
    refund(disputedEarly, {
      reason: "fraudulent",
      dispute: makeDispute(ctx, disputedEarly, {
        status: "early_warning",
        closed: false,
        evidence_due_by: iso(addDays(ctx.now, 7)),
      }),
    });
  }
  const others = paid.filter((o) => o.status === "paid").slice(0, 3);
  const outcomes: Refund["status"][] = ["pending", "failed", "canceled"];
  others.forEach((order, i) => {
    refund(order, {
      status: outcomes[i] as Refund["status"],
      amount: Math.round(order.net_amount / 4),
      reason: "other",
    });
  });
}

function makeDispute(
  ctx: SeedContext,
  order: OrderRecord,
  fields: Pick<Dispute, "status" | "closed" | "evidence_due_by">,
): Dispute {
  const id = ctx.random.uuid();
  return disputeRecord({ order, id, payment_id: ctx.random.uuid(), ...fields });
}
