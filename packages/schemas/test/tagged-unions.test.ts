// Prices, benefits, custom fields and customers are tagged unions, one shape per tag as the
// service documents them: each known shape parses and is checked, a tag the service adds later
// parses as the open variant, and the guards tell them apart.
import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  Benefit,
  BenefitTypeValues,
  Customer,
  CustomerTypeValues,
  CustomerUpdatedEvent,
  CustomField,
  CustomFieldTypeValues,
  Event,
  isBenefit,
  isCustomer,
  isCustomField,
  isEvent,
  isKnownBenefit,
  isKnownCustomer,
  isKnownCustomField,
  isKnownEvent,
  isKnownPrice,
  isPrice,
  LicenseKeyCustomer,
  ListCustomerSubscriptionsResponse,
  ListProductsResponse,
  Price,
  PriceAmountTypeValues,
} from "../src/index.js";
import {
  customerUpdatedEvent,
  llmUserEvent,
  meterCreditedEvent,
  orderPaidEvent,
  unknownSystemEvent,
} from "./fixtures/events.js";
import { productsPage } from "./fixtures/products.js";
import { customerSubscriptionsPage } from "./fixtures/subscriptions.js";
import {
  agencyCustomer,
  benefitsByType,
  colorField,
  customersByType,
  customFieldsByType,
  legacyFixedPrice,
  pricesByKind,
  tieredUsagePrice,
  webinarBenefit,
} from "./fixtures/tagged.js";
import { copy, leafIssues, without } from "./support.js";

function parseOk<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const listed = leafIssues(result.error.issues).map((i) => `${i.path.join(".")}: ${i.message}`);
    expect.fail(`expected the value to parse, got:\n${listed.join("\n")}`);
  }
  return result.data;
}

