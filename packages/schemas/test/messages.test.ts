// The words of every issue a generated schema reports (messages.ts): what a caller reads when a
// value is refused, so each kind is pinned here, through zod's own issues.
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { closestBranch, issueMessages } from "../src/messages.js";

/** The one message a schema gives for `value`. */
function messageOf(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value);
  expect(result.success, "expected the value to be refused").toBe(false);
  return result.error!.issues[0]!.message;
}

describe("issue messages", () => {
  it("name what was received, telling an array and null from an object", () => {
    const text = z.string(issueMessages);
    expect(messageOf(text, [])).toBe("expected string, received array");
    expect(messageOf(text, null)).toBe("expected string, received null");
    expect(messageOf(text, {})).toBe("expected string, received object");
    expect(messageOf(text, 3)).toBe("expected string, received number");
  });

  it("count characters and items in the singular for a bound of 1 only", () => {
    const text = (check: z.core.$ZodCheck<string>) => z.string(issueMessages).check(check);
    const list = (check: z.core.$ZodCheck<unknown[]>) => z.array(z.unknown(), issueMessages).check(check);
    expect(messageOf(text(z.maxLength(0)), "a")).toBe("must be at most 0 characters");
    expect(messageOf(text(z.maxLength(1)), "ab")).toBe("must be at most 1 character");
    expect(messageOf(text(z.minLength(2)), "a")).toBe("must be at least 2 characters");
    expect(messageOf(list(z.maxLength(0)), [1])).toBe("must be at most 0 items");
    expect(messageOf(list(z.minLength(1)), [])).toBe("must be at least 1 item");
    expect(messageOf(list(z.maxLength(2)), [1, 2, 3])).toBe("must be at most 2 items");
  });

  it("say 'less than' and 'more than' for exclusive bounds, with no unit for numbers", () => {
    expect(messageOf(z.number(issueMessages).check(z.lt(1)), 1)).toBe("must be less than 1");
    expect(messageOf(z.number(issueMessages).check(z.gt(0)), 0)).toBe("must be more than 0");
    expect(messageOf(z.number(issueMessages).check(z.lte(1)), 2)).toBe("must be at most 1");
    expect(messageOf(z.number(issueMessages).check(z.gte(1)), 0)).toBe("must be at least 1");
  });

  it("name the tag and its allowed values when a tagged union gets a tag it does not have", () => {
    const shape = z.discriminatedUnion(
      "kind",
      [z.object({ kind: z.literal("circle") }), z.object({ kind: z.literal("square") })],
      issueMessages,
    );
    expect(messageOf(shape, { kind: "hexagon" })).toBe('expected kind "circle" or "square"');
  });

  it("list unknown keys, in the singular for one", () => {
    const strict = z.strictObject({ a: z.string() }, issueMessages);
    expect(messageOf(strict, { a: "x", b: 1 })).toBe('unknown key "b"');
    expect(messageOf(strict, { a: "x", b: 1, c: 2 })).toBe('unknown keys "b", "c"');
  });
});

describe("issue messages of formats, record keys and unions", () => {
  it("name the format expected, in words for date-times and UUIDs", () => {
    expect(messageOf(z.iso.datetime({ offset: true, ...issueMessages }), "yesterday")).toBe(
      'expected an ISO 8601 date-time with an offset, received "yesterday"',
    );
    expect(messageOf(z.uuid(issueMessages), "not-a-uuid")).toBe('expected a UUID, received "not-a-uuid"');
    // Responses' UUIDs (any UUID-shaped string) are named the same.
    expect(messageOf(z.guid(issueMessages), "not-a-uuid")).toBe('expected a UUID, received "not-a-uuid"');
    expect(messageOf(z.email(issueMessages), "nobody")).toBe('expected a valid email, received "nobody"');
  });

  it("name a record's refused key and why", () => {
    const byName = z.record(z.string(issueMessages).check(z.maxLength(3)), z.number(), issueMessages);
    expect(messageOf(byName, { long: 1 })).toBe('invalid key "long": must be at most 3 characters');
  });

  it("a union whose members all fail at the root names no path", () => {
    const scalar = z.union([z.string(issueMessages), z.number(issueMessages)], issueMessages);
    expect(messageOf(scalar, true)).toBe(
      "matches none of the allowed shapes (the closest one fails: expected string, received boolean)",
    );
  });

  it("a union with no member to come close says only that nothing matched", () => {
    expect(messageOf(z.union([], issueMessages), 1)).toBe("matches none of the allowed shapes");
  });

  it("an issue of a kind with no words of its own reads 'invalid value'", () => {
    const refined = z.string(issueMessages).check(z.refine(() => false, issueMessages));
    expect(messageOf(refined, "x")).toBe("invalid value");
  });
});

describe("closestBranch: the union member a value got furthest into", () => {
  const issue = (path: PropertyKey[], message = "bad") =>
    ({ code: "custom", path, message, input: undefined }) as unknown as z.core.$ZodIssue;

  it("is the branch with the deepest issue, wherever it is listed", () => {
    const shallow = [issue(["a"])];
    const deep = [issue(["a", "b", "c"])];
    expect(closestBranch([shallow, deep])).toBe(deep);
    expect(closestBranch([deep, shallow])).toBe(deep);
  });

  it("between equally deep branches, the one with fewer issues; on a full tie, the first", () => {
    const one = [issue(["a", "b"])];
    const two = [issue(["a", "b"]), issue(["c"])];
    expect(closestBranch([two, one])).toBe(one);
    const first = [issue(["x"], "first")];
    const second = [issue(["y"], "second")];
    expect(closestBranch([first, second])).toBe(first);
  });

  it("skips branches without issues, and has no answer without any", () => {
    const some = [issue([])];
    expect(closestBranch([[], some])).toBe(some);
    expect(closestBranch([[], []])).toBeUndefined();
  });

  it("is what an object union reports: the closest member's first problem, with its path", () => {
    const union = z.union(
      [
        z.object({ kind: z.literal("a"), size: z.number(issueMessages) }, issueMessages),
        z.object({ kind: z.literal("b"), deep: z.object({ inner: z.string(issueMessages) }) }, issueMessages),
      ],
      issueMessages,
    );
    expect(messageOf(union, { kind: "b", deep: { inner: 1 } })).toBe(
      "matches none of the allowed shapes (the closest one fails at deep.inner: expected string, received number)",
    );
  });
});
