/**
 * Two behaviours a planted bug once broke without a test noticing: reset() restarting the
 * builders' defaults (names, emails and ids), and a partial refund's share of its order's tax,
 * in listRefunds and in the order's webhooks.
 */
import { describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import type { WebhookPayload } from "../src/webhooks/index.js";
import { get } from "./helpers.js";

describe("reset() restarts the builders' defaults", () => {
  it("a customer made after a reset is the first one made, whatever ran before", () => {
    const now = () => new Date("2026-04-15T12:00:00Z");
    const fresh = createSandbox({ seed: false, now }).add.customer();
    const sandbox = createSandbox({ seed: false, now });
    sandbox.add.customer();
    sandbox.add.order();
    sandbox.add.licenseKey({ activations: [{ label: "Laptop" }] });
    sandbox.reset();
    const again = sandbox.add.customer();
    expect(again).toEqual(fresh);
    expect(again.name).toBe("Customer 1");
  });
});

describe("a partial refund's tax", () => {
  it("is its share of the order's tax, in listRefunds and in the order's refunded and refundable tax", async () => {
    const events: WebhookPayload[] = [];
    const sandbox = createSandbox({
      seed: false,
      webhooks: [
        {
          handler: async (request) => {
            events.push(await request.json());
            return new Response(null, { status: 204 });
          },
          events: ["order.refunded"],
        },
      ],
    });
    const order = sandbox.add.order({ amount: 10_000, tax: 2_000 });
    const refund = sandbox.add.refund({ order, amount: 2_500 });
    await sandbox.webhooks.settled();

    const listed = await get(sandbox, `/v1/refunds/?order_id=${order.id}`, "polar_oat_acme_all");
    expect(
      listed.json.items.map((r: { amount: number; tax_amount: number }) => [r.amount, r.tax_amount]),
    ).toEqual([[2_500, 500]]);
    expect(refund.tax_amount).toBe(500);
    const [refunded] = events;
    expect(refunded?.data).toMatchObject({
      status: "partially_refunded",
      refunded_amount: 2_500,
      refunded_tax_amount: 500,
      refundable_amount: 7_500,
      refundable_tax_amount: 1_500,
    });
  });
});
