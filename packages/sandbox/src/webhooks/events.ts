/**
 * The event types the sandbox sends, each with the kind of record its `data`
 * is, how that data is built, and which seeded record `send(type)` uses when
 * given no data (one that fits the event: a paid order for `order.paid`).
 */
import type { WebhookEventVariants } from "@commerce-api/schemas/webhooks";
import type { Records, Store } from "../state/store.js";
import {
  benefitData,
  benefitGrantData,
  customerData,
  discountData,
  type EventData,
  orderData,
  PAYLOAD_TABLES,
  type PayloadKind,
  productData,
  refundData,
  subscriptionData,
} from "./payloads.js";

type Row<K extends PayloadKind> = Records[(typeof PAYLOAD_TABLES)[K]];

interface EventType<K extends PayloadKind = PayloadKind> {
  kind: K;
  /** For `send(type)` without data: the seeded record to prefer (else the first of its kind). */
  fits?: (record: Row<K>) => boolean;
}

function of<K extends PayloadKind>(kind: K, fits?: (record: Row<K>) => boolean): EventType {
  return { kind, ...(fits ? { fits } : {}) } as EventType;
}

const paid = (order: Row<"order">) => order.status === "paid";
const refunded = (order: Row<"order">) =>
  order.status === "refunded" || order.status === "partially_refunded";
const status =
  (...statuses: string[]) =>
  (s: Row<"subscription">) =>
    statuses.includes(s.status);

/** Every event type the spec lists: the compiler asks for a new one's entry here. */
export const EVENT_TYPES: Readonly<Record<keyof WebhookEventVariants, EventType>> = {
  "customer.created": of("customer"),
  "customer.updated": of("customer"),
  "customer.deleted": of("customer"),
  "order.created": of("order"),
  "order.updated": of("order"),
  "order.paid": of("order", paid),
  "order.refunded": of("order", refunded),
  "subscription.created": of("subscription"),
  "subscription.updated": of("subscription"),
  "subscription.active": of("subscription", status("active")),
  "subscription.canceled": of("subscription", (s) => s.cancel_at_period_end || s.status === "canceled"),
  "subscription.uncanceled": of("subscription", status("active")),
  "subscription.cycled": of("subscription", status("active")),
  "subscription.revoked": of("subscription", status("canceled", "unpaid")),
  "subscription.past_due": of("subscription", status("past_due")),
  "subscription.paused": of("subscription", status("paused")),
  "subscription.resumed": of("subscription", status("active")),
  "refund.created": of("refund"),
  "refund.updated": of("refund"),
  "product.created": of("product"),
  "product.updated": of("product"),
  "benefit.created": of("benefit"),
  "benefit.updated": of("benefit"),
  "benefit_grant.created": of("benefit_grant", (key) => key.status === "granted"),
  "benefit_grant.updated": of("benefit_grant"),
  "benefit_grant.cycled": of("benefit_grant", (key) => key.status === "granted"),
  "benefit_grant.revoked": of("benefit_grant", (key) => key.status === "revoked"),
  "discount.created": of("discount"),
  "discount.updated": of("discount"),
  "discount.deleted": of("discount"),
};

export const SENDABLE_TYPES = Object.keys(EVENT_TYPES);

export function isKnownType(type: string): type is keyof WebhookEventVariants {
  return Object.hasOwn(EVENT_TYPES, type);
}

/** The data of an event about `record`, a record of the event type's kind. */
export function dataOf(kind: PayloadKind, store: Store, record: unknown): EventData {
  switch (kind) {
    case "customer":
      return customerData(record as Row<"customer">);
    case "product":
      return productData(store, record as Row<"product">);
    case "order":
      return orderData(store, record as Row<"order">);
    case "subscription":
      return subscriptionData(store, record as Row<"subscription">);
    case "refund":
      return refundData(record as Row<"refund">);
    case "discount":
      return discountData(store, record as Row<"discount">);
    case "benefit":
      return benefitData(record as Row<"benefit">);
    case "benefit_grant":
      return benefitGrantData(store, record as Row<"benefit_grant">);
  }
}

/** A record for `send(type)` without data: one that fits the event, else the first of its kind. */
export function seededRecord(type: string, store: Store): unknown {
  if (!isKnownType(type)) return undefined;
  const entry = EVENT_TYPES[type];
  const records = [...(store[PAYLOAD_TABLES[entry.kind]] as ReadonlyMap<string, unknown>).values()];
  const fits = entry.fits as ((record: unknown) => boolean) | undefined;
  return (fits && records.find(fits)) ?? records[0];
}
