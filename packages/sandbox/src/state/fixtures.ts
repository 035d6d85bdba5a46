/**
 * `GET /__sandbox/fixtures`: the seeded tokens and ids, so tests and demos can
 * pick what they need without hard-coding anything. It describes the seed, i.e.
 * the state right after start or `reset()`.
 */
import type { EventRecord, OrderRecord, TokenKind } from "./records.js";
import type { SeedData } from "./store.js";

export type InvoiceSituation = "eligible" | "not_eligible" | "missing_billing_details";

export interface FixtureToken {
  token: string;
  kind: TokenKind;
  organization_id: string;
  scopes: string[];
  customer_id?: string;
  member_id?: string;
  label: string;
  expired?: true;
}

export interface Fixtures {
  /** The instant the seed is laid out around: the sandbox's "today" (its clock starts there). */
  now: string;
  tokens: FixtureToken[];
  ids: {
    organizations: { id: string; name: string; slug: string }[];
    customers: {
      id: string;
      organization_id: string;
      name: string | null;
      email: string;
      type: string;
      external_id: string | null;
      has_billing_details: boolean;
      payment_method_ids: string[];
    }[];
    members: { id: string; organization_id: string; customer_id: string; name: string; role: string }[];
    products: {
      id: string;
      organization_id: string;
      name: string;
      is_recurring: boolean;
      is_archived: boolean;
      visibility: string;
      benefit_ids: string[];
    }[];
    benefits: { id: string; organization_id: string; type: string; description: string }[];
    meters: { id: string; organization_id: string; name: string }[];
    subscriptions: {
      id: string;
      organization_id: string;
      customer_id: string;
      product_id: string;
      status: string;
      listed: boolean;
    }[];
    license_keys: {
      id: string;
      key: string;
      organization_id: string;
      customer_id: string;
      benefit_id: string;
      status: string;
      expired: boolean;
      limit_usage: number | null;
      usage: number;
      activation_ids: string[];
      /** Activations that only validate with exactly these `conditions`. */
      activation_conditions: Record<string, Record<string, string | number | boolean>>;
      /** The seat member holding the key (answered from API version 2026-10), if any. */
      member_id: string | null;
      /** What granted the key (answered on validation from 2027-01), if any. */
      subscription_id: string | null;
      order_id: string | null;
    }[];
    orders: {
      id: string;
      organization_id: string;
      customer_id: string;
      status: string;
      created_at: string;
      /** The ordered product's name, and what was paid (net + tax, in the currency's minor unit). */
      product_name: string;
      amount: number;
      currency: string;
      invoice: InvoiceSituation;
      /** `pending`: the receipt operation answers 202 this many times first. */
      receipt: "ready" | "pending";
    }[];
    refunds: {
      id: string;
      organization_id: string;
      order_id: string;
      customer_id: string;
      status: string;
      has_dispute: boolean;
    }[];
    /** Root events with descendants, with the depth of their deepest descendant. */
    event_trees: {
      id: string;
      organization_id: string;
      name: string;
      source: string;
      child_count: number;
      depth: number;
    }[];
    /** `name`: how a person recognizes the record (a discount's name and code, a link's label or products). */
    discounts: { id: string; organization_id: string; name: string }[];
    checkout_links: { id: string; organization_id: string; name: string }[];
    custom_fields: { id: string; organization_id: string; name: string }[];
  };
}

