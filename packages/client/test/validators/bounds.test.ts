/**
 * Bounds at their edges: a value of exactly the maximum (or minimum) is accepted, one past it
 * refused, by the generated validators and by the zod schemas alike. The differential test's
 * mutations seldom land on an edge (a string "too long" is far too long), so an off-by-one in
 * validate.ts (`>=` for `>`) would pass it.
 */
import * as schemas from "@commerce-api/schemas";
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import * as validators from "../../src/generated/validators.js";
import { type Check, integer, lengthWithin, number, numberWithin, string } from "../../src/validate.js";
import { expectAgreement, type Pair, pairsOf, throughValidator } from "./differential.js";

const pairs = pairsOf(validators, schemas);
const pair = (name: string): Pair => pairs.find((p) => p.name === name)!;
const ORGANIZATION = "1dbfc517-0bbf-4301-9ba8-555ca42b9737";

/** Both sides agree on `value`, and it is accepted (or refused) as `accepted` says. */
function expectOutcome(p: Pair, value: unknown, label: string, accepted: boolean) {
  expect(expectAgreement(p, value, label), `${p.name} on ${label}`).toBe(accepted);
}

describe("bounds of the generated validators, at the edge, as zod has them", () => {
  const listEvents = pair("ListEventsInput");
  const validateKey = pair("ValidateLicenseKeyInput");
  const withConditions = (conditions: Record<string, unknown>) => ({
    key: "ACME-0001",
    organization_id: ORGANIZATION,
    conditions,
  });

  it("integers: limit 1 to 100, depth 0 to 5 (inclusive)", () => {
    for (const [limit, ok] of [
      [100, true],
      [101, false],
      [1, true],
      [0, false],
    ] as const)
      expectOutcome(listEvents, { limit }, `limit ${limit}`, ok);
    for (const [depth, ok] of [
      [5, true],
      [6, false],
      [0, true],
      [-1, false],
    ] as const)
      expectOutcome(listEvents, { depth }, `depth ${depth}`, ok);
  });

  it("strings: a condition's value up to 500 characters, its name up to 40, a filter's value up to 1000", () => {
    expectOutcome(validateKey, withConditions({ plan: "x".repeat(500) }), "a 500-character value", true);
    expectOutcome(validateKey, withConditions({ plan: "x".repeat(501) }), "a 501-character value", false);
    expectOutcome(validateKey, withConditions({ plan: "" }), "an empty value", false);
    expectOutcome(validateKey, withConditions({ ["k".repeat(40)]: 1 }), "a 40-character name", true);
    expectOutcome(validateKey, withConditions({ ["k".repeat(41)]: 1 }), "a 41-character name", false);
    const filter = (value: string) => ({
      filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value }] },
    });
    expectOutcome(listEvents, filter("v".repeat(1000)), "a 1000-character filter value", true);
    expectOutcome(listEvents, filter("v".repeat(1001)), "a 1001-character filter value", false);
  });

  it("records: conditions up to 50 entries", () => {
    const entries = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, i]));
    expectOutcome(validateKey, withConditions(entries(50)), "50 conditions", true);
    expectOutcome(validateKey, withConditions(entries(51)), "51 conditions", false);
  });
});

/**
 * The spec has no array with `maxItems` and no number with an exclusive bound on an input
 * today, so these run validate.ts's bound checks directly, beside the zod schema the
 * generator would emit for them.
 */
describe("validate.ts's bound checks beside zod's", () => {
  const agree = (check: Check, schema: z.ZodMiniType, value: unknown) => {
    const expected = schema.safeParse(value).success;
    expect(throughValidator(check, value).ok, JSON.stringify(value)).toBe(expected);
    return expected;
  };

  it("arrays: minItems 1 and maxItems 3, inclusive", () => {
    const items: Check = (value, problems, key) =>
      lengthWithin(
        (v, p) => (Array.isArray(v) ? v.map((item, i) => string(item, p, i)) : string(v, p)),
        value,
        problems,
        1,
        3,
        key,
      );
    const schema = z.array(z.string()).check(z.minLength(1), z.maxLength(3));
    expect(agree(items, schema, ["a", "b", "c"])).toBe(true);
    expect(agree(items, schema, ["a", "b", "c", "d"])).toBe(false);
    expect(agree(items, schema, ["a"])).toBe(true);
    expect(agree(items, schema, [])).toBe(false);
  });

  it("numbers: exclusive bounds refuse the bound itself, inclusive ones take it", () => {
    const exclusive: Check = (value, problems, key) =>
      numberWithin(number, value, problems, { above: 0, below: 10 }, key);
    const exclusiveSchema = z.number().check(z.gt(0), z.lt(10));
    expect(agree(exclusive, exclusiveSchema, 0)).toBe(false);
    expect(agree(exclusive, exclusiveSchema, 0.001)).toBe(true);
    expect(agree(exclusive, exclusiveSchema, 10)).toBe(false);
    expect(agree(exclusive, exclusiveSchema, 9.999)).toBe(true);
    const inclusive: Check = (value, problems, key) =>
      numberWithin(integer, value, problems, { min: -3, max: 3 }, key);
    const inclusiveSchema = z.int().check(z.gte(-3), z.lte(3));
    for (const [n, ok] of [
      [-3, true],
      [-4, false],
      [3, true],
      [4, false],
    ] as const)
      expect(agree(inclusive, inclusiveSchema, n)).toBe(ok);
  });
});
