// Inputs are checked strictly, with every bound of the seed's Limits part, before any request.
import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  DeactivateLicenseKeyInput,
  DeleteCheckoutLinkInput,
  DeleteCustomFieldInput,
  DeleteDiscountInput,
  GenerateOrderInvoiceInput,
  GetCustomerLicenseKeyInput,
  GetOrderReceiptInput,
  ListCustomerPaymentMethodsInput,
  ListCustomerSubscriptionsInput,
  ListEventsInput,
  ListMyPaymentMethodsInput,
  ListProductsInput,
  ListRefundsInput,
  ValidateLicenseKeyInput,
} from "../src/index.js";
import { ACTIVATION_ID, CUSTOMER_ID, ORDER_ID, ORGANIZATION_ID, PRODUCT_ID } from "./fixtures/ids.js";
import { leafIssues, topPaths } from "./support.js";

type Schema = z.ZodMiniType<unknown>;

function accepts(schema: Schema, input: unknown): void {
  const result = schema.safeParse(input);
  expect(result.success, result.success ? "" : JSON.stringify(result.error.issues)).toBe(true);
  // Inputs are checked, not rewritten.
  expect(result.data).toStrictEqual(input);
}

/** The issues of an input that must be rejected. */
function rejects(schema: Schema, input: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(input);
  expect(result.success, "expected the input to be rejected").toBe(false);
  return result.error?.issues ?? [];
}

const validate = { key: "4F1A9C2E-7B3D-4E8A-9C0F-2D6B8E1A5C3F", organization_id: ORGANIZATION_ID };

/** `count` condition pairs `k0: 0, k1: 1, …`. */
function pairs(count: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
}

// Every list operation, with the smallest input it takes.
const lists: [string, Schema, Record<string, unknown>][] = [
  ["listEvents", ListEventsInput, {}],
  ["listProducts", ListProductsInput, {}],
  ["listRefunds", ListRefundsInput, {}],
  ["listCustomerSubscriptions", ListCustomerSubscriptionsInput, {}],
  ["listMyPaymentMethods", ListMyPaymentMethodsInput, {}],
  ["listCustomerPaymentMethods", ListCustomerPaymentMethodsInput, { id: CUSTOMER_ID }],
];

describe("page and limit (all list operations)", () => {
  it.each(lists)("%s: page 0, limit 0, limit 101 are rejected", (_name, schema, base) => {
    expect(topPaths(rejects(schema, { ...base, page: 0 }))).toEqual(["page"]);
    expect(topPaths(rejects(schema, { ...base, page: -1 }))).toEqual(["page"]);
    expect(topPaths(rejects(schema, { ...base, limit: 0 }))).toEqual(["limit"]);
    expect(topPaths(rejects(schema, { ...base, limit: 101 }))).toEqual(["limit"]);
    expect(rejects(schema, { ...base, limit: 101 })[0]?.code).toBe("too_big");
    expect(rejects(schema, { ...base, page: 0 })[0]?.code).toBe("too_small");
  });

  it.each(lists)("%s: non-integer page and limit are rejected", (_name, schema, base) => {
    expect(topPaths(rejects(schema, { ...base, page: 1.5 }))).toEqual(["page"]);
    expect(topPaths(rejects(schema, { ...base, limit: "10" }))).toEqual(["limit"]);
    expect(topPaths(rejects(schema, { ...base, limit: Number.NaN }))).toEqual(["limit"]);
  });

  it.each(lists)(
    "%s: page 1, limit 1 and limit 100 are accepted, and both may be left out",
    (_name, schema, base) => {
      accepts(schema, base);
      accepts(schema, { ...base, page: 1, limit: 1 });
      accepts(schema, { ...base, page: 1000, limit: 100 });
    },
  );

  it.each(lists)("%s: unknown keys are rejected", (_name, schema, base) => {
    const issues = rejects(schema, { ...base, per_page: 10 });
    expect(issues).toMatchObject([{ code: "unrecognized_keys", keys: ["per_page"], path: [] }]);
  });
});

