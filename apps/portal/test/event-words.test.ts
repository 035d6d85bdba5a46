import { describe, expect, test } from "vitest";
import { describeEvent, eventFacts, type Names, noNames } from "../src/lib/event-words.js";

const names: Names = {
  ...noNames,
  product: (id) => (id === "p1" ? "Acme Pro" : undefined),
  customer: (id) => (id === "c1" ? "Alice Johnson" : undefined),
  order: (id) => (id === "o1" ? "Acme Pro, Apr 5, 2026" : undefined),
  meter: (id) => (id === "m1" ? "API requests" : undefined),
};

const event = (name: string, metadata: object) => ({
  name,
  label: name,
  customer_id: "c1",
  customer: null,
  metadata,
});

describe("events in words", () => {
  test("a paid order: who paid how much, in the order's currency, for which product", () => {
    const paid = event("order.paid", { amount: 29000, currency: "usd", product_id: "p1", order_id: "o1" });
    expect(describeEvent(paid, names, "en-US")).toBe("Alice Johnson paid $290.00 for Acme Pro");
    expect(describeEvent({ ...paid, metadata: { ...paid.metadata, currency: "eur" } }, names, "de-DE")).toBe(
      "Alice Johnson paid 290,00\u00a0€ for Acme Pro",
    );
  });

  test("a refund says the amount refunded, not the order's amount", () => {
    const refunded = event("order.refunded", { amount: 29000, refunded_amount: 5000, currency: "usd" });
    expect(describeEvent(refunded, names, "en-US")).toBe("Alice Johnson was refunded $50.00");
  });

  test("meter credits: how many units, of which meter", () => {
    const credited = event("meter.credited", { units: 5000, amount: 12, meter_id: "m1" });
    expect(describeEvent(credited, names, "en-US")).toBe(
      "Alice Johnson was credited 5,000 units of API requests",
    );
  });

  test("an unknown product or customer is named by what it is, never by its ID", () => {
    const paid = event("order.paid", { amount: 100, currency: "usd", product_id: "unknown" });
    expect(describeEvent({ ...paid, customer_id: "c9" }, names, "en-US")).toBe(
      "Someone paid $1.00 for a product",
    );
  });

  test("an event nothing describes keeps its label, with who", () => {
    expect(describeEvent({ ...event("invoice.sent", {}), label: "Invoice Sent" }, names)).toBe(
      "Invoice Sent: Alice Johnson",
    );
  });
});

describe("an event's facts", () => {
  test("amounts are money, records are names, IDs nothing names are left out", () => {
    const facts = eventFacts(
      {
        amount: 2000,
        fee: 120,
        tax_amount: 160,
        presentment_amount: 2160,
        presentment_currency: "usd",
        currency: "usd",
        product_id: "p1",
        order_id: "o1",
        transaction_id: "5b8e3f3e-6f1a-4c44-9f0b-3c2f5a1d9e77",
        meter_id: "m1",
      },
      names,
      "en-US",
    );
    expect(facts).toEqual([
      { label: "Amount", value: "$20.00" },
      { label: "Fee", value: "$1.20" },
      { label: "Tax", value: "$1.60" },
      { label: "Charged", value: "$21.60" },
      { label: "Product", value: "Acme Pro" },
      { label: "Order", value: "Acme Pro, Apr 5, 2026", link: { kind: "order", id: "o1" } },
      { label: "Meter", value: "API requests" },
    ]);
  });
});
