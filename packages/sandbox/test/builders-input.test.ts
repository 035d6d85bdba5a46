/**
 * Each kind of builder field refuses a value of another kind with a message naming
 * the field, what it takes and what was given (shortened when long), and takes
 * `null` only where the field says so. Nothing is written when an input is refused.
 */
import { describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";

const sandbox = createSandbox({ seed: false, now: () => new Date("2026-04-15T12:00:00.000Z") });

describe("builder fields, by kind", () => {
  it.each([
    [
      "a boolean",
      () => sandbox.add.product({ archived: "yes" as never }),
      'field "archived" must be true or false, got "yes"',
    ],
    [
      "a date that is not one",
      () => sandbox.add.event({ timestamp: "last tuesday" }),
      'field "timestamp" must be a Date or an ISO date string, got "last tuesday"',
    ],
    [
      "a date as a number",
      () => sandbox.add.event({ timestamp: 1_700_000_000_000 as never }),
      'field "timestamp" must be a Date or an ISO date string, got 1700000000000',
    ],
    [
      "refs without ids",
      () => sandbox.add.product({ customFields: [{ name: "no id" }] as never }),
      'field "customFields" must be a list of records (what builders returned) or their ids, got [{"name":"no id"}]',
    ],
    [
      "refs that are not a list",
      () => sandbox.add.product({ customFields: "one" as never }),
      'field "customFields" must be a list of records (what builders returned) or their ids, got "one"',
    ],
    [
      "a record that is a list",
      () => sandbox.add.customer({ metadata: ["a"] as never }),
      'field "metadata" must be an object, got ["a"]',
    ],
    [
      "a record that is null",
      () => sandbox.add.customer({ metadata: null as never }),
      'field "metadata" must be an object, got null',
    ],
    [
      "a list that is an object",
      () => sandbox.add.product({ prices: { amount: 5 } as never }),
      'field "prices" must be a list, got {"amount":5}',
    ],
    [
      "a duration as text",
      () => sandbox.add.licenseKey({ expiresIn: "1 day" as never }),
      'field "expiresIn" must be milliseconds or { days, hours, minutes, seconds }, got "1 day"',
    ],
    [
      "a duration as null",
      () => sandbox.add.licenseKey({ expiresIn: null as never }),
      'field "expiresIn" must be milliseconds or { days, hours, minutes, seconds }, got null',
    ],
    [
      "a whole number past the safe range",
      () => sandbox.add.order({ amount: 2 ** 53 }),
      'field "amount" must be a whole number, got 9007199254740992',
    ],
  ])("refuses %s, naming the field and what it takes", (_kind, build, message) => {
    expect(build).toThrow(message);
  });

  it("a value shown in a message is cut at 80 characters", () => {
    const long = "x".repeat(100);
    expect(() => sandbox.add.product({ archived: long as never })).toThrow(
      `sandbox.add.product: field "archived" must be true or false, got "${"x".repeat(76)}...`,
    );
  });

  it("a Date given where a date belongs is shown as one when refused elsewhere, and accepted where dates go", () => {
    const at = new Date("2026-04-01T00:00:00.000Z");
    expect(() => sandbox.add.product({ name: at as never })).toThrow(
      'field "name" must be a string, got Date(2026-04-01T00:00:00.000Z)',
    );
    expect(sandbox.add.event({ timestamp: at }).timestamp).toBe("2026-04-01T00:00:00.000Z");
  });

  it("an input that is not an object names the fields it takes", () => {
    expect(() => sandbox.add.customer("Ada" as never)).toThrow(
      'sandbox.add.customer: give an object of fields (organization, name, email, external_id, type, metadata, locale, billing), got "Ada"',
    );
    expect(() => sandbox.add.customer([] as never)).toThrow(/give an object of fields/);
    expect(() => sandbox.add.customer(null as never)).toThrow(/give an object of fields .*, got null/);
  });

  it("null is taken only where the field says so", () => {
    expect(sandbox.add.product({ description: null, recurring: null }).is_recurring).toBe(false);
    expect(sandbox.add.licenseKey({ limitUsage: null, expiresAt: null }).limit_usage).toBeNull();
    expect(() => sandbox.add.product({ archived: null as never })).toThrow(
      'field "archived" must be true or false, got null',
    );
  });

  it("a ref may be a record a builder returned or its id", () => {
    const customer = sandbox.add.customer();
    expect(sandbox.add.licenseKey({ customer }).customer_id).toBe(customer.id);
    expect(sandbox.add.licenseKey({ customer: customer.id }).customer_id).toBe(customer.id);
  });

  it("nothing is written when an input is refused", () => {
    const before = sandbox.state;
    expect(() => sandbox.add.product({ prices: "free" as never })).toThrow();
    expect(() => sandbox.add.licenseKey({ expiresIn: "soon" as never })).toThrow();
    expect(sandbox.state).toEqual(before);
  });
});
