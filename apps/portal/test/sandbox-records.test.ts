import { createSandbox } from "@commerce-api/sandbox";
import { describe, expect, test, vi } from "vitest";
import { invoiceSituation, licenseKeyView, newestFirst, orderView } from "../src/lib/sandbox-records.js";

describe("orders and keys from the sandbox's current state", () => {
  const sandbox = createSandbox();
  const { state, fixtures } = sandbox;
  const product = (id: string) => state.products.find((p) => p.id === id)?.name;

  test("a seeded order reads as the seed describes it: product, amount with tax, invoice, receipt", () => {
    const views = state.orders.map((o) => orderView(o, product));
    const described = fixtures.ids.orders.map(({ id, product_name, amount, currency, invoice, receipt }) => ({
      id,
      product_name,
      amount,
      currency,
      invoice,
      receipt,
    }));
    expect(
      views.map(({ id, product_name, amount, currency, invoice, receipt }) => ({
        id,
        product_name,
        amount,
        currency,
        invoice,
        receipt,
      })),
    ).toEqual(described);
  });

  test("an order added after the seed is there too, newest first", () => {
    const customer = fixtures.ids.customers[0]!;
    const added = sandbox.add.order({ customer: customer.id, amount: 1_000, tax: 80 });
    const views = newestFirst(sandbox.state.orders.map((o) => orderView(o, product)));
    expect(views[0]).toMatchObject({ id: added.id, customer_id: customer.id, amount: 1_080 });
  });

  test("a key has expired by the sandbox's clock, as the seed says", () => {
    expect(state.licenseKeys.map((k) => [k.id, licenseKeyView(k, fixtures.now).expired])).toEqual(
      fixtures.ids.license_keys.map((k) => [k.id, k.expired]),
    );
  });
});

describe("an order and a key as the screens show them", () => {
  const sandbox = createSandbox();
  const order = sandbox.state.orders[0]!;
  const key = sandbox.state.licenseKeys[0]!;

  test("an order: its fields, what was paid with tax, a product the sandbox does not know", () => {
    const view = orderView(
      { ...order, net_amount: 1000, tax_amount: 190, receipt_pending_polls: 0 },
      () => undefined,
    );
    expect(view).toEqual({
      id: order.id,
      organization_id: order.organization_id,
      customer_id: order.customer_id,
      status: order.status,
      created_at: order.created_at,
      product_name: "An order",
      amount: 1190,
      tax: 190,
      refunded: 0,
      currency: order.currency,
      invoice: invoiceSituation(order),
      invoice_generated_at: order.invoice_generated_at,
      receipt: "ready",
    });
    // The invoice the order's record says was generated; what its succeeded refunds gave back.
    const refund = (amount: number, status: string) =>
      ({ order_id: order.id, amount, status }) as NonNullable<Parameters<typeof orderView>[2]>[number];
    expect(
      orderView({ ...order, invoice_generated_at: "2026-04-01T00:00:00Z" }, () => undefined, [
        refund(300, "succeeded"),
        refund(200, "failed"),
        refund(100, "succeeded"),
      ]),
    ).toMatchObject({ invoice_generated_at: "2026-04-01T00:00:00Z", refunded: 400 });
    expect(orderView({ ...order, receipt_pending_polls: 2 }, () => "Acme Pro")).toMatchObject({
      product_name: "Acme Pro",
      receipt: "pending",
    });
  });

  test("an invoice: none for drafts and voids, billing details needed for the rest", () => {
    const billed = { status: "paid", billing_name: "Acme", billing_address: { country: "US" } } as Parameters<
      typeof invoiceSituation
    >[0];
    expect(invoiceSituation(billed)).toBe("eligible");
    expect(invoiceSituation({ ...billed, status: "refunded" })).toBe("eligible");
    expect(invoiceSituation({ ...billed, status: "draft" })).toBe("not_eligible");
    expect(invoiceSituation({ ...billed, status: "void" })).toBe("not_eligible");
    expect(invoiceSituation({ ...billed, billing_name: null })).toBe("missing_billing_details");
    expect(invoiceSituation({ ...billed, billing_address: null })).toBe("missing_billing_details");
  });

  test("a key: its fields; expired from its expiry date on, never without one", () => {
    const expiring = { ...key, expires_at: "2026-04-10T00:00:00Z" };
    expect(licenseKeyView(expiring, "2026-04-09T23:59:59Z")).toEqual({
      id: key.id,
      key: key.key,
      organization_id: key.organization_id,
      customer_id: key.customer_id,
      benefit_id: key.benefit_id,
      status: key.status,
      expired: false,
      usage: key.usage,
      limit_usage: key.limit_usage,
    });
    expect(licenseKeyView(expiring, "2026-04-10T00:00:00Z").expired).toBe(true);
    expect(licenseKeyView({ ...key, expires_at: null }, "2099-01-01T00:00:00Z").expired).toBe(false);
  });

  test("without the sandbox's clock, a key expires by the reader's", () => {
    vi.useFakeTimers({ now: new Date("2026-04-10T00:00:01Z") });
    try {
      expect(licenseKeyView({ ...key, expires_at: "2026-04-10T00:00:00Z" }, undefined).expired).toBe(true);
      vi.setSystemTime(new Date("2026-04-09T00:00:00Z"));
      expect(licenseKeyView({ ...key, expires_at: "2026-04-10T00:00:00Z" }, undefined).expired).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  test("newest first, without changing the list it was given", () => {
    const list = [{ created_at: "2026-04-01" }, { created_at: "2026-04-03" }, { created_at: "2026-04-02" }];
    expect(newestFirst(list).map((o) => o.created_at)).toEqual(["2026-04-03", "2026-04-02", "2026-04-01"]);
    expect(list[0]!.created_at).toBe("2026-04-01");
  });
});
