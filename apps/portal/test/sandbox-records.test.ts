import { createSandbox } from "@commerce-api/sandbox";
import { describe, expect, test } from "vitest";
import { licenseKeyView, newestFirst, orderView } from "../src/lib/sandbox-records.js";

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