describe("listEvents", () => {
  it("depth 6 and depth -1 are rejected; depth 0 and 5 are accepted", () => {
    expect(topPaths(rejects(ListEventsInput, { depth: 6 }))).toEqual(["depth"]);
    expect(topPaths(rejects(ListEventsInput, { depth: -1 }))).toEqual(["depth"]);
    expect(topPaths(rejects(ListEventsInput, { depth: 2.5 }))).toEqual(["depth"]);
    accepts(ListEventsInput, { depth: 0 });
    accepts(ListEventsInput, { depth: 5 });
    accepts(ListEventsInput, { depth: 5, parent_id: ACTIVATION_ID });
  });

  it("an unknown sorting key is rejected, also as a plain string", () => {
    expect(topPaths(rejects(ListEventsInput, { sorting: ["created_at"] }))).toEqual(["sorting.0"]);
    expect(topPaths(rejects(ListEventsInput, { sorting: ["-timestamp", "name"] }))).toEqual(["sorting.1"]);
    expect(topPaths(rejects(ListEventsInput, { sorting: "-timestamp" }))).toEqual(["sorting"]);
    accepts(ListEventsInput, { sorting: ["-timestamp"] });
    accepts(ListEventsInput, { sorting: ["timestamp"] });
  });

  it("filter: an object, or the JSON text the service reads; either is checked as a meter filter", () => {
    const filter = {
      conjunction: "and",
      clauses: [{ property: "name", operator: "eq", value: "order.paid" }],
    };
    accepts(ListEventsInput, { filter });
    accepts(ListEventsInput, { filter: JSON.stringify(filter) });
    const notJson = rejects(ListEventsInput, { filter: "{conjunction: and}" });
    expect(leafIssues(notJson).map((i) => `${i.path.join(".")}: ${i.message}`)).toContain(
      "filter: expected JSON text",
    );
    const badOperator = JSON.stringify({
      ...filter,
      clauses: [{ ...filter.clauses[0], operator: "equals" }],
    });
    expect(
      leafIssues(rejects(ListEventsInput, { filter: badOperator })).map((i) => i.path.join(".")),
    ).toContain("filter.clauses.0.operator");
  });

  it("an unknown source is rejected, alone or in an array (enums are strict in inputs)", () => {
    expect(topPaths(rejects(ListEventsInput, { source: "partner" }))).toEqual(["source"]);
    expect(topPaths(rejects(ListEventsInput, { source: ["system", "partner"] }))).toEqual(["source"]);
    accepts(ListEventsInput, { source: "system" });
    accepts(ListEventsInput, { source: ["system", "user"] });
  });

  it("ids must be UUIDs, alone or in arrays", () => {
    expect(topPaths(rejects(ListEventsInput, { organization_id: "org_123" }))).toEqual(["organization_id"]);
    expect(topPaths(rejects(ListEventsInput, { customer_id: [CUSTOMER_ID, "cus_1"] }))).toEqual([
      "customer_id.1",
    ]);
    expect(topPaths(rejects(ListEventsInput, { meter_id: "not-a-uuid" }))).toEqual(["meter_id"]);
    accepts(ListEventsInput, { organization_id: ORGANIZATION_ID, customer_id: [CUSTOMER_ID] });
    // External ids and names are free strings.
    accepts(ListEventsInput, { external_customer_id: ["user_1", "user_2"], name: "order.paid" });
  });

  it("timestamps need a date, a time and an offset", () => {
    expect(topPaths(rejects(ListEventsInput, { start_timestamp: "2026-04-01" }))).toEqual([
      "start_timestamp",
    ]);
    expect(topPaths(rejects(ListEventsInput, { end_timestamp: "2026-04-01T00:00:00" }))).toEqual([
      "end_timestamp",
    ]);
    accepts(ListEventsInput, {
      start_timestamp: "2026-04-01T00:00:00Z",
      end_timestamp: "2026-04-30T23:59:59+02:00",
    });
  });

  it("metadata filters take scalars or arrays of scalars, not objects", () => {
    accepts(ListEventsInput, { metadata: { plan: "pro", seats: 3, trial: false, region: ["eu", "us"] } });
    expect(topPaths(rejects(ListEventsInput, { metadata: { plan: { name: "pro" } } }))).toEqual([
      "metadata.plan",
    ]);
    expect(topPaths(rejects(ListEventsInput, { metadata: { plan: null } }))).toEqual(["metadata.plan"]);
  });

  it("filter: nested groups of clauses are accepted; unknown operators and conjunctions are rejected", () => {
    const filter = {
      conjunction: "and",
      clauses: [
        { property: "name", operator: "eq", value: "ai_usage" },
        {
          conjunction: "or",
          clauses: [
            { property: "metadata.model", operator: "like", value: "gpt-%" },
            { property: "metadata.total_tokens", operator: "gte", value: 1000 },
          ],
        },
      ],
    };
    accepts(ListEventsInput, { filter });
    const badOperator = {
      conjunction: "and",
      clauses: [{ property: "name", operator: "contains", value: "x" }],
    };
    expect(topPaths(rejects(ListEventsInput, { filter: badOperator }))).toEqual(["filter.clauses.0"]);
    expect(topPaths(rejects(ListEventsInput, { filter: { conjunction: "xor", clauses: [] } }))).toEqual([
      "filter.conjunction",
    ]);
  });

  it("filter values: strings up to 1000 characters, 32-bit integers, booleans", () => {
    const clause = (value: unknown) => ({
      conjunction: "and",
      clauses: [{ property: "metadata.x", operator: "eq", value }],
    });
    accepts(ListEventsInput, { filter: clause("x".repeat(1000)) });
    accepts(ListEventsInput, { filter: clause(2147483647) });
    accepts(ListEventsInput, { filter: clause(-2147483648) });
    accepts(ListEventsInput, { filter: clause(true) });
    expect(ListEventsInput.safeParse({ filter: clause("x".repeat(1001)) }).success).toBe(false);
    expect(ListEventsInput.safeParse({ filter: clause(2147483648) }).success).toBe(false);
    expect(ListEventsInput.safeParse({ filter: clause(1.5) }).success).toBe(false);
  });

  it("cursor_pagination is a boolean", () => {
    accepts(ListEventsInput, { cursor_pagination: true });
    expect(topPaths(rejects(ListEventsInput, { cursor_pagination: "true" }))).toEqual(["cursor_pagination"]);
  });
});

