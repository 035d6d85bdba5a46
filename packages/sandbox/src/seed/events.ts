import { eventRecord } from "../factories/usage.js";
import { addDays, iso } from "../state/clock.js";
import type {
  Customer,
  EventRecord,
  Member,
  OrderRecord,
  Organization,
  ProductRecord,
  SubscriptionRecord,
} from "../state/records.js";
import type { SeededCatalog } from "./catalog.js";
import { daysAgo, type SeedContext } from "./context.js";
import type { SeededPeople } from "./customers.js";

/** How many `api.request` trees of user events each organization gets. */
const USER_REQUESTS = 45;
/** User events come over this many days before now. */
const USER_EVENT_DAYS = 150;

interface EventInput {
  name: string;
  at: Date;
  customer: Customer | null;
  metadata: Record<string, unknown>;
  parent?: EventRecord;
  member?: Member;
  externalCustomerId?: string;
}

/**
 * A few hundred events of both sources over several months, many in trees:
 * - system: customer, checkout, subscription, order, balance, benefit, meter and
 *   refund events, with balance and benefit events as children of what caused them;
 * - user: `api.request` roots with `llm.completion` > `tool.call` > `db.query`
 *   descendants, one tree five levels deep, anonymous page views, member actions.
 */
export function seedEvents(
  ctx: SeedContext,
  organization: Organization,
  people: SeededPeople,
  catalog: SeededCatalog,
  subscriptions: SubscriptionRecord[],
  orders: OrderRecord[],
): void {
  const emit = (input: EventInput) => pushEvent(ctx, organization, input);
  const customers = [...people.customers.values()];
  const customerById = new Map(customers.map((c) => [c.id, c]));
  const productById = new Map([...catalog.products.values()].map((p) => [p.id, p]));

  for (const customer of customers) {
    emit({
      name: "customer.created",
      at: new Date(customer.created_at),
      customer,
      metadata: customerMetadata(customer),
    });
  }
  const updated = customers[0];
  if (updated) {
    emit({
      name: "customer.updated",
      at: addDays(new Date(updated.created_at), 2),
      customer: updated,
      metadata: { ...customerMetadata(updated), updated_fields: { billing_name: updated.billing_name } },
    });
  }

  for (const subscription of subscriptions) {
    const customer = customerById.get(subscription.customer_id) ?? null;
    const product = productById.get(subscription.product_id);
    if (product) seedSubscriptionEvents(ctx, emit, subscription, product, customer, catalog);
  }

  const subscriptionById = new Map(subscriptions.map((s) => [s.id, s]));
  for (const order of orders) {
    const customer = customerById.get(order.customer_id) ?? null;
    const product = productById.get(order.product_id);
    const subscription = order.subscription_id ? subscriptionById.get(order.subscription_id) : undefined;
    if (product) seedOrderEvents(ctx, emit, order, product, customer, subscription);
  }

  seedUserEvents(ctx, emit, people);
}

function pushEvent(ctx: SeedContext, organization: Organization, input: EventInput): EventRecord {
  const isSystem = SYSTEM_PREFIXES.some((prefix) => input.name.startsWith(prefix));
  const event = eventRecord({
    id: ctx.random.uuid(),
    timestamp: iso(input.at),
    organization_id: organization.id,
    customer_id: input.customer?.id ?? null,
    external_customer_id: input.customer?.external_id ?? input.externalCustomerId ?? null,
    member_id: input.member?.id ?? null,
    external_member_id: input.member?.external_id ?? null,
    parent_id: input.parent?.id ?? null,
    label: isSystem ? systemLabel(input.name) : input.name,
    name: input.name,
    source: isSystem ? "system" : "user",
    metadata: input.metadata,
  });
  ctx.data.events.push(event);
  if (!isSystem && input.customer) {
    const first = input.customer.first_user_event_at;
    if (first === null || event.timestamp < first) input.customer.first_user_event_at = event.timestamp;
  }
  return event;
}

/** Names the service uses for its own events; the seed's user events never start with these. */
const SYSTEM_PREFIXES = [
  "meter.",
  "benefit.",
  "subscription.",
  "order.",
  "checkout.",
  "customer.",
  "balance.",
];

