import { DeactivateLicenseKeyInput, ListEventsInput, ValidateLicenseKeyInput } from "@commerce-api/schemas";
import { describe, expect, test } from "vitest";
import * as z from "zod/mini";
import { checkInput, dateTimeField, dropEmpty, numberField, parsePairs } from "../src/lib/forms.js";

const organization_id = "bd4201f8-eac5-4054-b602-a58699560ff5";

describe("checkInput: a form checked with the operation's generated schema", () => {
  test("a valid form becomes the input, empty fields left out", () => {
    const checked = checkInput(ValidateLicenseKeyInput, {
      key: "ACME-1",
      organization_id,
      activation_id: "",
      increment_usage: 2,
      conditions: undefined,
    });
    expect(checked).toEqual({ ok: true, input: { key: "ACME-1", organization_id, increment_usage: 2 } });
    // A multiple choice with nothing chosen is left out too, not sent as an empty list.
    expect(checkInput(ListEventsInput, { name: "order.paid", source: [], customer_id: "" })).toEqual({
      ok: true,
      input: { name: "order.paid" },
    });
  });

  test("each bad field gets one message saying what to type", () => {
    const checked = checkInput(ValidateLicenseKeyInput, {
      key: "ACME-1",
      organization_id,
      activation_id: "not-a-uuid",
      increment_usage: -1,
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        activation_id: "Enter an ID in UUID form (8-4-4-4-12 hex digits).",
        increment_usage: "Enter 0 or more.",
      },
    });
  });

  test("a missing required field says so; text where a number belongs asks for a number", () => {
    expect(checkInput(DeactivateLicenseKeyInput, { key: "K", organization_id })).toEqual({
      ok: false,
      errors: { activation_id: "Required." },
    });
    expect(
      checkInput(ValidateLicenseKeyInput, { key: "K", organization_id, increment_usage: "two" }),
    ).toEqual({
      ok: false,
      errors: { increment_usage: "Enter a whole number." },
    });
  });

  test("a field failing several checks shows the first one's message", () => {
    const email = z.object({ email: z.string().check(z.minLength(3), z.email()) });
    expect(checkInput(email, { email: "a" })).toEqual({
      ok: false,
      errors: { email: "Enter at least 3 characters." },
    });
  });

  test("the schema's own bounds come through (query needs 3 characters, depth at most 5)", () => {
    expect(checkInput(ListEventsInput, { query: "ab", depth: 6 })).toEqual({
      ok: false,
      errors: { query: "Enter at least 3 characters.", depth: "Enter 5 or less." },
    });
  });
});

describe("field readers", () => {
  test("numberField: numbers become numbers, other text stays for the schema to refuse", () => {
    expect(numberField(" 12 ")).toBe(12);
    expect(numberField("")).toBeUndefined();
    expect(numberField("1e")).toBe("1e");
  });

  test("dateTimeField: a local date-time input becomes an ISO instant", () => {
    const iso = dateTimeField("2026-04-01T10:30");
    expect(iso).toBe(new Date("2026-04-01T10:30").toISOString());
    expect(dateTimeField("")).toBeUndefined();
  });

  test("parsePairs: key=value lines or commas, typed values", () => {
    expect(parsePairs("platform=macos\nmajor_version=2, beta=true")).toEqual({
      ok: true,
      value: { platform: "macos", major_version: 2, beta: true },
    });
    expect(parsePairs("  ")).toEqual({ ok: true });
    expect(parsePairs("platform")).toEqual({
      ok: false,
      error: 'Write each pair as key=value ("platform" has no key or no "=").',
    });
  });
});

