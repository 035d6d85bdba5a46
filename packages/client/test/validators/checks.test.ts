/**
 * validate.ts's checks one by one, beside the zod schema the generator would emit for each:
 * the outcome must be the same (accepted or not, the parsed value, every issue's path, code
 * and message), on the edge cases the spec's own types seldom reach (a NaN, an integer past
 * the safe range, a record made by a class, a key named `__proto__`, a character outside the
 * Basic Multilingual Plane). Some checks (email, url, null) serve specs other than ours.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import * as validators from "../../src/generated/validators.js";
import {
  type Check,
  checkOtherKeys,
  date,
  datetime,
  email,
  guid,
  integer,
  ip,
  keepUnknownKeys,
  lengthWithin,
  literal,
  matches,
  nullValue,
  number,
  numberWithin,
  type Problem,
  present,
  record,
  string,
  unknownTag,
  url,
  uuid,
} from "../../src/validate.js";
import { type Outcome, throughSchema, throughValidator } from "./differential.js";

/**
 * Both give the same outcome for `value` (accepted or not, the parsed value, each issue's path
 * and code); returns the validator's, whose messages the tests below assert (the schemas'
 * messages come from their generated `error` parameter, which a hand-made zod schema lacks).
 */
function same(check: Check, schema: z.ZodMiniType, value: unknown) {
  const withoutWords = (outcome: Outcome) =>
    outcome.ok ? outcome : { ok: false, issues: outcome.issues.map(({ path, code }) => ({ path, code })) };
  const actual = throughValidator(check, value);
  expect(withoutWords(actual), String(value)).toStrictEqual(withoutWords(throughSchema(schema, value)));
  return actual;
}

const issuesOf = (check: Check, value: unknown) => {
  const outcome = throughValidator(check, value);
  return outcome.ok ? [] : outcome.issues;
};

describe("numbers", () => {
  it("a number is finite: NaN and the infinities are the wrong type, not a number", () => {
    const schema = z.number();
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, "1"])
      expect(same(number, schema, value).ok).toBe(false);
    expect(same(number, schema, -0.5).ok).toBe(true);
  });

  it("an integer is safe: a fraction is not an int, past the safe range is a bound crossed", () => {
    const schema = z.int();
    for (const value of [1.5, 2 ** 53, -(2 ** 53), Number.POSITIVE_INFINITY, "3", Number.NaN])
      expect(same(integer, schema, value).ok).toBe(false);
    expect(issuesOf(integer, 2 ** 53)[0]?.message).toBe(`must be at most ${Number.MAX_SAFE_INTEGER}`);
    expect(issuesOf(integer, -(2 ** 53))[0]?.message).toBe(`must be at least ${Number.MIN_SAFE_INTEGER}`);
    expect(issuesOf(integer, 1.5)[0]?.message).toBe("expected int, received number");
    expect(same(integer, schema, Number.MAX_SAFE_INTEGER).ok).toBe(true);
    expect(same(integer, schema, 0).ok).toBe(true);
  });

  it("each bound says which it is in its message, as zod does", () => {
    const bounded: Check = (value, problems, key) =>
      numberWithin(number, value, problems, { min: 1, max: 9 }, key);
    const boundedSchema = z.number().check(z.gte(1), z.lte(9));
    expect(same(bounded, boundedSchema, 0)).toMatchObject({ issues: [{ message: "must be at least 1" }] });
    expect(same(bounded, boundedSchema, 10)).toMatchObject({ issues: [{ message: "must be at most 9" }] });
    const open: Check = (value, problems, key) =>
      numberWithin(number, value, problems, { above: 0, below: 10 }, key);
    const openSchema = z.number().check(z.gt(0), z.lt(10));
    expect(same(open, openSchema, 0)).toMatchObject({ issues: [{ message: "must be more than 0" }] });
    expect(same(open, openSchema, 10)).toMatchObject({ issues: [{ message: "must be less than 10" }] });
    // A bound is not checked on what is no number at all.
    expect(same(bounded, boundedSchema, "5")).toMatchObject({ issues: [{ code: "invalid_type" }] });
  });
});

