import { DeactivateLicenseKeyInput, ListEventsInput, ValidateLicenseKeyInput } from "@commerce-api/schemas";
import { describe, expect, test } from "vitest";
import { checkInput, dateTimeField, numberField, parsePairs } from "../src/lib/forms.js";

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