describe("what each kind of problem asks the user to type", () => {
  const check = (shape: z.ZodMiniType<unknown, unknown>, input: Record<string, unknown>) =>
    checkInput(shape as z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>, input);

  test("text where text belongs, a date and time, an e-mail", () => {
    expect(check(z.object({ name: z.string() }), { name: 3 })).toEqual({
      ok: false,
      errors: { name: "Enter text." },
    });
    // Never the schema's own word ("Expected int."): what to type instead.
    expect(check(z.object({ n: z.int() }), { n: "x" })).toEqual({
      ok: false,
      errors: { n: "Enter a whole number." },
    });
    expect(check(z.object({ start: z.iso.datetime() }), { start: "soon" })).toEqual({
      ok: false,
      errors: { start: "Enter a date and time." },
    });
    expect(check(z.object({ email: z.email() }), { email: "nobody" })).toEqual({
      ok: false,
      errors: { email: "Enter a valid email." },
    });
  });

  test("bounds on text and on numbers", () => {
    expect(check(z.object({ note: z.string().check(z.maxLength(3)) }), { note: "long" })).toEqual({
      ok: false,
      errors: { note: "Enter at most 3 characters." },
    });
    expect(check(z.object({ seats: z.number().check(z.minimum(2)) }), { seats: 1 })).toEqual({
      ok: false,
      errors: { seats: "Enter 2 or more." },
    });
  });

  test("a choice names the choices; an unexpected field is named; one-or-a-list explains the single value", () => {
    expect(check(z.object({ sorting: z.enum(["name", "-name"]) }), { sorting: "price" })).toEqual({
      ok: false,
      errors: { sorting: "Choose one of: name, -name." },
    });
    expect(check(z.strictObject({ a: z.optional(z.string()) }), { a: "x", b: 1, c: 2 })).toEqual({
      ok: false,
      errors: { form: "Unexpected field b, c." },
    });
    expect(checkInput(ListEventsInput, { source: "robots" })).toEqual({
      ok: false,
      errors: { source: "Choose one of: system, user." },
    });
  });

  test("a check of the whole form lands on `form`, with its own message or a plain one", () => {
    const range = z
      .object({ start: z.number(), end: z.number() })
      .check(z.refine((value) => value.end >= value.start, "The end comes before the start."));
    expect(check(range, { start: 2, end: 1 })).toEqual({
      ok: false,
      errors: { form: "The end comes before the start." },
    });
    const plain = z.object({ a: z.number() }).check(z.refine(() => false));
    expect(check(plain, { a: 1 })).toEqual({ ok: false, errors: { form: "Invalid value." } });
  });
});

describe("field readers, edge cases", () => {
  test("empty values are left out; zero, false and a non-empty list are kept", () => {
    expect(dropEmpty({ a: "", b: undefined, c: [], d: 0, e: false, f: ["x"], g: null })).toEqual({
      d: 0,
      e: false,
      f: ["x"],
      g: null,
    });
  });

  test("numbers: zero is a number, infinity and words are left for the schema to refuse", () => {
    expect(numberField(" 0 ")).toBe(0);
    expect(numberField("   ")).toBeUndefined();
    expect(numberField("Infinity")).toBe("Infinity");
    expect(numberField(" two ")).toBe("two");
  });

  test("a date that does not parse is kept as typed for the schema to refuse", () => {
    expect(dateTimeField("   ")).toBeUndefined();
    expect(dateTimeField("tomorrow")).toBe("tomorrow");
  });

  test("pairs: trimmed keys and values, '=' inside a value kept, negative and decimal numbers, false", () => {
    expect(
      parsePairs(
        " tier = gold \n\n ratio=1.5, delta=-3, beta=false, query=a=b, build=1.2.3, major=12, rate=0.25",
      ),
    ).toEqual({
      ok: true,
      value: {
        tier: "gold",
        ratio: 1.5,
        delta: -3,
        beta: false,
        query: "a=b",
        build: "1.2.3",
        major: 12,
        rate: 0.25,
      },
    });
    expect(parsePairs("=gold")).toEqual({
      ok: false,
      error: 'Write each pair as key=value ("=gold" has no key or no "=").',
    });
  });
});