describe("strings and formats", () => {
  it("lengths count characters, not UTF-16 units: two emoji are two characters", () => {
    const short: Check = (value, problems, key) => lengthWithin(string, value, problems, 2, 2, key);
    const schema = z.string().check(z.minLength(2), z.maxLength(2));
    expect(throughValidator(short, "😀😀")).toStrictEqual({ ok: true, value: "😀😀" });
    expect(issuesOf(short, "😀")).toEqual([
      { path: [], code: "too_small", message: "must be at least 2 characters" },
    ]);
    expect(same(short, schema, "abc")).toMatchObject({
      issues: [{ code: "too_big", message: "must be at most 2 characters" }],
    });
  });

  it("an array's bounds count items, in the singular for one", () => {
    const tags: Check = (value, problems, key) => lengthWithin((v) => v, value, problems, 1, 3, key);
    expect(issuesOf(tags, [])).toEqual([{ path: [], code: "too_small", message: "must be at least 1 item" }]);
    expect(issuesOf(tags, ["a", "b", "c", "d"])).toEqual([
      expect.objectContaining({ code: "too_big", message: "must be at most 3 items" }),
    ]);
  });

  it("UUIDs, date-times, emails and URLs: accepted, or refused with the format named", () => {
    const cases: [Check, z.ZodMiniType, unknown[], unknown[]][] = [
      [
        uuid,
        z.uuid(),
        ["1dbfc517-0bbf-4301-9ba8-555ca42b9737"],
        ["1dbfc517", 7, "00f1c666-fdd9-88e4-52c1-1dbfc5170bbf"],
      ],
      // What responses check a UUID with: any UUID-shaped string, whatever its version and variant bits.
      [
        guid,
        z.guid(),
        ["1dbfc517-0bbf-4301-9ba8-555ca42b9737", "00f1c666-fdd9-88e4-52c1-1dbfc5170bbf"],
        ["1dbfc517", 7, "00f1c666-fdd9-88e4-52c1-1dbfc5170bb", "00f1c666fdd988e452c11dbfc5170bbf"],
      ],
      [
        datetime,
        z.iso.datetime({ offset: true }),
        ["2026-02-28T10:00:00Z", "2024-02-29T00:00:00+01:00"],
        ["2026-02-29T10:00:00Z", "2026-04-31T10:00:00Z", "yesterday", null],
      ],
      [email, z.email(), ["ada@example.com", "a.b+c@mail.example.org"], ["ada", "@example.com", 1]],
      [url, z.url(), ["https://example.com/x"], ["not a url", 5]],
    ];
    for (const [check, schema, good, bad] of cases) {
      for (const value of good) expect(same(check, schema, value).ok, String(value)).toBe(true);
      for (const value of bad) expect(same(check, schema, value).ok, String(value)).toBe(false);
    }
    expect(issuesOf(uuid, "x")[0]?.message).toBe('expected a UUID, received "x"');
    expect(issuesOf(guid, "x")[0]?.message).toBe('expected a UUID, received "x"');
    expect(issuesOf(email, "x")[0]?.message).toBe('expected a valid email, received "x"');
    expect(issuesOf(datetime, "x")[0]?.message).toBe(
      'expected an ISO 8601 date-time with an offset, received "x"',
    );
  });

  it("a URL comes back trimmed, without tabs or line breaks", () => {
    expect(throughValidator(url, "  https://example.com/a\tb\n ")).toStrictEqual({
      ok: true,
      value: "https://example.com/ab",
    });
    expect(issuesOf(url, 5)).toEqual([
      { path: [], code: "invalid_type", message: "expected string, received number" },
    ]);
  });

  it("null is the only value of null; a literal is only itself", () => {
    for (const value of [null, undefined, 0, ""]) same(nullValue, z.null(), value);
    const paid: Check = (value, problems, key) => literal(value, problems, "paid", key);
    same(paid, z.literal("paid"), "paid");
    expect(same(paid, z.literal("paid"), "refunded")).toMatchObject({
      issues: [{ message: 'expected "paid", received "refunded"' }],
    });
  });
});

describe("records", () => {
  const scores: Check = (value, problems, key) => record(value, problems, number, undefined, 2, key);
  const schema = z
    .record(z.string(), z.number())
    .check(z.refine((r) => Object.keys(r).length <= 2, { message: "at most 2 entries" }));

  it("takes a plain object, one made by Object.create(null), and one with a key named constructor", () => {
    const bare = Object.assign(Object.create(null), { a: 1 });
    expect(throughValidator(scores, bare)).toStrictEqual({ ok: true, value: { a: 1 } });
    expect(same(scores, schema, { a: 1, b: 2 }).ok).toBe(true);
    expect(throughValidator(scores, { constructor: 1 })).toStrictEqual({
      ok: true,
      value: { constructor: 1 },
    });
  });

  it("refuses a class instance, a Map and a Date as records", () => {
    class Scores {
      a = 1;
    }
    for (const value of [new Scores(), new Map([["a", 1]]), new Date(0)])
      expect(issuesOf(scores, value)).toEqual([
        { path: [], code: "invalid_type", message: "expected record, received object" },
      ]);
  });

  it("refuses a symbol key, drops a __proto__ key, and counts its entries", () => {
    const symbol = Symbol("s");
    expect(issuesOf(scores, { a: 1, [symbol]: 2 })).toMatchObject([{ code: "invalid_key", path: [symbol] }]);
    expect(schema.safeParse({ a: 1, [symbol]: 2 }).success).toBe(false);
    const parsed = throughValidator(scores, JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}'));
    expect(parsed).toStrictEqual({ ok: true, value: { a: 1 } });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(same(scores, schema, { a: 1, b: 2, c: 3 })).toMatchObject({
      issues: [{ code: "custom", message: "at most 2 entries" }],
    });
  });
});