/** The leaf issues of a parse that must fail, as `path: message`. */
function problems(schema: z.ZodMiniType<unknown>, value: unknown): string[] {
  const result = schema.safeParse(value);
  expect(result.success, "expected the value to be rejected").toBe(false);
  return leafIssues(result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("prices: one shape per amount_type", () => {
  it("the fixtures cover every amount_type the SDK knows", () => {
    expect(Object.keys(pricesByKind).sort()).toEqual([...PriceAmountTypeValues].sort());
  });

  it.each(Object.entries(pricesByKind))(
    "%s parses losslessly and is told apart by isPrice",
    (kind, price) => {
      const parsed = parseOk(Price, price);
      expect(parsed).toEqual(price);
      expect(isKnownPrice(parsed)).toBe(true);
      for (const other of PriceAmountTypeValues)
        expect(isPrice(parsed, other), `isPrice(${kind} price, ${other})`).toBe(other === kind);
    },
  );

  it("a legacy recurring price carries type, recurring_interval and legacy", () => {
    const parsed = parseOk(Price, legacyFixedPrice);
    expect(isPrice(parsed, "fixed") && [parsed.type, parsed.recurring_interval, parsed.legacy]).toEqual([
      "recurring",
      "month",
      true,
    ]);
  });

  it("an amount_type added later parses as UnknownPrice, kept as sent", () => {
    const parsed = parseOk(Price, tieredUsagePrice);
    expect(parsed).toEqual(tieredUsagePrice);
    expect(isKnownPrice(parsed)).toBe(false);
    expect(PriceAmountTypeValues.some((kind) => isPrice(parsed, kind))).toBe(false);
  });

  it("a known kind without its own amounts is refused, at the missing field", () => {
    expect(problems(Price, without(pricesByKind.fixed, "price_amount"))).toContain(
      "price_amount: expected number, received undefined",
    );
    expect(problems(Price, without(pricesByKind.custom, "minimum_amount"))).toContain(
      "minimum_amount: expected number, received undefined",
    );
    expect(problems(Price, without(pricesByKind.seat_based, "seat_tiers"))).toContain(
      "seat_tiers: expected object, received undefined",
    );
    expect(problems(Price, without(pricesByKind.metered_unit, "meter"))).toContain(
      "meter: expected object, received undefined",
    );
  });

  it("a known kind never falls back to the open variant: a fixed price with a custom price's fields is refused", () => {
    const { price_amount: _, ...noAmount } = pricesByKind.fixed;
    const mixed = { ...noAmount, minimum_amount: 500, maximum_amount: null, preset_amount: null };
    expect(problems(Price, mixed)).toContain("price_amount: expected number, received undefined");
  });
});

describe("benefits: one shape per type", () => {
  it("the fixtures cover every benefit type the SDK knows", () => {
    expect(Object.keys(benefitsByType).sort()).toEqual([...BenefitTypeValues].sort());
  });

  it.each(Object.entries(benefitsByType))(
    "%s parses losslessly and is told apart by isBenefit",
    (type, benefit) => {
      const parsed = parseOk(Benefit, benefit);
      expect(parsed).toEqual(benefit);
      expect(isKnownBenefit(parsed)).toBe(true);
      for (const other of BenefitTypeValues) expect(isBenefit(parsed, other)).toBe(other === type);
    },
  );

  it("a benefit type added later parses as UnknownBenefit, its properties kept as sent", () => {
    const parsed = parseOk(Benefit, webinarBenefit);
    expect(parsed).toEqual(webinarBenefit);
    expect(isKnownBenefit(parsed)).toBe(false);
  });

  it("type, metadata, properties and visibility are required in the product list, as documented", () => {
    for (const key of ["type", "metadata", "properties", "visibility"] as const) {
      expect(problems(Benefit, without(benefitsByType.custom, key)).length, key).toBeGreaterThan(0);
    }
  });

  it("each type's properties are checked", () => {
    const discord = copy(benefitsByType.discord) as { properties: Record<string, unknown> };
    delete discord.properties.guild_id;
    expect(problems(Benefit, discord)).toContain("properties.guild_id: expected string, received undefined");
    const meterCredit = copy(benefitsByType.meter_credit) as { properties: Record<string, unknown> };
    meterCredit.properties.units = "10000";
    expect(problems(Benefit, meterCredit)).toContain("properties.units: expected number, received string");
  });

  it("the customer portal's benefits leave out metadata, properties and visibility", () => {
    const page = parseOk(ListCustomerSubscriptionsResponse, customerSubscriptionsPage);
    const benefit = page.items[0]?.product.benefits[0];
    expect(benefit?.type).toBe("custom");
    expect(benefit).not.toHaveProperty("properties");
  });
});

describe("custom fields: one shape per type", () => {
  it("the fixtures cover every custom field type the SDK knows", () => {
    expect(Object.keys(customFieldsByType).sort()).toEqual([...CustomFieldTypeValues].sort());
  });

  it.each(Object.entries(customFieldsByType))(
    "%s parses losslessly and is told apart by isCustomField",
    (type, field) => {
      const parsed = parseOk(CustomField, field);
      expect(parsed).toEqual(field);
      expect(isKnownCustomField(parsed)).toBe(true);
      for (const other of CustomFieldTypeValues) expect(isCustomField(parsed, other)).toBe(other === type);
    },
  );

  it("a custom field type added later parses as UnknownCustomField", () => {
    const parsed = parseOk(CustomField, colorField);
    expect(parsed).toEqual(colorField);
    expect(isKnownCustomField(parsed)).toBe(false);
  });

  it("a select field without options is refused", () => {
    const select = copy(customFieldsByType.select) as { properties: Record<string, unknown> };
    delete select.properties.options;
    expect(problems(CustomField, select)).toContain("properties.options: expected array, received undefined");
  });

  it("inside a product list, a broken field is reported under its product", () => {
    const page = copy(productsPage) as { items: { attached_custom_fields: { custom_field: unknown }[] }[] };
    page.items[0]!.attached_custom_fields[1]!.custom_field = {
      ...customFieldsByType.select,
      properties: { form_label: "Team size" },
    };
    expect(problems(ListProductsResponse, page)).toContain(
      "items.0.attached_custom_fields.1.custom_field.properties.options: expected array, received undefined",
    );
  });
});

describe("customers: individual or team", () => {
  it("the fixtures cover every customer type the SDK knows", () => {
    expect(Object.keys(customersByType).sort()).toEqual([...CustomerTypeValues].sort());
  });

  it.each(Object.entries(customersByType))(
    "%s parses losslessly and is told apart by isCustomer",
    (type, customer) => {
      const parsed = parseOk(Customer, customer);
      expect(parsed).toEqual(customer);
      expect(isKnownCustomer(parsed)).toBe(true);
      for (const other of CustomerTypeValues) expect(isCustomer(parsed, other)).toBe(other === type);
    },
  );

  it("an individual customer always has an e-mail address; a team may have none", () => {
    expect(problems(Customer, { ...customersByType.individual, email: null })).toContain(
      "email: expected string, received null",
    );
    expect(problems(Customer, without(customersByType.individual, "email"))).toContain(
      "email: expected string, received undefined",
    );
    parseOk(Customer, { ...customersByType.team, email: null });
    parseOk(Customer, without(customersByType.team, "email"));
  });

  it("a customer type added later parses as UnknownCustomer", () => {
    const parsed = parseOk(Customer, agencyCustomer);
    expect(parsed).toEqual(agencyCustomer);
    expect(isKnownCustomer(parsed)).toBe(false);
  });

  it("a license key embeds the one documented customer shape: an individual without e-mail still parses there", () => {
    parseOk(LicenseKeyCustomer, { ...customersByType.individual, email: null });
  });
});

describe("customer.updated: the new address's lines are absent, never null", () => {
  it("parses the lines the service sends", () => {
    parseOk(CustomerUpdatedEvent, customerUpdatedEvent);
  });

  it("refuses a null line, which the service never sends there", () => {
    const event = copy(customerUpdatedEvent);
    Object.assign(event.metadata.updated_fields.billing_address, { line2: null });
    expect(problems(CustomerUpdatedEvent, event)).toContain(
      "metadata.updated_fields.billing_address.line2: expected string, received null",
    );
  });
});

describe("events: the guards at run time", () => {
  const orderPaid = parseOk(Event, orderPaidEvent);
  const user = parseOk(Event, llmUserEvent);
  // A user event may take any name, a system event's included: only `source` tells them apart.
  const userNamedLikeSystem = parseOk(Event, { ...llmUserEvent, name: "order.paid" });
  const newSystemEvent = parseOk(Event, unknownSystemEvent);
  // A source added later, even with a known system event's name, is neither kind.
  const newSource = parseOk(Event, { ...orderPaidEvent, source: "partner" });

  it("isEvent(event, name) holds for the system event of that name only", () => {
    expect(isEvent(orderPaid, "order.paid")).toBe(true);
    expect(isEvent(orderPaid, "meter.credited")).toBe(false);
    expect(isEvent(parseOk(Event, meterCreditedEvent), "meter.credited")).toBe(true);
    expect(isEvent(userNamedLikeSystem, "order.paid")).toBe(false);
    expect(isEvent(newSystemEvent, "order.paid")).toBe(false);
    expect(isEvent(newSource, "order.paid")).toBe(false);
  });

  it('isEvent(event, "user") holds for user events, whatever their name, and for no system event', () => {
    expect(isEvent(user, "user")).toBe(true);
    expect(isEvent(userNamedLikeSystem, "user")).toBe(true);
    expect(isEvent(orderPaid, "user")).toBe(false);
    expect(isEvent(newSource, "user")).toBe(false);
  });

  it("isKnownEvent holds for known system events and every user event, not for new names or sources", () => {
    expect(isKnownEvent(orderPaid)).toBe(true);
    expect(isKnownEvent(user)).toBe(true);
    expect(isKnownEvent(userNamedLikeSystem)).toBe(true);
    expect(isKnownEvent(newSystemEvent)).toBe(false);
    expect(isKnownEvent(newSource)).toBe(false);
  });
});