export function buildFixtures(seed: SeedData, now: Date): Fixtures {
  const productNames = new Map(seed.products.map((p) => [p.id, p.name]));
  return {
    now: now.toISOString(),
    tokens: seed.tokens.map((t) => ({
      token: t.token,
      kind: t.kind,
      organization_id: t.organization_id,
      scopes: [...t.scopes],
      ...(t.customer_id ? { customer_id: t.customer_id } : {}),
      ...(t.member_id ? { member_id: t.member_id } : {}),
      label: t.label,
      ...(t.expired ? { expired: true as const } : {}),
    })),
    ids: {
      organizations: seed.organizations.map(({ id, name, slug }) => ({ id, name, slug })),
      customers: seed.customers.map((c) => ({
        id: c.id,
        organization_id: c.organization_id,
        name: c.name,
        email: c.email,
        type: c.type,
        external_id: c.external_id,
        has_billing_details: c.billing_name !== null && c.billing_address !== null,
        payment_method_ids: seed.paymentMethods.filter((m) => m.customer_id === c.id).map((m) => m.id),
      })),
      members: seed.members.map(({ id, organization_id, customer_id, name, role }) => ({
        id,
        organization_id,
        customer_id,
        name,
        role,
      })),
      products: seed.products.map((p) => ({
        id: p.id,
        organization_id: p.organization_id,
        name: p.name,
        is_recurring: p.is_recurring,
        is_archived: p.is_archived,
        visibility: p.visibility,
        benefit_ids: [...p.benefit_ids],
      })),
      benefits: seed.benefits.map(({ id, organization_id, type, description }) => ({
        id,
        organization_id,
        type,
        description,
      })),
      meters: seed.meters.map(({ id, organization_id, name }) => ({ id, organization_id, name })),
      subscriptions: seed.subscriptions.map((s) => ({
        id: s.id,
        organization_id: s.organization_id,
        customer_id: s.customer_id,
        product_id: s.product_id,
        status: s.status,
        listed: s.started_at !== null,
      })),
      license_keys: seed.licenseKeys.map((k) => {
        const activations = seed.activations.filter((a) => a.license_key_id === k.id);
        return {
          id: k.id,
          key: k.key,
          organization_id: k.organization_id,
          customer_id: k.customer_id,
          benefit_id: k.benefit_id,
          status: k.status,
          expired: k.expires_at !== null && Date.parse(k.expires_at) <= now.getTime(),
          limit_usage: k.limit_usage,
          usage: k.usage,
          activation_ids: activations.map((a) => a.id),
          activation_conditions: Object.fromEntries(
            activations
              .filter((a) => Object.keys(a.conditions).length > 0)
              .map((a) => [a.id, { ...a.conditions }]),
          ),
          member_id: k.member_id,
          subscription_id: k.subscription_id,
          order_id: k.order_id,
        };
      }),
      orders: seed.orders.map((o) => ({
        id: o.id,
        organization_id: o.organization_id,
        customer_id: o.customer_id,
        status: o.status,
        created_at: o.created_at,
        product_name: productNames.get(o.product_id) ?? "",
        amount: o.net_amount + o.tax_amount,
        currency: o.currency,
        invoice: invoiceSituation(o),
        receipt: o.receipt_pending_polls > 0 ? ("pending" as const) : ("ready" as const),
      })),
      refunds: seed.refunds.map((r) => ({
        id: r.id,
        organization_id: r.organization_id,
        order_id: r.order_id,
        customer_id: r.customer_id,
        status: r.status,
        has_dispute: r.dispute !== null,
      })),
      event_trees: eventTrees(seed.events),
      discounts: seed.discounts.map(({ id, organization_id, name, code }) => ({
        id,
        organization_id,
        name: code ? `${name} (${code})` : name,
      })),
      checkout_links: seed.checkoutLinks.map(({ id, organization_id, label, product_ids }) => ({
        id,
        organization_id,
        name: label ?? product_ids.map((p) => productNames.get(p) ?? p).join(", "),
      })),
      custom_fields: seed.customFields.map(({ id, organization_id, name }) => ({
        id,
        organization_id,
        name,
      })),
    },
  };
}

export function invoiceSituation(order: OrderRecord): InvoiceSituation {
  if (order.status === "draft" || order.status === "void") return "not_eligible";
  if (order.billing_name === null || order.billing_address === null) return "missing_billing_details";
  return "eligible";
}

function eventTrees(events: EventRecord[]): Fixtures["ids"]["event_trees"] {
  const children = new Map<string, EventRecord[]>();
  for (const e of events) {
    if (e.parent_id) children.set(e.parent_id, [...(children.get(e.parent_id) ?? []), e]);
  }
  const depthOf = (e: EventRecord): number =>
    Math.max(0, ...(children.get(e.id) ?? []).map((child) => 1 + depthOf(child)));
  return events
    .filter((e) => e.parent_id === null && children.has(e.id))
    .map((e) => ({
      id: e.id,
      organization_id: e.organization_id,
      name: e.name,
      source: e.source,
      child_count: children.get(e.id)?.length ?? 0,
      depth: depthOf(e),
    }));
}