describe("validateLicenseKey", () => {
  it("key and organization_id are required", () => {
    expect(topPaths(rejects(ValidateLicenseKeyInput, { organization_id: ORGANIZATION_ID }))).toEqual(["key"]);
    expect(topPaths(rejects(ValidateLicenseKeyInput, { key: validate.key }))).toEqual(["organization_id"]);
  });

  it("a non-uuid organization_id is rejected", () => {
    const issues = rejects(ValidateLicenseKeyInput, { ...validate, organization_id: "acme" });
    expect(topPaths(issues)).toEqual(["organization_id"]);
    expect(issues[0]).toMatchObject({ code: "invalid_format", format: "uuid" });
    expect(topPaths(rejects(ValidateLicenseKeyInput, { ...validate, activation_id: "act_1" }))).toEqual([
      "activation_id",
    ]);
  });

  it("activation_id, benefit_id, customer_id and increment_usage take null, as the service does", () => {
    accepts(ValidateLicenseKeyInput, {
      ...validate,
      activation_id: null,
      benefit_id: null,
      customer_id: null,
      increment_usage: null,
    });
    // null is accepted, not anything: the key and organization stay required and non-null.
    expect(topPaths(rejects(ValidateLicenseKeyInput, { ...validate, key: null }))).toEqual(["key"]);
  });

  it("increment_usage -1 is rejected; 0 is accepted", () => {
    expect(topPaths(rejects(ValidateLicenseKeyInput, { ...validate, increment_usage: -1 }))).toEqual([
      "increment_usage",
    ]);
    expect(topPaths(rejects(ValidateLicenseKeyInput, { ...validate, increment_usage: 0.5 }))).toEqual([
      "increment_usage",
    ]);
    accepts(ValidateLicenseKeyInput, { ...validate, increment_usage: 0 });
    accepts(ValidateLicenseKeyInput, { ...validate, increment_usage: 1 });
  });

  it("a conditions key of 41 characters is rejected; 40 is accepted", () => {
    const long = "k".repeat(41);
    const issues = rejects(ValidateLicenseKeyInput, { ...validate, conditions: { [long]: 1 } });
    expect(topPaths(issues)).toEqual([`conditions.${long}`]);
    expect(issues[0]?.code).toBe("invalid_key");
    accepts(ValidateLicenseKeyInput, { ...validate, conditions: { ["k".repeat(40)]: 1 } });
  });

  it("an empty conditions key is rejected", () => {
    const issues = rejects(ValidateLicenseKeyInput, { ...validate, conditions: { "": 1 } });
    expect(topPaths(issues)).toEqual(["conditions."]);
  });

  it("a conditions string value of 501 characters is rejected; 500 is accepted", () => {
    const issues = rejects(ValidateLicenseKeyInput, {
      ...validate,
      conditions: { machine: "x".repeat(501) },
    });
    expect(topPaths(issues)).toEqual(["conditions.machine"]);
    expect(issues[0]).toMatchObject({ code: "too_big", maximum: 500 });
    accepts(ValidateLicenseKeyInput, { ...validate, conditions: { machine: "x".repeat(500) } });
  });

  it("51 condition pairs are rejected; 50 are accepted", () => {
    expect(Object.keys(pairs(51))).toHaveLength(51);
    const issues = rejects(ValidateLicenseKeyInput, { ...validate, conditions: pairs(51) });
    expect(topPaths(issues)).toEqual(["conditions"]);
    accepts(ValidateLicenseKeyInput, { ...validate, conditions: pairs(50) });
  });

  it("the bounds hold together: 50 pairs of 40-character keys and 500-character values", () => {
    const conditions = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [String(i).padStart(40, "k"), "v".repeat(500)]),
    );
    accepts(ValidateLicenseKeyInput, { ...validate, conditions });
  });

  it.each([
    ["an object", { os: "macOS" }],
    ["an array", ["macOS"]],
    ["null", null],
  ])("a condition value that is %s is rejected", (_name, value) => {
    expect(
      topPaths(rejects(ValidateLicenseKeyInput, { ...validate, conditions: { machine: value } })),
    ).toEqual(["conditions.machine"]);
  });

  it("condition values may be strings, integers, floating-point numbers or booleans", () => {
    accepts(ValidateLicenseKeyInput, {
      ...validate,
      conditions: { os: "macOS", cores: 12, ratio: 0.75, arm64: true },
    });
  });

  it("unknown keys are rejected", () => {
    const issues = rejects(ValidateLicenseKeyInput, { ...validate, activation: ACTIVATION_ID, label: "x" });
    expect(issues).toMatchObject([{ code: "unrecognized_keys", keys: ["activation", "label"], path: [] }]);
  });

  it("the full input is accepted", () => {
    accepts(ValidateLicenseKeyInput, {
      ...validate,
      activation_id: ACTIVATION_ID,
      benefit_id: PRODUCT_ID,
      customer_id: CUSTOMER_ID,
      increment_usage: 1,
      conditions: { machine_id: "C02XG2JHJG5J" },
    });
  });
});

