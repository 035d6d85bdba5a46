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
// @ts-nocheck

describe("what each payload says, field by field", () => {
  /** A sandbox without seed data whose every event is kept; `data(type)` is the last one's data. */
  function sending() {
    const { sandbox } = frozenSandbox({ seed: false });
    sandbox.webhooks.add({ handler: () => new Response(null, { status: 204 }) });
    // biome-ignore lint/suspicious/noExplicitAny: tests read fields of payloads freely
    const data = async (type: string): Promise<any> => {
      await sandbox.webhooks.settled();
      return sandbox.webhooks.deliveries.filter((d) => d.type === type).at(-1)?.payload.data;
    };
    return { sandbox, data };
  }

  it("an unpaid order: all of it due, no receipt, nothing refundable; numbered after its organization", async () => {
    const { sandbox, data } = sending();
    const product = sandbox.add.product({ organization: "acme", name: "Desk lamp", recurring: null });
    const customer = sandbox.add.customer({ organization: "acme" });
    const order = sandbox.add.order({ customer, product, status: "pending", amount: 4_000, tax: 800 });
    expect(await data("order.created")).toMatchObject({
      id: order.id,
      status: "pending",
      paid: false,
      subtotal_amount: 4_000,
      net_amount: 4_000,
      tax_amount: 800,
      total_amount: 4_800,
      due_amount: 4_800,
      receipt_number: null,
      invoice_number: `ACME-${order.id.slice(0, 8).toUpperCase()}`,
      is_invoice_generated: false,
      refundable_amount: 0,
      refundable_tax_amount: 0,
      description: "Desk lamp",
      product_id: product.id,
      product: { id: product.id, name: "Desk lamp" },
      items: [
        { label: "Desk lamp", amount: 4_000, tax_amount: 800, product_price_id: product.prices[0]?.id },
      ],
      subscription: null,
      seats: null,
    });
  });

  it("a paid order with a refund: the receipt is the invoice's number, taxes refunded and refundable", async () => {
    const { sandbox, data } = sending();
    const order = sandbox.add.order({ amount: 10_000, tax: 2_000 });
    sandbox.add.refund({ order, amount: 3_000, status: "succeeded" });
    const refunded = await data("order.refunded");
    const refund = sandbox.state.refunds[0];
    expect(refund?.tax_amount).toBeGreaterThan(0);
    expect(refunded).toMatchObject({
      paid: true,
      due_amount: 0,
      total_amount: 12_000,
      receipt_number: refunded.invoice_number,
      refunded_amount: 3_000,
      refunded_tax_amount: refund?.tax_amount,
      refundable_amount: 7_000,
      refundable_tax_amount: 2_000 - (refund?.tax_amount ?? 0),
    });
  });

  it("a subscription's order embeds the subscription and its seats", async () => {
    const { sandbox, data } = sending();
    const subscription = sandbox.add.subscription();
    const order = await data("order.paid");
    expect(order).toMatchObject({
      subscription_id: subscription.id,
      subscription: { id: subscription.id, status: "active", metadata: {} },
      billing_reason: "subscription_create",
    });
    expect(order.subscription).not.toHaveProperty("organization_id");
    expect(order.subscription).not.toHaveProperty("meters");
  });

  it("a subscription with a discount: the discount as orders embed it, percentage or fixed", async () => {
    const { sandbox, data } = sending();
    const percent = sandbox.add.discount({ type: "percentage", amount: 1_500, duration: "repeating" });
    sandbox.add.subscription({ discount: percent });
    const withPercent = await data("subscription.created");
    expect(withPercent.discount).toMatchObject({
      id: percent.id,
      type: "percentage",
      basis_points: 1_500,
      duration: "repeating",
      duration_in_months: 3,
      redemptions_count: 1,
    });
    expect(withPercent.discount).not.toHaveProperty("amount");

    const fixed = sandbox.add.discount({ type: "fixed", amount: 500, duration: "once" });
    sandbox.add.subscription({ discount: fixed });
    sandbox.add.subscription({ discount: fixed });
    const withFixed = await data("subscription.created");
    expect(withFixed.discount).toMatchObject({
      type: "fixed",
      amount: 500,
      currency: "usd",
      amounts: { usd: 500 },
      redemptions_count: 2,
    });
    expect(withFixed.discount).not.toHaveProperty("basis_points");
    expect(withFixed.discount).not.toHaveProperty("duration_in_months");
    expect(await data("discount.created")).toMatchObject({ id: fixed.id, amount: 500, products: [] });
  });

  it("a revoked license key's grant: not granted, revoked at its last change; the grant id is stable per key", async () => {
    const { sandbox, data } = sending();
    const customer = sandbox.add.customer();
    const key = sandbox.add.licenseKey({ customer, status: "revoked" });
    const grant = await data("benefit_grant.created");
    expect(grant).toMatchObject({
      customer_id: customer.id,
      is_granted: false,
      is_revoked: true,
      revoked_at: key.modified_at ?? key.created_at,
      granted_at: key.created_at,
      properties: { license_key_id: key.id, display_key: key.display_key },
    });
    expect(grant.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await sandbox.webhooks.send("benefit_grant.revoked")).toMatchObject([
      { payload: { data: { id: grant.id } } },
    ]);
    const other = sandbox.add.licenseKey({ customer });
    const granted = await data("benefit_grant.created");
    expect(granted).toMatchObject({ is_granted: true, is_revoked: false, revoked_at: null });
    expect(granted.id).not.toBe(grant.id);
    expect(granted.properties.license_key_id).toBe(other.id);
  });
});
