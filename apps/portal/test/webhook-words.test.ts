/**
 * What the Webhooks screen says of what arrived: the sandbox's own deliveries, received by the
 * app's endpoint (server/webhooks.mjs), in words, each with the record it concerns.
 */
import { createSandbox } from "@commerce-api/sandbox";
import { describe, expect, test } from "vitest";
import { createWebhookInbox } from "../server/webhooks.mjs";
import { type Names, noNames } from "../src/lib/event-words.js";
import { formatMoney } from "../src/lib/format.js";
import { describeWebhook, organizationOf, type ReceivedWebhook } from "../src/lib/webhook-words.js";

function receiving() {
  const inbox = createWebhookInbox({ secret: "polar_whs_words-test" });
  const sandbox = createSandbox({ webhooks: [{ handler: inbox.receive, secret: inbox.secret }] });
  const names: Names = {
    customer: (id) => sandbox.state.customers.find((c) => c.id === id)?.name ?? undefined,
    product: (id) => sandbox.state.products.find((p) => p.id === id)?.name,
    benefit: () => undefined,
    meter: () => undefined,
    order: () => "Acme Pro, Apr 1, 2026",
  };
  const latest = async () => {
    await sandbox.webhooks.settled();
    return inbox.received()[0] as ReceivedWebhook;
  };
  const words = async () => describeWebhook(await latest(), names, "en-US");
  return { sandbox, inbox, words, latest };
}

const acmeToken = { authorization: "Bearer polar_oat_acme_all" };

describe("webhooks in words", () => {
  test("a paid order: who, and how much, as money; the order linked", async () => {
    const { sandbox, words } = receiving();
    const alice = sandbox.state.customers.find((c) => c.name === "Alice Johnson")!;
    const order = sandbox.add.order({ customer: alice.id, amount: 29000, tax: 0 });
    expect(await words()).toEqual({
      sentence: "Order for Alice Johnson paid, $290.00",
      record: {
        name: expect.stringMatching(/, [A-Z][a-z]{2} \d{1,2}, 20\d\d$/),
        path: `/org/orders/${order.id}`,
      },
    });
  });

  test("a deleted discount: by name and code, not linked (it is gone)", async () => {
    const { sandbox, words } = receiving();
    const discount = sandbox.state.discounts.find((d) => d.code)!;
    await sandbox.fetch(`http://sandbox.local/v1/discounts/${discount.id}`, {
      method: "DELETE",
      headers: acmeToken,
    });
    const named = `${discount.name} (${discount.code})`;
    expect(await words()).toEqual({ sentence: `Discount ${named} deleted`, record: { name: named } });
  });

  test("an invoice generated: the order's update says so, the order linked", async () => {
    const { sandbox, words, latest } = receiving();
    const order = sandbox.fixtures.ids.orders.find((o) => o.invoice === "eligible")!;
    const customer = sandbox.state.customers.find((c) => c.id === order.customer_id)!;
    const response = await sandbox.fetch(`http://sandbox.local/v1/orders/${order.id}/invoice`, {
      method: "POST",
      headers: acmeToken,
    });
    expect(response.status).toBe(202);
    expect(await words()).toMatchObject({
      sentence: `Order for ${customer.name} updated, ${formatMoney(order.amount, order.currency, "en-US")}: invoice generated`,
      record: { path: `/org/orders/${order.id}` },
    });
    expect(organizationOf(await latest())).toBe(order.organization_id);
  });

  test("a type this app has no words for, and a forged delivery, say what they are", async () => {
    const { sandbox, inbox, words } = receiving();
    await sandbox.webhooks.send("member.created", { id: "m1" });
    expect((await words()).sentence).toBe("member.created: an event this app has no words for yet");
    await inbox.receive(
      new Request("http://portal.local/api/webhooks", {
        method: "POST",
        headers: {
          "webhook-id": "msg_1",
          "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
          "webhook-signature": "v1,Zm9yZ2Vk",
        },
        body: JSON.stringify({ type: "order.paid", timestamp: new Date().toISOString(), data: {} }),
      }),
    );
    expect(await words()).toEqual({
      sentence:
        "A delivery was refused: not signed with this endpoint's secret (it claimed to be order.paid)",
    });
  });
});