describe("other operations", () => {
  it("deactivateLicenseKey: all three fields are required, ids are UUIDs", () => {
    accepts(DeactivateLicenseKeyInput, { ...validate, activation_id: ACTIVATION_ID });
    expect(topPaths(rejects(DeactivateLicenseKeyInput, validate))).toEqual(["activation_id"]);
    expect(topPaths(rejects(DeactivateLicenseKeyInput, { ...validate, activation_id: "1" }))).toEqual([
      "activation_id",
    ]);
  });

  it.each([
    ["getCustomerLicenseKey", GetCustomerLicenseKeyInput],
    ["getOrderReceipt", GetOrderReceiptInput],
    ["deleteCheckoutLink", DeleteCheckoutLinkInput],
    ["deleteCustomField", DeleteCustomFieldInput],
    ["deleteDiscount", DeleteDiscountInput],
    ["generateOrderInvoice", GenerateOrderInvoiceInput],
    ["listCustomerPaymentMethods", ListCustomerPaymentMethodsInput],
  ])("%s: the path id must be a UUID (the service answers 422, not 404)", (_name, schema) => {
    accepts(schema, { id: ORDER_ID });
    expect(topPaths(rejects(schema, { id: "42" }))).toEqual(["id"]);
    expect(topPaths(rejects(schema, {}))).toEqual(["id"]);
    expect(rejects(schema, { id: ORDER_ID, expand: true })[0]?.code).toBe("unrecognized_keys");
  });

  it("listProducts: unknown sorting keys and visibility values are rejected", () => {
    expect(topPaths(rejects(ListProductsInput, { sorting: ["price"] }))).toEqual(["sorting.0"]);
    expect(topPaths(rejects(ListProductsInput, { visibility: ["hidden"] }))).toEqual(["visibility.0"]);
    // visibility is an array of values.
    expect(topPaths(rejects(ListProductsInput, { visibility: "public" }))).toEqual(["visibility"]);
    accepts(ListProductsInput, {
      organization_id: ORGANIZATION_ID,
      is_archived: false,
      visibility: ["public", "private"],
      sorting: ["name", "-price_amount"],
      metadata: { tier: ["pro", "team"] },
    });
  });

  it("listRefunds: unknown sorting keys and non-uuid ids are rejected", () => {
    expect(topPaths(rejects(ListRefundsInput, { sorting: ["-created"] }))).toEqual(["sorting.0"]);
    expect(topPaths(rejects(ListRefundsInput, { order_id: ["ord_1"] }))).toEqual(["order_id.0"]);
    expect(topPaths(rejects(ListRefundsInput, { succeeded: "yes" }))).toEqual(["succeeded"]);
    accepts(ListRefundsInput, { order_id: ORDER_ID, succeeded: true, sorting: ["-amount"] });
  });

  it("listCustomerSubscriptions: unknown sorting keys are rejected", () => {
    expect(topPaths(rejects(ListCustomerSubscriptionsInput, { sorting: ["-created_at"] }))).toEqual([
      "sorting.0",
    ]);
    accepts(ListCustomerSubscriptionsInput, {
      product_id: [PRODUCT_ID],
      active: true,
      sorting: ["-started_at"],
    });
  });
});

