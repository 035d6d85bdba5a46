/**
 * What the Webhooks screen says of what arrived: the sandbox's own deliveries, received by the
 * app's endpoint (server/webhooks.mjs), in words, each with the record it concerns.
 */
import { createSandbox } from "@commerce-api/sandbox";
import { describe, expect, test } from "vitest";
import { createWebhookInbox } from "../server/webhooks.mjs";
import type { Names } from "../src/lib/event-words.js";
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
