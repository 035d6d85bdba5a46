/**
 * An event as a sentence ("Alice Johnson paid $290.00 for Acme Pro") and its metadata as
 * facts a billing person reads: amounts in money, records by name. Pure: names come in.
 */
import { formatDateTime, formatMoney, humanize } from "./format.js";

/** What the screens know by ID: the sandbox's records, or nothing against the service. */
export interface Names {
  customer(id: string): string | undefined;
  product(id: string): string | undefined;
  benefit(id: string): string | undefined;
  meter(id: string): string | undefined;
  order(id: string): string | undefined;
}

export const noNames: Names = {
  customer: () => undefined,
  product: () => undefined,
  benefit: () => undefined,
  meter: () => undefined,
  order: () => undefined,
};

export interface EventLike {
  name: string;
  label: string;
  customer_id?: string | null;
  customer?: { name?: string | null; email?: string | null } | null;
  external_customer_id?: string | null;
  metadata: object;
}

/** The sentence a list row shows. Unknown events fall back on their label and who. */
export function describeEvent(event: EventLike, names: Names, locale?: string): string {
  const m = event.metadata as Record<string, unknown>;
  const who = whoOf(event, names);
  const money = (key: string) => moneyOf(m, key, locale);
  const product = nameOf(m.product_id, names.product) ?? "a product";
  switch (event.name) {
    case "order.paid":
      return `${who} paid ${money("amount") ?? "an order"} for ${product}`;
    case "order.refunded":
      return `${who} was refunded ${moneyOf(m, "refunded_amount", locale) ?? "an order"}`;
    case "order.voided":
      return `An order of ${money("amount") ?? "an amount"} by ${who} was voided`;
    case "balance.order":
      return `${money("amount") ?? "An order"} from ${product} reached the balance (fee ${money("fee") ?? "none"})`;
    case "balance.refund":
      return `${money("amount") ?? "A refund"} left the balance for a refund to ${who}`;
    case "balance.dispute":
      return `A dispute by ${who} moved ${money("amount") ?? "an amount"} on the balance`;
    case "checkout.created":
      return `${who} opened a checkout for ${product}`;
    case "subscription.created":
      return `${who} subscribed to ${product}${perInterval(m, locale)}`;
    case "subscription.cycled":
      return `${who}'s ${product} subscription renewed`;
    case "subscription.canceled":
      return `${who} canceled ${product}${typeof m.ends_at === "string" ? `, ending ${formatDateTime(m.ends_at, locale)}` : ""}`;
    case "subscription.past_due":
      return `${who}'s payment for ${product} failed: the subscription is past due`;
    case "subscription.paused":
      return `${who} paused ${product}`;
    case "subscription.updated":
      return `${who} changed their ${product} subscription`;
    case "subscription.revoked":
      return `${who}'s ${product} subscription was revoked`;
    case "benefit.granted":
      return `${who} was granted ${nameOf(m.benefit_id, names.benefit) ?? "a benefit"}`;
    case "benefit.revoked":
      return `${who} lost ${nameOf(m.benefit_id, names.benefit) ?? "a benefit"}`;
    case "meter.credited":
      if (creditsNothing(event)) return `No ${nameOf(m.meter_id, names.meter) ?? "usage"} credited to ${who}`;
      return `${who} was credited ${count(m.units)} units of ${nameOf(m.meter_id, names.meter) ?? "a meter"}`;
    case "customer.created":
      return `${who} became a customer`;
    case "customer.updated":
      return `${who} updated their details`;
    case "customer.deleted":
      return `${who} was deleted`;
    case "api.request":
      return `${who}: ${text(m.method) ?? "request"}${text(m.route) ? ` ${m.route}` : ""}${m.status !== undefined ? ` answered ${m.status}` : ""}${m.duration_ms !== undefined ? ` in ${count(m.duration_ms)} ms` : ""}`;
    case "llm.completion":
      return `${who}: a ${llmModel(m) ?? "model"} completion${llmTokens(m)}`;
    case "tool.call":
      return `${who}: the ${text(m.tool) ?? "tool"} tool ${m.ok === false ? "failed" : "ran"}${m.duration_ms !== undefined ? ` in ${count(m.duration_ms)} ms` : ""}`;
    case "db.query":
      return `${who}: a query on ${text(m.table) ?? "a table"} read ${count(m.rows)} rows`;
    case "cache.miss":
      return `${who}: cache miss for ${text(m.key) ?? "a key"}`;
    case "cache.fill":
      return `${who}: cache filled for ${text(m.key) ?? "a key"}`;
    case "page.view":
      return `A visitor viewed ${text(m.path) ?? "a page"}${typeof m.referrer === "string" ? ` (from ${m.referrer})` : ""}`;
    default:
      return who === "Someone" ? event.label : `${event.label}: ${who}`;
  }
}

/**
 * An event that records that nothing happened: a period began with 0 units of a meter
 * credited. The list still shows it (its counts and pages are the service's) as a quiet line.
 */
export function creditsNothing(event: Pick<EventLike, "name" | "metadata">): boolean {
  return event.name === "meter.credited" && (event.metadata as Record<string, unknown>).units === 0;
}

/** Who did it, as people know them: the customer's name, their e-mail, or their ID in the app's system. */
export function whoOf(event: EventLike, names: Names): string {
  return (
    event.customer?.name ??
    (event.customer_id ? names.customer(event.customer_id) : undefined) ??
    event.customer?.email ??
    event.external_customer_id ??
    "Someone"
  );
}

export interface Fact {
  label: string;
  value: string;
  /** A record this fact names, for a link. */
  link?: { kind: "customer" | "order"; id: string };
}