describe("messages", () => {
  it('say what is wrong in words, never zod/mini\'s bare "Invalid input"', () => {
    const long = "k".repeat(41);
    const cases: [Schema, unknown, string, string][] = [
      [ListEventsInput, { limit: 500 }, "limit", "must be at most 100"],
      [ListEventsInput, { page: 0 }, "page", "must be at least 1"],
      [ListEventsInput, { query: "ab" }, "query", "must be at least 3 characters"],
      [ListEventsInput, { depth: "2" }, "depth", "expected number, received string"],
      [ListEventsInput, { surprise: true }, "", 'unknown key "surprise"'],
      [ListEventsInput, { source: "partner" }, "source", 'expected "system" or "user", received "partner"'],
      [
        ValidateLicenseKeyInput,
        { ...validate, organization_id: "acme" },
        "organization_id",
        'expected a UUID, received "acme"',
      ],
      [
        ValidateLicenseKeyInput,
        { ...validate, conditions: { [long]: 1 } },
        `conditions.${long}`,
        `invalid key "${long}": must be at most 40 characters`,
      ],
      [GetOrderReceiptInput, {}, "id", "expected string, received undefined"],
    ];
    for (const [schema, input, path, message] of cases) {
      const issues = leafIssues(rejects(schema, input));
      expect(issues.map((i) => i.message)).not.toContain("Invalid input");
      expect(issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toContain(`${path}: ${message}`);
    }
  });
});
