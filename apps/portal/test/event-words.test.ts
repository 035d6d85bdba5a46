import { describe, expect, test } from "vitest";
import { creditsNothing, describeEvent, eventFacts, type Names, noNames } from "../src/lib/event-words.js";

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

  test("a credit of nothing says so in few words, and is marked to be shown quietly", () => {
    const nothing = event("meter.credited", { units: 0, meter_id: "m1" });
    expect(describeEvent(nothing, names, "en-US")).toBe("No API requests credited to Alice Johnson");
    expect(creditsNothing(nothing)).toBe(true);
    expect(creditsNothing(event("meter.credited", { units: 5, meter_id: "m1" }))).toBe(false);
    expect(creditsNothing(event("meter.credited", { units: null }))).toBe(false);
    expect(creditsNothing(event("order.paid", { units: 0 }))).toBe(false);
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

describe("every event the service sends, in words", () => {
  const usd = { currency: "usd" };
  const sentence = (name: string, metadata: object, who: Partial<ReturnType<typeof event>> = {}) =>
    describeEvent({ ...event(name, metadata), ...who }, names, "en-US");

  test("orders and the balance: amounts as money, always positive, with a fallback when none is given", () => {
    expect(sentence("order.paid", { product_id: "p1" })).toBe("Alice Johnson paid an order for Acme Pro");
    expect(sentence("order.refunded", { ...usd, refunded_amount: -5000 })).toBe(
      "Alice Johnson was refunded $50.00",
    );
    expect(sentence("order.refunded", {})).toBe("Alice Johnson was refunded an order");
    expect(sentence("order.voided", { ...usd, amount: 29000 })).toBe(
      "An order of $290.00 by Alice Johnson was voided",
    );
    expect(sentence("order.voided", {})).toBe("An order of an amount by Alice Johnson was voided");
    expect(sentence("balance.order", { ...usd, amount: 29000, fee: 120, product_id: "p1" })).toBe(
      "$290.00 from Acme Pro reached the balance (fee $1.20)",
    );
    expect(sentence("balance.order", {})).toBe("An order from a product reached the balance (fee none)");
    expect(sentence("balance.refund", { ...usd, amount: -5000 })).toBe(
      "$50.00 left the balance for a refund to Alice Johnson",
    );
    expect(sentence("balance.refund", {})).toBe("A refund left the balance for a refund to Alice Johnson");
    expect(sentence("balance.dispute", { ...usd, amount: -2500 })).toBe(
      "A dispute by Alice Johnson moved $25.00 on the balance",
    );
    expect(sentence("balance.dispute", {})).toBe("A dispute by Alice Johnson moved an amount on the balance");
    // An amount without its currency is not money: the fallback, not a bare number.
    expect(sentence("order.voided", { amount: 29000 })).toBe(
      "An order of an amount by Alice Johnson was voided",
    );
    expect(sentence("order.voided", { ...usd, amount: "29000" })).toBe(
      "An order of an amount by Alice Johnson was voided",
    );
  });

  test("checkouts and subscriptions: the product by name, the price and its period when known", () => {
    expect(sentence("checkout.created", { product_id: "p1" })).toBe(
      "Alice Johnson opened a checkout for Acme Pro",
    );
    const created = { ...usd, product_id: "p1", amount: 2900, recurring_interval: "month" };
    expect(sentence("subscription.created", created)).toBe(
      "Alice Johnson subscribed to Acme Pro at $29.00 per month",
    );
    expect(sentence("subscription.created", { ...created, recurring_interval_count: 1 })).toBe(
      "Alice Johnson subscribed to Acme Pro at $29.00 per month",
    );
    expect(sentence("subscription.created", { ...created, recurring_interval_count: 3 })).toBe(
      "Alice Johnson subscribed to Acme Pro at $29.00 every 3 months",
    );
    expect(sentence("subscription.created", { ...created, recurring_interval: undefined })).toBe(
      "Alice Johnson subscribed to Acme Pro",
    );
    expect(sentence("subscription.created", { product_id: "p1", recurring_interval: "month" })).toBe(
      "Alice Johnson subscribed to Acme Pro",
    );
    expect(sentence("subscription.cycled", { product_id: "p1" })).toBe(
      "Alice Johnson's Acme Pro subscription renewed",
    );
    expect(sentence("subscription.canceled", { product_id: "p1" })).toBe("Alice Johnson canceled Acme Pro");
    expect(sentence("subscription.canceled", { product_id: "p1", ends_at: "2026-04-30T12:00:00Z" })).toMatch(
      /^Alice Johnson canceled Acme Pro, ending Apr 30, 2026, \d\d:\d\d (AM|PM)$/,
    );
    expect(sentence("subscription.past_due", { product_id: "p1" })).toBe(
      "Alice Johnson's payment for Acme Pro failed: the subscription is past due",
    );
    expect(sentence("subscription.paused", { product_id: "p1" })).toBe("Alice Johnson paused Acme Pro");
    expect(sentence("subscription.updated", { product_id: "p1" })).toBe(
      "Alice Johnson changed their Acme Pro subscription",
    );
    expect(sentence("subscription.revoked", { product_id: "p1" })).toBe(
      "Alice Johnson's Acme Pro subscription was revoked",
    );
  });

  test("benefits, meters and customers: named when the sandbox knows them, said what they are otherwise", () => {
    const benefitNames: Names = { ...names, benefit: (id) => (id === "b1" ? "Pro license" : undefined) };
    const withBenefit = (name: string, benefit_id: string) =>
      describeEvent(event(name, { benefit_id }), benefitNames, "en-US");
    expect(withBenefit("benefit.granted", "b1")).toBe("Alice Johnson was granted Pro license");
    expect(withBenefit("benefit.granted", "b9")).toBe("Alice Johnson was granted a benefit");
    expect(withBenefit("benefit.revoked", "b1")).toBe("Alice Johnson lost Pro license");
    expect(withBenefit("benefit.revoked", "b9")).toBe("Alice Johnson lost a benefit");
    expect(sentence("meter.credited", { units: 3 })).toBe("Alice Johnson was credited 3 units of a meter");
    expect(sentence("customer.created", {})).toBe("Alice Johnson became a customer");
    expect(sentence("customer.updated", {})).toBe("Alice Johnson updated their details");
    expect(sentence("customer.deleted", {})).toBe("Alice Johnson was deleted");
  });

  test("usage events: what was called, how it went and how long it took", () => {
    expect(
      sentence("api.request", { method: "GET", route: "/v1/products", status: 200, duration_ms: 1250 }),
    ).toBe("Alice Johnson: GET /v1/products answered 200 in 1,250 ms");
    expect(sentence("api.request", { method: "", route: "/v1/orders" })).toBe(
      "Alice Johnson: request /v1/orders",
    );
    expect(sentence("api.request", { method: 42 })).toBe("Alice Johnson: request");
    expect(sentence("llm.completion", { _llm: { model: "gpt-5", total_tokens: 1500 } })).toBe(
      "Alice Johnson: a gpt-5 completion, 1,500 tokens",
    );
    expect(sentence("llm.completion", { model: "claude" })).toBe("Alice Johnson: a claude completion");
    expect(sentence("llm.completion", {})).toBe("Alice Johnson: a model completion");
    expect(sentence("tool.call", { tool: "search", ok: false, duration_ms: 40 })).toBe(
      "Alice Johnson: the search tool failed in 40 ms",
    );
    expect(sentence("tool.call", { ok: true })).toBe("Alice Johnson: the tool tool ran");
    expect(sentence("db.query", { table: "orders", rows: 1200 })).toBe(
      "Alice Johnson: a query on orders read 1,200 rows",
    );
    expect(sentence("db.query", { rows: 0 })).toBe("Alice Johnson: a query on a table read 0 rows");
    // Counts the event does not give are "some", never "undefined".
    expect(sentence("db.query", { table: "orders" })).toBe("Alice Johnson: a query on orders read some rows");
    expect(sentence("meter.credited", { units: null })).toBe(
      "Alice Johnson was credited some units of a meter",
    );
    expect(sentence("cache.miss", { key: "prices" })).toBe("Alice Johnson: cache miss for prices");
    expect(sentence("cache.miss", {})).toBe("Alice Johnson: cache miss for a key");
    expect(sentence("cache.fill", { key: "prices" })).toBe("Alice Johnson: cache filled for prices");
    expect(sentence("cache.fill", {})).toBe("Alice Johnson: cache filled for a key");
    expect(sentence("page.view", { path: "/pricing", referrer: "news.example" })).toBe(
      "A visitor viewed /pricing (from news.example)",
    );
    expect(sentence("page.view", {})).toBe("A visitor viewed a page");
  });

  test("an event nobody is named on keeps its label alone", () => {
    expect(
      describeEvent({ ...event("invoice.sent", {}), label: "Invoice Sent", customer_id: null }, names),
    ).toBe("Invoice Sent");
  });
});

describe("who did it", () => {
  const who = (fields: object) =>
    describeEvent({ name: "customer.created", label: "", metadata: {}, ...fields }, names, "en-US");

  test("the event's customer by name first, then the sandbox's name, their e-mail, the app's own ID", () => {
    expect(who({ customer: { name: "Bob", email: "bob@example.com" }, customer_id: "c1" })).toBe(
      "Bob became a customer",
    );
    expect(who({ customer: { name: null, email: "bob@example.com" }, customer_id: "c1" })).toBe(
      "Alice Johnson became a customer",
    );
    expect(
      who({ customer: { email: "bob@example.com" }, customer_id: "c9", external_customer_id: "ext_7" }),
    ).toBe("bob@example.com became a customer");
    expect(who({ customer_id: "c9", external_customer_id: "ext_7" })).toBe("ext_7 became a customer");
    expect(who({})).toBe("Someone became a customer");
  });
});

describe("an event's facts, key by key", () => {
  const facts = (metadata: object) => eventFacts(metadata, names, "en-US");

  test("money in its own currency; the charged amount in the presentment currency; none without a currency", () => {
    expect(
      facts({ amount: 1000, currency: "eur", presentment_amount: 1100, presentment_currency: "usd" }),
    ).toEqual([
      { label: "Amount", value: "€10.00" },
      { label: "Charged", value: "$11.00" },
    ]);
    expect(facts({ presentment_amount: 1100, currency: "eur" })).toEqual([
      { label: "Charged", value: "€11.00" },
    ]);
    expect(facts({ net_amount: 900, refunded_amount: 100, discount_amount: 50, currency: "usd" })).toEqual([
      { label: "Net amount", value: "$9.00" },
      { label: "Refunded", value: "$1.00" },
      { label: "Discount amount", value: "$0.50" },
    ]);
    expect(facts({ amount: 1000 })).toEqual([{ label: "Amount", value: "1000" }]);
    expect(facts({ amount: "n/a", currency: "usd" })).toEqual([{ label: "Amount", value: "n/a" }]);
  });

  test("a customer the sandbox knows is named and linked; IDs nothing names are left out", () => {
    expect(facts({ customer_id: "c1" })).toEqual([
      { label: "Customer", value: "Alice Johnson", link: { kind: "customer", id: "c1" } },
    ]);
    expect(
      facts({
        customer_id: "c9",
        order_id: "o9",
        product_id: "p9",
        benefit_id: "b9",
        meter_id: "m9",
        id: "x",
      }),
    ).toEqual([]);
    const benefitNames: Names = { ...names, benefit: (id) => (id === "b1" ? "Pro license" : undefined) };
    expect(eventFacts({ benefit_id: "b1" }, benefitNames)).toEqual([
      { label: "Benefit", value: "Pro license" },
    ]);
  });

  test("the customer's own fields stay out (the row says who), except why they canceled", () => {
    expect(
      facts({
        customer_email: "a@example.com",
        customer_name: "Alice",
        customer_cancellation_reason: "too_expensive",
      }),
    ).toEqual([{ label: "Reason for cancelling", value: "Too expensive" }]);
  });

  test("dates as dates, yes and no, numbers grouped, kinds in words, nested and empty values left out", () => {
    const listed = facts({
      ends_at: "2026-04-30T12:00:00Z",
      will_renew: true,
      is_trial: false,
      units: 12000,
      billing_type: "recurring",
      benefit_type: "license_keys",
      checkout_status: "succeeded",
      reason: "customer_request",
      recurring_interval: "month",
      recurring_interval_count: 3,
      duration_ms: 1250,
      rate_attempts: 2,
      identity_provider: "google",
      seat_id: 4,
      note: "paid on 2026-04-30T12:00:00Z",
      nested: { a: 1 },
      nothing: null,
      missing: undefined,
    });
    expect(listed).toEqual([
      { label: "Ends", value: expect.stringMatching(/^Apr 30, 2026, \d\d:\d\d (AM|PM)$/) },
      { label: "Will renew", value: "Yes" },
      { label: "Is trial", value: "No" },
      { label: "Units", value: "12,000" },
      { label: "Billing", value: "Recurring" },
      { label: "Benefit type", value: "License keys" },
      { label: "Checkout status", value: "Succeeded" },
      // Codes in words; the interval with its count, said once.
      { label: "Reason", value: "Customer request" },
      { label: "Billed every", value: "3 months" },
      { label: "Duration (ms)", value: "1,250" },
      { label: "Rate attempts", value: "2" },
      { label: "Identity provider", value: "google" },
      { label: "Seat id", value: "4" },
      { label: "Note", value: "paid on 2026-04-30T12:00:00Z" },
    ]);
  });
});