/** Keys whose values are amounts in the currency's minor unit. */
const MONEY_KEYS = new Set([
  "amount",
  "fee",
  "tax_amount",
  "net_amount",
  "presentment_amount",
  "refunded_amount",
  "discount_amount",
]);

/** IDs nobody recognizes (a transaction, a grant): shown only with the developer switch. */
const OPAQUE_KEY = /(^|_)id$/;

/**
 * The metadata as facts: amounts as money in the event's currency, records by name, dates
 * as dates; IDs nothing names are left to the developer view (`raw`), as are nested objects.
 */
export function eventFacts(metadata: object, names: Names, locale?: string): Fact[] {
  const m = metadata as Record<string, unknown>;
  const facts: Fact[] = [];
  for (const [key, value] of Object.entries(m)) {
    if (value === null || value === undefined || typeof value === "object") continue;
    if (key === "currency" || key === "presentment_currency") continue;
    // Said with the interval ("every 3 months"); a count of 1 says nothing.
    if (key === "recurring_interval_count") continue;
    // The same money twice (net equal to the amount, charged in the same currency) is said once.
    if (repeatsAmount(m, key)) continue;
    const label = factLabel(key);
    if (MONEY_KEYS.has(key) && typeof value === "number") {
      const currency = key.startsWith("presentment") ? (m.presentment_currency ?? m.currency) : m.currency;
      facts.push({
        label,
        value: typeof currency === "string" ? formatMoney(value, currency, locale) : String(value),
      });
      continue;
    }
    if (typeof value === "string" && OPAQUE_KEY.test(key)) {
      const named = namedRecord(key, value, names);
      if (named) facts.push(named);
      continue;
    }
    if (key.startsWith("customer_") && key !== "customer_cancellation_reason") continue;
    if (typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value)) {
      facts.push({ label, value: formatDateTime(value, locale) });
      continue;
    }
    if (typeof value === "boolean") {
      facts.push({ label, value: value ? "Yes" : "No" });
      continue;
    }
    if (key === "recurring_interval" && typeof value === "string") {
      facts.push({ label, value: intervalWords(value, m.recurring_interval_count) });
      continue;
    }
    facts.push({ label, value: typeof value === "string" ? wordsOf(key, value) : count(value) });
  }
  return facts;
}

/** "month", or "3 months" when billed every few. */
function intervalWords(interval: string, n: unknown): string {
  return typeof n === "number" && n > 1 ? `${n} ${interval}s` : interval;
}

function repeatsAmount(m: Record<string, unknown>, key: string): boolean {
  if (key === "net_amount") return m.net_amount === m.amount;
  if (key === "presentment_amount") {
    return m.presentment_amount === m.amount && (m.presentment_currency ?? m.currency) === m.currency;
  }
  return false;
}

function namedRecord(key: string, id: string, names: Names): Fact | undefined {
  switch (key) {
    case "customer_id": {
      const name = names.customer(id);
      return name ? { label: "Customer", value: name, link: { kind: "customer", id } } : undefined;
    }
    case "order_id": {
      const name = names.order(id);
      return name ? { label: "Order", value: name, link: { kind: "order", id } } : undefined;
    }
    case "product_id":
      return optionalFact("Product", names.product(id));
    case "benefit_id":
      return optionalFact("Benefit", names.benefit(id));
    case "meter_id":
      return optionalFact("Meter", names.meter(id));
    default:
      return undefined;
  }
}

function optionalFact(label: string, value: string | undefined): Fact | undefined {
  return value ? { label, value } : undefined;
}

const LABELS: Record<string, string> = {
  amount: "Amount",
  fee: "Fee",
  tax_amount: "Tax",
  net_amount: "Net amount",
  presentment_amount: "Charged",
  refunded_amount: "Refunded",
  billing_type: "Billing",
  duration_ms: "Duration (ms)",
  recurring_interval: "Billed every",
  customer_cancellation_reason: "Reason for cancelling",
};

function factLabel(key: string): string {
  return LABELS[key] ?? humanize(key.replace(/_at$/, ""));
}

function wordsOf(key: string, value: string): string {
  if (key === "billing_type" || key === "benefit_type" || key === "checkout_status") return humanize(value);
  // A code the service sends ("customer_request", "too_expensive") reads as words.
  if (/^[a-z]+(_[a-z]+)+$/.test(value)) return humanize(value);
  return value;
}

function nameOf(id: unknown, lookup: (id: string) => string | undefined): string | undefined {
  return typeof id === "string" ? lookup(id) : undefined;
}

function moneyOf(m: Record<string, unknown>, key: string, locale?: string): string | undefined {
  const amount = m[key];
  const currency = m.currency;
  if (typeof amount !== "number" || typeof currency !== "string") return undefined;
  return formatMoney(Math.abs(amount), currency, locale);
}

function perInterval(m: Record<string, unknown>, locale?: string): string {
  const price = moneyOf(m, "amount", locale);
  if (!price || typeof m.recurring_interval !== "string") return "";
  const n = typeof m.recurring_interval_count === "number" ? m.recurring_interval_count : 1;
  return ` at ${price} ${n === 1 ? `per ${m.recurring_interval}` : `every ${n} ${m.recurring_interval}s`}`;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A number as the reader writes it; "some" when the event does not say how many. */
function count(value: unknown): string {
  if (typeof value === "number") return value.toLocaleString();
  return value === undefined || value === null ? "some" : String(value);
}

function llmModel(m: Record<string, unknown>): string | undefined {
  const llm = m._llm as Record<string, unknown> | undefined;
  return text(llm?.model) ?? text(m.model);
}

function llmTokens(m: Record<string, unknown>): string {
  const llm = m._llm as Record<string, unknown> | undefined;
  return typeof llm?.total_tokens === "number" ? `, ${count(llm.total_tokens)} tokens` : "";
}