describe("the record a webhook links to", () => {
  const names: Names = {
    customer: (id) => (id === "cus_1" ? "Ada Lovelace" : undefined),
    product: (id) => (id === "prod_1" ? "Acme Pro" : undefined),
    benefit: () => undefined,
    meter: () => undefined,
    order: () => undefined,
  };
  const arrival = (type: string, data: Record<string, unknown>): ReceivedWebhook => ({
    webhookId: "msg_1",
    receivedAt: "2026-04-01T00:00:00Z",
    verified: true,
    type,
    timestamp: "2026-04-01T00:00:00Z",
    data,
  });

  test("the organization, from the payload, its customer or its product", () => {
    expect(organizationOf(arrival("customer.updated", { id: "cus_1", organization_id: "org_1" }))).toBe(
      "org_1",
    );
    expect(organizationOf(arrival("order.paid", { customer: { organization_id: "org_2" } }))).toBe("org_2");
    expect(organizationOf(arrival("order.paid", { product: { organization_id: "org_3" } }))).toBe("org_3");
    expect(organizationOf(arrival("order.paid", {}))).toBeUndefined();
  });

  test("a subscription links to its customer (customer_id), not to the subscription's own id", () => {
    const words = describeWebhook(
      arrival("subscription.canceled", { id: "sub_1", customer_id: "cus_1", product_id: "prod_1" }),
      names,
      "en-US",
    );
    expect(words).toEqual({
      sentence: "Ada Lovelace's Acme Pro subscription set to cancel at the period's end",
      record: { name: "Ada Lovelace", path: "/org/customers/cus_1" },
    });
  });

  test("a customer updated is linked; a customer deleted is named but not linked (it is gone)", () => {
    const data = { id: "cus_1", name: "Ada Lovelace" };
    expect(describeWebhook(arrival("customer.updated", data), names).record).toEqual({
      name: "Ada Lovelace",
      path: "/org/customers/cus_1",
    });
    expect(describeWebhook(arrival("customer.deleted", data), names)).toEqual({
      sentence: "Customer Ada Lovelace deleted",
      record: { name: "Ada Lovelace" },
    });
  });
});