describe("objects", () => {
  it("a required field must be there, even when its type takes undefined", () => {
    const check: Check = (value, problems) => {
      const input = value as Record<string, unknown>;
      return { note: present(input, "note", problems) };
    };
    expect(issuesOf(check, {})).toEqual([
      { path: ["note"], code: "invalid_type", message: "expected nonoptional" },
    ]);
    expect(issuesOf(check, { note: undefined })).toEqual([]);
    expect(issuesOf(check, { note: 1 })).toEqual([]);
  });

  it("a response keeps the keys its type does not declare, never __proto__, and its own parsed values", () => {
    const page = JSON.parse('{"total_count": 3, "max_page": 1, "next": "x", "__proto__": {"polluted": 1}}');
    const outcome = throughValidator(validators.validatePagination, page);
    expect(outcome).toStrictEqual({ ok: true, value: { total_count: 3, max_page: 1, next: "x" } });
    expect(Object.getPrototypeOf((outcome as { value: object }).value)).toBe(Object.prototype);
    // Declared fields come from the check, so a trimmed URL stays trimmed.
    const link: Check = (value, problems, key) => {
      const input = value as Record<string, unknown>;
      const start = problems.length;
      return keepUnknownKeys({ href: url(input.href, problems, "href") }, input, problems, start, key);
    };
    expect(throughValidator(link, { href: " https://example.com/ ", rel: "next" })).toStrictEqual({
      ok: true,
      value: { href: "https://example.com/", rel: "next" },
    });
  });

  it("an unknown tag is reported at the tag, under the field that holds the union", () => {
    const variants = new Map<unknown, Check>([
      ["a", string],
      ["b", string],
    ]);
    const problems: Problem[] = [];
    unknownTag({ type: "c" }, problems, "type", variants, "event");
    expect(problems).toEqual([
      { code: "invalid_union", path: ["event", "type"], message: 'expected type "a" or "b"', errors: [] },
    ]);
    const atRoot: Problem[] = [];
    unknownTag({ type: "c" }, atRoot, "type", variants);
    expect(atRoot[0]?.path).toEqual(["type"]);
  });
});

describe("dates, IP addresses, patterns and an object's other keys", () => {
  it("a date is a day that exists; an IP address is of either version", () => {
    const dates = z.iso.date();
    for (const value of ["2028-02-29", "2026-12-31"]) expect(same(date, dates, value).ok).toBe(true);
    for (const value of ["2026-02-29", "2026-13-01", "2026-4-1", 20260401])
      expect(same(date, dates, value).ok).toBe(false);
    const ips = z.stringFormat("ip", (v) => z.core.regexes.ipv4.test(v) || z.core.regexes.ipv6.test(v));
    for (const value of ["192.0.2.1", "2001:db8::1", "::1"]) expect(same(ip, ips, value).ok).toBe(true);
    for (const value of ["10.0.0.300", "a.b.c.d", "1::2::3"]) expect(same(ip, ips, value).ok).toBe(false);
  });

  it("a pattern is checked after the string's own check, with the pattern named", () => {
    const slug = /^[a-z0-9-_]+$/u;
    const check: Check = (value, problems, key) => matches(string, value, problems, slug, key);
    const schema = z.string().check(z.regex(slug));
    expect(same(check, schema, "seats-2").ok).toBe(true);
    expect(same(check, schema, "Not A Slug").ok).toBe(false);
    expect(same(check, schema, 7).ok).toBe(false);
    expect(issuesOf(check, "Not A Slug")[0]?.message).toBe(
      'expected a string matching /^[a-z0-9-_]+$/u, received "Not A Slug"',
    );
  });

  it("an object's other keys are each checked as their type, and kept", () => {
    const check: Check = (value, problems, key) => {
      const input = value as Record<string, unknown>;
      const start = problems.length;
      const output: Record<string, unknown> = { name: string(input.name, problems, "name") };
      return checkOtherKeys(output, input, problems, start, key, number);
    };
    const schema = z.catchall(z.strictObject({ name: z.string() }), z.number());
    expect(same(check, schema, { name: "a", seats: 3, tax: 0.5 })).toEqual({
      ok: true,
      value: { name: "a", seats: 3, tax: 0.5 },
    });
    expect(same(check, schema, { name: "a", seats: "3" }).ok).toBe(false);
    expect(issuesOf(check, { name: "a", seats: "3" })[0]?.path).toEqual(["seats"]);
  });
});