/** `order.paid` → `Order Paid`. */
function systemLabel(name: string): string {
  return name
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

function customerMetadata(customer: Customer) {
  return {
    customer_id: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_external_id: customer.external_id,
  };
}

type Emit = (input: EventInput) => EventRecord;

function seconds(date: Date, n: number): Date {
  return new Date(date.getTime() + n * 1000);
}

function seedSubscriptionEvents(
  ctx: SeedContext,
  emit: Emit,
  s: SubscriptionRecord,
  product: ProductRecord,
  customer: Customer | null,
  catalog: SeededCatalog,
): void {
  if (s.started_at === null) return;
  const started = new Date(s.started_at);
  const plan = {
    subscription_id: s.id,
    product_id: s.product_id,
    amount: s.amount,
    currency: s.currency,
    recurring_interval: s.recurring_interval,
    recurring_interval_count: s.recurring_interval_count,
  };
  const created = emit({
    name: "subscription.created",
    at: started,
    customer,
    metadata: { ...plan, started_at: s.started_at },
  });
  product.benefit_ids.forEach((benefitId, i) => {
    const benefit = [...catalog.benefits.values()].find((b) => b.id === benefitId);
    emit({
      name: "benefit.granted",
      at: seconds(started, 5 + i),
      customer,
      parent: created,
      metadata: {
        benefit_id: benefitId,
        benefit_grant_id: ctx.random.uuid(),
        benefit_type: benefit?.type ?? "custom",
      },
    });
  });
  for (const meter of s.meters) {
    emit({
      name: "meter.credited",
      at: seconds(new Date(s.current_period_start), 30),
      customer,
      metadata: { meter_id: meter.meter_id, units: meter.credited_units, rollover: false },
    });
  }
  if (s.canceled_at) {
    emit({
      name: "subscription.canceled",
      at: new Date(s.canceled_at),
      customer,
      metadata: {
        ...plan,
        canceled_at: s.canceled_at,
        ...(s.ends_at ? { ends_at: s.ends_at } : {}),
        cancel_at_period_end: s.cancel_at_period_end,
        ...(s.customer_cancellation_reason
          ? { customer_cancellation_reason: s.customer_cancellation_reason }
          : {}),
      },
    });
  }
  if (s.past_due_at) {
    emit({
      name: "subscription.past_due",
      at: new Date(s.past_due_at),
      customer,
      metadata: { ...plan, past_due_at: s.past_due_at },
    });
  }
  if (s.paused_at) {
    emit({
      name: "subscription.paused",
      at: new Date(s.paused_at),
      customer,
      metadata: { ...plan, paused_at: s.paused_at, ...(s.resumes_at ? { resumes_at: s.resumes_at } : {}) },
    });
  }
}

function seedOrderEvents(
  ctx: SeedContext,
  emit: Emit,
  order: OrderRecord,
  product: ProductRecord,
  customer: Customer | null,
  subscription: SubscriptionRecord | undefined,
): void {
  const at = new Date(order.created_at);
  const base = { order_id: order.id, amount: order.net_amount + order.tax_amount, currency: order.currency };
  if (order.status === "draft") return;
  if (order.status === "void") {
    emit({ name: "order.voided", at: seconds(at, 60), customer, metadata: base });
    return;
  }
  if (order.status === "pending") return;

  const isRenewal = subscription?.started_at !== undefined && subscription.started_at !== order.created_at;
  const parent = isRenewal
    ? emit({
        name: "subscription.cycled",
        at: seconds(at, -2),
        customer,
        metadata: {
          subscription_id: subscription?.id,
          product_id: order.product_id,
          amount: order.net_amount,
          currency: order.currency,
        },
      })
    : subscription
      ? undefined
      : emit({
          name: "checkout.created",
          at: seconds(at, -300),
          customer,
          metadata: { checkout_id: ctx.random.uuid(), checkout_status: "open", product_id: product.id },
        });

  const paid = emit({
    name: "order.paid",
    at,
    customer,
    ...(parent ? { parent } : {}),
    metadata: {
      ...base,
      product_id: product.id,
      billing_type: isRenewal ? "subscription_cycle" : subscription ? "subscription_create" : "purchase",
      net_amount: order.net_amount,
      tax_amount: order.tax_amount,
      ...(order.subscription_id ? { subscription_id: order.subscription_id } : {}),
    },
  });
  emit({
    name: "balance.order",
    at: seconds(at, 3),
    customer,
    parent: paid,
    metadata: {
      ...balance(ctx, order),
      order_id: order.id,
      net_amount: order.net_amount,
      product_id: product.id,
    },
  });
  if (!subscription) {
    product.benefit_ids.forEach((benefitId, i) => {
      emit({
        name: "benefit.granted",
        at: seconds(at, 6 + i),
        customer,
        parent: paid,
        metadata: { benefit_id: benefitId, benefit_grant_id: ctx.random.uuid(), benefit_type: "custom" },
      });
    });
  }
  seedRefundEvents(ctx, emit, order, customer);
}

function balance(ctx: SeedContext, order: OrderRecord) {
  return {
    amount: order.net_amount,
    currency: order.currency,
    tax_amount: order.tax_amount,
    fee: Math.round(order.net_amount * 0.04) + 40,
    transaction_id: ctx.random.uuid(),
    presentment_amount: order.net_amount + order.tax_amount,
    presentment_currency: order.currency,
  };
}

function seedRefundEvents(ctx: SeedContext, emit: Emit, order: OrderRecord, customer: Customer | null): void {
  const refunds = ctx.data.refunds.filter((r) => r.order_id === order.id && r.status === "succeeded");
  for (const refund of refunds) {
    const at = new Date(refund.created_at);
    const refunded = emit({
      name: "order.refunded",
      at,
      customer,
      metadata: { order_id: order.id, refunded_amount: refund.amount, currency: refund.currency },
    });
    const movement = emit({
      name: "balance.refund",
      at: seconds(at, 4),
      customer,
      parent: refunded,
      metadata: { ...balance(ctx, order), amount: -refund.amount, refund_id: refund.id, order_id: order.id },
    });
    if (refund.dispute) {
      emit({
        name: "balance.dispute",
        at: seconds(at, 8),
        customer,
        parent: movement,
        metadata: { ...balance(ctx, order), dispute_id: refund.dispute.id, order_id: order.id },
      });
    }
  }
}

const ROUTES = ["/v1/chat", "/v1/search", "/v1/summaries", "/v1/images"] as const;
const MODELS = ["gpt-4.1-mini", "claude-sonnet", "llama-3-70b"] as const;
const TOOLS = ["web_search", "calculator", "sql"] as const;

/** `api.request` trees (up to five levels deep), anonymous page views, actions by team members. */
function seedUserEvents(ctx: SeedContext, emit: Emit, people: SeededPeople): void {
  const customers = [...people.customers.values()];
  const members = [...people.members.values()];

  for (let i = 0; i < USER_REQUESTS; i++) {
    const customer = ctx.random.pick(customers);
    const teamMember =
      customer.type === "team"
        ? members.find((m) => m.customer_id === customer.id && ctx.random.chance(0.6))
        : undefined;
    const at = seconds(daysAgo(ctx, ctx.random.int(0, USER_EVENT_DAYS), 23 * 60), -60);
    const who = { customer, ...(teamMember ? { member: teamMember } : {}) };
    const route = ctx.random.pick(ROUTES);
    const root = emit({
      name: "api.request",
      at,
      ...who,
      metadata: {
        route,
        method: route === "/v1/images" ? "POST" : "GET",
        status: ctx.random.pick([200, 200, 200, 429, 500]),
        duration_ms: ctx.random.int(20, 3000),
      },
    });
    const completions = i === 0 ? 1 : ctx.random.int(0, 2);
    for (let c = 0; c < completions; c++) {
      const completion = emit({
        name: "llm.completion",
        at: seconds(at, 1 + c),
        ...who,
        parent: root,
        metadata: llmMetadata(ctx),
      });
      const calls = i === 0 ? 1 : ctx.random.int(0, 2);
      for (let t = 0; t < calls; t++) {
        const tool = ctx.random.pick(TOOLS);
        const call = emit({
          name: "tool.call",
          at: seconds(at, 2 + c + t),
          ...who,
          parent: completion,
          metadata: { tool, duration_ms: ctx.random.int(5, 900), ok: ctx.random.chance(0.9) },
        });
        if (tool === "sql" || i === 0) {
          const query = emit({
            name: "db.query",
            at: seconds(at, 3 + c + t),
            ...who,
            parent: call,
            metadata: { table: "documents", rows: ctx.random.int(0, 500) },
          });
          if (i === 0) {
            const miss = emit({
              name: "cache.miss",
              at: seconds(at, 4),
              ...who,
              parent: query,
              metadata: { key: "documents:recent" },
            });
            emit({
              name: "cache.fill",
              at: seconds(at, 5),
              ...who,
              parent: miss,
              metadata: { key: "documents:recent", bytes: 48213 },
            });
          }
        }
      }
    }
  }

  for (let i = 0; i < 12; i++) {
    emit({
      name: "page.view",
      at: daysAgo(ctx, ctx.random.int(0, USER_EVENT_DAYS), 23 * 60),
      customer: null,
      externalCustomerId: `anon_${ctx.random.string(8, "abcdefghijklmnopqrstuvwxyz0123456789")}`,
      metadata: {
        path: ctx.random.pick(["/", "/pricing", "/docs", "/blog/launch"]),
        referrer: ctx.random.pick(["google", "direct", "newsletter"]),
      },
    });
  }
}

function llmMetadata(ctx: SeedContext) {
  const input = ctx.random.int(50, 4000);
  const output = ctx.random.int(20, 1500);
  const model = ctx.random.pick(MODELS);
  return {
    model,
    _llm: {
      vendor: model.startsWith("gpt") ? "openai" : model.startsWith("claude") ? "anthropic" : "meta",
      model,
      input_tokens: input,
      output_tokens: output,
      total_tokens: input + output,
    },
    _cost: { amount: ((input + output) * 0.0004).toFixed(4), currency: "usd" },
  };
}
