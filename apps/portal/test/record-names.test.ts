import { createSandbox } from "@commerce-api/sandbox";
import { describe, expect, test } from "vitest";
import { checkoutLinkName, deletableTables, discountName, recordName } from "../src/lib/record-names.js";

describe("records the API cannot list, by name", () => {
  test("read from the sandbox's state, each is named as its fixtures name it", () => {
    const sandbox = createSandbox();
    const { state, fixtures } = sandbox;
    const product = (id: string) => state.products.find((p) => p.id === id)?.name;
    expect(state.discounts.map((d) => recordName("discounts", d, product))).toEqual(
      fixtures.ids.discounts.map((d) => d.name),
    );
    expect(state.checkoutLinks.map((l) => recordName("checkout-links", l, product))).toEqual(
      fixtures.ids.checkout_links.map((l) => l.name),
    );
    expect(state.customFields.map((f) => recordName("custom-fields", f, product))).toEqual(
      fixtures.ids.custom_fields.map((f) => f.name),
    );
  });

  test("a discount with a code shows it; a link without a label names its products, never an ID", () => {
    expect(discountName({ name: "Launch week", code: "LAUNCH" })).toBe("Launch week (LAUNCH)");
    expect(discountName({ name: "Loyalty", code: null })).toBe("Loyalty");
    expect(
      checkoutLinkName({ label: null, product_ids: ["p1", "p2"] }, (id) =>
        id === "p1" ? "Acme Pro" : undefined,
      ),
    ).toBe("Acme Pro, a product");
    expect(checkoutLinkName({ label: null, product_ids: [] }, () => undefined)).toBe("A checkout link");
  });
});

describe("a record by its kind", () => {
  test("a link's own label wins over its products; a custom field by its name; each kind from its table", () => {
    const { state } = createSandbox();
    const product = (id: string) => (id === "p1" ? "Acme Pro" : undefined);
    const link = { ...state.checkoutLinks[0]!, product_ids: ["p1"] };
    expect(recordName("checkout-links", { ...link, label: "Spring sale" }, product)).toBe("Spring sale");
    expect(recordName("checkout-links", { ...link, label: null }, product)).toBe("Acme Pro");
    const discount = { ...state.discounts[0]!, name: "Loyalty", code: "LOYAL" };
    expect(recordName("discounts", discount, product)).toBe("Loyalty (LOYAL)");
    expect(recordName("custom-fields", { ...state.customFields[0]!, name: "Company size" }, product)).toBe(
      "Company size",
    );
    expect(deletableTables).toEqual({
      "checkout-links": "checkoutLinks",
      "custom-fields": "customFields",
      discounts: "discounts",
    });
  });
});