describe("every webhook type, in words", () => {
  const names: Names = {
    customer: (id) => (id === "cus_1" ? "Ada Lovelace" : undefined),
    product: (id) => (id === "prod_1" ? "Acme Pro" : undefined),
    benefit: (id) => (id === "ben_1" ? "Pro license" : undefined),
    meter: () => undefined,
    order: (id) => (id === "ord_1" ? "Acme Pro, Apr 1, 2026" : undefined),
  };
  const arrival = (type: string, data: unknown): ReceivedWebhook => ({
    webhookId: "msg_1",
    receivedAt: "2026-04-01T00:00:00Z",
    verified: true,
    type,
    timestamp: "2026-04-01T00:00:00Z",
    data,
  });
  const words = (type: string, data: unknown) => describeWebhook(arrival(type, data), names, "en-US");
  const order = {
    id: "ord_1",
    total_amount: 29000,
    currency: "usd",
    created_at: "2026-04-05T12:00:00Z",
    customer: { id: "cus_1", name: "Ada Lovelace", email: "ada@example.com" },
    product: { name: "Acme Pro" },
  };

  test("an order: who, how much, what happened; the order linked by product and date", () => {
    const record = { name: "Acme Pro, Apr 5, 2026", path: "/org/orders/ord_1" };
    expect(words("order.created", order)).toEqual({
      sentence: "Order for Ada Lovelace created, $290.00",
      record,
    });
    expect(words("order.paid", order).sentence).toBe("Order for Ada Lovelace paid, $290.00");
    expect(words("order.refunded", { ...order, refunded_amount: 5000 }).sentence).toBe(
      "Order for Ada Lovelace refunded, $50.00",
    );
    expect(words("order.refunded", order).sentence).toBe("Order for Ada Lovelace refunded");
    expect(words("order.updated", order).sentence).toBe("Order for Ada Lovelace updated, $290.00");
    expect(words("order.updated", { ...order, is_invoice_generated: false }).sentence).toBe(
      "Order for Ada Lovelace updated, $290.00",
    );
    expect(words("order.voided", order).sentence).toBe("Order for Ada Lovelace: voided");
    expect(words("order.updated", { ...order, total_amount: undefined }).sentence).toBe(
      "Order for Ada Lovelace updated",
    );
  });

  test("an order's amount needs its currency; its customer and product by ID when the payload has no objects", () => {
    const bare = {
      id: "ord_1",
      total_amount: 29000,
      customer_id: "cus_1",
      product_id: "prod_1",
      created_at: "2026-04-05T12:00:00Z",
    };
    expect(words("order.paid", bare)).toEqual({
      sentence: "Order for Ada Lovelace paid",
      record: { name: "Acme Pro, Apr 5, 2026", path: "/org/orders/ord_1" },
    });
    expect(words("order.created", { customer: { email: "bob@example.com" } })).toEqual({
      sentence: "Order for bob@example.com created",
    });
    expect(words("order.paid", { id: "ord_2", customer_id: "cus_9", product_id: "prod_9" })).toEqual({
      sentence: "Order for a customer paid",
      record: { name: "a product, —", path: "/org/orders/ord_2" },
    });
    expect(words("order.paid", "not an object")).toEqual({ sentence: "Order for a customer paid" });
  });

  test("a subscription: each change in words, its customer linked", () => {
    const subscription = {
      id: "sub_1",
      customer: { id: "cus_1", name: "Ada Lovelace" },
      product: { name: "Acme Pro" },
    };
    const changes: [string, string][] = [
      ["created", "created"],
      ["updated", "updated"],
      ["active", "active"],
      ["canceled", "set to cancel at the period's end"],
      ["uncanceled", "no longer canceling"],
      ["cycled", "renewed"],
      ["revoked", "ended"],
      ["past_due", "past due"],
      ["paused", "paused"],
      ["resumed", "resumed"],
      ["trimmed", "trimmed"],
    ];
    for (const [action, said] of changes) {
      expect(words(`subscription.${action}`, subscription)).toEqual({
        sentence: `Ada Lovelace's Acme Pro subscription ${said}`,
        record: { name: "Ada Lovelace", path: "/org/customers/cus_1" },
      });
    }
    expect(words("subscription.created", { customer_id: "cus_9" })).toEqual({
      sentence: "A customer's a product subscription created",
      record: { name: "The customer", path: "/org/customers/cus_9" },
    });
    expect(words("subscription.created", {})).toEqual({
      sentence: "A customer's a product subscription created",
    });
  });

  test("a refund: how much, to whom; its order linked by name", () => {
    const refund = { amount: 5000, currency: "usd", order_id: "ord_1", customer: { name: "Ada Lovelace" } };
    expect(words("refund.created", refund)).toEqual({
      sentence: "Refund of $50.00 to Ada Lovelace created",
      record: { name: "Acme Pro, Apr 1, 2026", path: "/org/orders/ord_1" },
    });
    expect(words("refund.updated", { order_id: "ord_9" })).toEqual({
      sentence: "Refund of an amount to a customer updated",
      record: { name: "The order", path: "/org/orders/ord_9" },
    });
    expect(words("refund.updated", {})).toEqual({ sentence: "Refund of an amount to a customer updated" });
  });

  test("a customer, a product, a discount, a benefit: by name, linked where the app shows it", () => {
    expect(words("customer.created", { id: "cus_2", email: "bob@example.com" })).toEqual({
      sentence: "Customer bob@example.com created",
      record: { name: "bob@example.com", path: "/org/customers/cus_2" },
    });
    expect(words("customer.updated", {})).toEqual({ sentence: "Customer A customer updated" });
    // Empty or non-text fields are not names or IDs.
    expect(words("customer.updated", { id: 7, name: "", email: "ada@example.com" })).toEqual({
      sentence: "Customer ada@example.com updated",
    });
    expect(words("product.updated", { name: "Acme Pro & Co" })).toEqual({
      sentence: "Product Acme Pro & Co updated",
      record: { name: "Acme Pro & Co", path: "/org/products?query=Acme+Pro+%26+Co" },
    });
    expect(words("product.created", {}).sentence).toBe("Product A product created");
    expect(words("discount.updated", { name: "Loyalty" })).toEqual({
      sentence: "Discount Loyalty updated",
      record: { name: "Loyalty", path: "/org/discounts" },
    });
    expect(words("discount.created", { name: "Launch", code: "LAUNCH" })).toEqual({
      sentence: "Discount Launch (LAUNCH) created",
      record: { name: "Launch (LAUNCH)", path: "/org/discounts" },
    });
    expect(words("discount.deleted", {}).sentence).toBe("Discount A discount deleted");
    expect(words("benefit.created", { description: "Pro license" })).toEqual({
      sentence: "Benefit Pro license created",
      record: { name: "Pro license" },
    });
    expect(words("benefit.updated", {}).sentence).toBe("Benefit A benefit updated");
  });

  test("a benefit grant: who got or lost which benefit, the customer linked", () => {
    const grant = { customer_id: "cus_1", benefit: { description: "Pro license" } };
    const record = { name: "Ada Lovelace", path: "/org/customers/cus_1" };
    expect(words("benefit_grant.created", grant)).toEqual({
      sentence: "Ada Lovelace was granted Pro license",
      record,
    });
    expect(words("benefit_grant.updated", grant).sentence).toBe("Ada Lovelace's Pro license was updated");
    expect(words("benefit_grant.cycled", grant).sentence).toBe("Ada Lovelace's Pro license was renewed");
    expect(words("benefit_grant.revoked", grant).sentence).toBe("Ada Lovelace lost Pro license");
    expect(words("benefit_grant.paused", grant).sentence).toBe("Ada Lovelace's Pro license: paused");
    expect(words("benefit_grant.created", { customer_id: "cus_1", benefit_id: "ben_1" }).sentence).toBe(
      "Ada Lovelace was granted Pro license",
    );
    expect(words("benefit_grant.revoked", { benefit_id: "ben_9" })).toEqual({
      sentence: "A customer lost a benefit",
    });
  });
});

