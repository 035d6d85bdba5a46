/**
 * Every event the sandbox sends is valid per the generated `WebhookEvent` schemas
 * (the organization-side shapes the service sends), type by type: built from
 * seeded records by `send(type)`, and from the records builders add. (That the
 * sandbox builds every type the spec lists, the compiler checks: EVENT_TYPES is
 * keyed by the generated WebhookEventVariants.)
 */
import { KnownWebhookEvent } from "@commerce-api/schemas/webhooks";
import { describe, expect, it } from "vitest";
import { SENDABLE_TYPES } from "../src/webhooks/events.js";
import { frozenSandbox } from "./helpers.js";

function problems(payload: unknown): string[] {
  const result = KnownWebhookEvent.safeParse(payload);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("every payload is valid per the generated schemas", () => {
  const { sandbox } = frozenSandbox();
  sandbox.webhooks.add({ handler: () => new Response(null, { status: 204 }) });

  it.each(SENDABLE_TYPES)("%s, from a seeded record", async (type) => {
    const [delivery] = await sandbox.webhooks.send(type);
    expect(delivery?.payload.type).toBe(type);
    expect(problems(delivery?.payload)).toEqual([]);
  });

  it("from what builders add", async () => {
    const before = sandbox.webhooks.deliveries.length;
    const customer = sandbox.add.customer({ billing: false });
    const product = sandbox.add.product({
      licenseKeys: true,
      prices: [{ amount_type: "custom", minimum: 500 }],
    });
    sandbox.add.order({ customer, product });
    sandbox.add.licenseKey({ customer, product, status: "revoked" });
    sandbox.add.subscription({
      status: "trialing",
      cancelAtPeriodEnd: true,
      discount: sandbox.add.discount(),
    });
    sandbox.add.refund({ amount: 100 });
    await sandbox.webhooks.settled();
    const sent = sandbox.webhooks.deliveries.slice(before);
    expect(sent.map((d) => d.type)).toEqual([
      "customer.created",
      "benefit.created",
      "product.created",
      "order.created",
      "order.paid",
      "benefit_grant.created",
      "discount.created",
      "customer.created",
      "product.created",
      "subscription.created",
      "customer.created",
      "product.created",
      "order.created",
      "order.paid",
      "refund.created",
      "order.updated",
      "order.refunded",
    ]);
    for (const delivery of sent) expect(problems(delivery.payload), delivery.type).toEqual([]);
  });

  it("send(type, data) refuses data that is not the type's, naming the field", async () => {
    await expect(sandbox.webhooks.send("order.paid", { id: "not-an-order" })).rejects.toThrow(
      /the data is not a order\.paid event's: data\.\w+/,
    );
  });
});

describe("an order's amounts in its webhooks", () => {
  it("paid: nothing due; refunded: only succeeded refunds count, the rest stays refundable", async () => {
    const { sandbox } = frozenSandbox({ seed: false });
    sandbox.webhooks.add({ handler: () => new Response(null, { status: 204 }) });
    const order = sandbox.add.order({ amount: 10_000, tax: 0 });
    sandbox.add.refund({ order, amount: 3_000, status: "failed" });
    sandbox.add.refund({ order, amount: 2_000, status: "succeeded" });
    await sandbox.webhooks.settled();
    const orderData = (type: string) =>
      sandbox.webhooks.deliveries.filter((d) => d.type === type).at(-1)?.payload.data;
    expect(orderData("order.paid")).toMatchObject({ paid: true, total_amount: 10_000, due_amount: 0 });
    expect(orderData("order.refunded")).toMatchObject({
      paid: true,
      due_amount: 0,
      refunded_amount: 2_000,
      refundable_amount: 8_000,
    });
  });
});
