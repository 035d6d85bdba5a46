/**
 * A webhook that arrived, in words ("Order for Alice Johnson paid, $290.00") and the record it
 * concerns, named and where to open it. Pure: names for what a payload only has by ID come in.
 * The payloads are the service's organization-side shapes (an order carries its customer and
 * product), so most sentences need no lookup at all.
 */
import type { Names } from "./event-words.js";
import { formatDate, formatMoney } from "./format.js";

/** What the app's webhook endpoint kept (server/webhooks.mjs, `GET /api/webhooks/received`). */
export type ReceivedWebhook =
  | {
      webhookId: string;
      receivedAt: string;
      verified: true;
      type: string;
      timestamp: string;
      data: unknown;
    }
  | {
      webhookId: string;
      receivedAt: string;
      verified: false;
      type: string | null;
      reason: string;
    };

export interface WebhookInWords {
  sentence: string;
  /** The record it concerns: its name, and the screen that shows it (none when it is gone). */
  record?: { name: string; path?: string };
}

type Data = Record<string, unknown>;

const customerPath = (id: string) => `/org/customers/${id}`;

export function describeWebhook(arrival: ReceivedWebhook, names: Names, locale?: string): WebhookInWords {
  if (!arrival.verified) {
    const claimed = arrival.type ? ` (it claimed to be ${arrival.type})` : "";
    return { sentence: `A delivery was refused: ${refusalWords(arrival.reason)}${claimed}` };
  }
  const data = (isObject(arrival.data) ? arrival.data : {}) as Data;
  const [kind = "", action = ""] = arrival.type.split(".");
  const money = (amount: unknown) =>
    typeof amount === "number" && typeof data.currency === "string"
      ? formatMoney(amount, data.currency, locale)
      : undefined;
  const who = customerName(data, names) ?? "a customer";
  const customerRecord = () => {
    const id = text(data.customer_id) ?? (isObject(data.customer) ? text(data.customer.id) : undefined);
    return id ? { name: customerName(data, names) ?? "The customer", path: customerPath(id) } : undefined;
  };
  const productName =
    (isObject(data.product) ? text(data.product.name) : undefined) ??
    (text(data.product_id) ? names.product(String(data.product_id)) : undefined) ??
    "a product";

  switch (kind) {
    case "order": {
      const id = text(data.id);
      const amount = money(data.total_amount);
      const record = id
        ? { name: `${productName}, ${formatDate(text(data.created_at), locale)}`, path: `/org/orders/${id}` }
        : undefined;
      const sentences: Record<string, string> = {
        created: `Order for ${who} created${amount ? `, ${amount}` : ""}`,
        paid: `Order for ${who} paid${amount ? `, ${amount}` : ""}`,
        refunded: `Order for ${who} refunded${money(data.refunded_amount) ? `, ${money(data.refunded_amount)}` : ""}`,
        updated: `Order for ${who} updated${amount ? `, ${amount}` : ""}${data.is_invoice_generated === true ? ": invoice generated" : ""}`,
      };
      return withRecord(sentences[action] ?? `Order for ${who}: ${action}`, record);
    }
    case "subscription": {
      const what: Record<string, string> = {
        created: "created",
        updated: "updated",
        active: "active",
        canceled: "set to cancel at the period's end",
        uncanceled: "no longer canceling",
        cycled: "renewed",
        revoked: "ended",
        past_due: "past due",
        paused: "paused",
        resumed: "resumed",
      };
      return withRecord(
        `${capitalize(who)}'s ${productName} subscription ${what[action] ?? action}`,
        customerRecord(),
      );
    }
    case "refund": {
      const orderId = text(data.order_id);
      const record = orderId
        ? { name: names.order(orderId) ?? "The order", path: `/org/orders/${orderId}` }
        : undefined;
      return withRecord(`Refund of ${money(data.amount) ?? "an amount"} to ${who} ${action}`, record);
    }
    case "customer": {
      const id = text(data.id);
      const name = text(data.name) ?? text(data.email) ?? "A customer";
      return withRecord(
        `Customer ${name} ${action}`,
        id ? { name, ...(action === "deleted" ? {} : { path: customerPath(id) }) } : undefined,
      );
    }
    case "product": {
      const name = text(data.name) ?? "A product";
      return withRecord(`Product ${name} ${action}`, {
        name,
        path: `/org/products?${new URLSearchParams({ query: name })}`,
      });
    }
    case "discount": {
      const name = text(data.name) ?? "A discount";
      const code = text(data.code);
      const named = code ? `${name} (${code})` : name;
      return withRecord(`Discount ${named} ${action}`, {
        name: named,
        ...(action === "deleted" ? {} : { path: "/org/discounts" }),
      });
    }
    case "benefit": {
      const name = text(data.description) ?? "A benefit";
      return withRecord(`Benefit ${name} ${action}`, { name });
    }
    case "benefit_grant": {
      const benefit =
        (isObject(data.benefit) ? text(data.benefit.description) : undefined) ??
        (text(data.benefit_id) ? names.benefit(String(data.benefit_id)) : undefined) ??
        "a benefit";
      const what: Record<string, string> = {
        created: `${capitalize(who)} was granted ${benefit}`,
        updated: `${capitalize(who)}'s ${benefit} was updated`,
        cycled: `${capitalize(who)}'s ${benefit} was renewed`,
        revoked: `${capitalize(who)} lost ${benefit}`,
      };
      return withRecord(what[action] ?? `${capitalize(who)}'s ${benefit}: ${action}`, customerRecord());
    }
    default:
      return { sentence: `${arrival.type}: an event this app has no words for yet` };
  }
}

/** Its organization, where the payload says (directly, or through its customer or product). */
export function organizationOf(arrival: ReceivedWebhook): string | undefined {
  if (!arrival.verified || !isObject(arrival.data)) return undefined;
  const data = arrival.data;
  return (
    text(data.organization_id) ??
    (isObject(data.customer) ? text(data.customer.organization_id) : undefined) ??
    (isObject(data.product) ? text(data.product.organization_id) : undefined)
  );
}

/** `WebhookVerificationError.reason`, in words. */
export function refusalWords(reason: string): string {
  const words: Record<string, string> = {
    bad_signature: "not signed with this endpoint's secret",
    missing_header: "a signature header was missing",
    malformed_timestamp: "its timestamp was not readable",
    timestamp_out_of_tolerance: "it was signed too long ago (or in the future)",
    body_not_json: "its body was not JSON",
    not_a_webhook: "its body was not a webhook event",
    body_not_raw: "its body was not passed on as sent",
  };
  return words[reason] ?? reason;
}

function customerName(data: Data, names: Names): string | undefined {
  if (isObject(data.customer)) return text(data.customer.name) ?? text(data.customer.email);
  const id = text(data.customer_id);
  return id ? names.customer(id) : undefined;
}

function withRecord(sentence: string, record: WebhookInWords["record"]): WebhookInWords {
  return record ? { sentence, record } : { sentence };
}

function isObject(value: unknown): value is Data {
  return typeof value === "object" && value !== null;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