describe("a refused delivery, in words", () => {
  const refused = (reason: string, type: string | null = null): ReceivedWebhook => ({
    webhookId: "msg_1",
    receivedAt: "2026-04-01T00:00:00Z",
    verified: false,
    type,
    reason,
  });

  test("says why it was refused, and what it claimed to be only when it claimed something", () => {
    const said: [string, string][] = [
      ["bad_signature", "not signed with this endpoint's secret"],
      ["missing_header", "a signature header was missing"],
      ["malformed_timestamp", "its timestamp was not readable"],
      ["timestamp_out_of_tolerance", "it was signed too long ago (or in the future)"],
      ["body_not_json", "its body was not JSON"],
      ["not_a_webhook", "its body was not a webhook event"],
      ["body_not_raw", "its body was not passed on as sent"],
      ["something_new", "something_new"],
    ];
    for (const [reason, words] of said) {
      expect(describeWebhook(refused(reason), noNames)).toEqual({
        sentence: `A delivery was refused: ${words}`,
      });
    }
    expect(describeWebhook(refused("bad_signature", "order.paid"), noNames).sentence).toBe(
      "A delivery was refused: not signed with this endpoint's secret (it claimed to be order.paid)",
    );
  });

  test("its organization is not taken from a payload nobody vouched for", () => {
    expect(organizationOf(refused("bad_signature", "order.paid"))).toBeUndefined();
    expect(
      organizationOf({
        ...refused("x"),
        verified: true,
        type: "order.paid",
        timestamp: "",
        data: null,
      } as ReceivedWebhook),
    ).toBeUndefined();
  });
});
