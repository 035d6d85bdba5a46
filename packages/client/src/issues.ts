import { closestBranch } from "@commerce-api/schemas";
import type { z } from "zod/mini";

/**
 * One problem found in an input, a response body or a server-side validation
 * report. The same shape for all three, so a form can map any of them to fields.
 */
export interface Issue {
  /** Where the problem is, from the root of the value: `["items", 0, "id"]`; `[]` for the root. */
  readonly path: readonly (string | number)[];
  /** What is wrong, in words. */
  readonly message: string;
  /** A machine-readable kind: zod's issue code, or the server's `type` (e.g. `missing`). */
  readonly code?: string;
}

/** zod/mini ships no locale, so its messages are all "Invalid input": describe the issue ourselves. */
const GENERIC_MESSAGE = "Invalid input";

export function fromZodIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): Issue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    // "Matches none of the allowed shapes" helps nobody: report the closest member's own problems.
    const branch = issue.code === "invalid_union" ? closestBranch(issue.errors) : undefined;
    if (branch) return fromZodIssues(branch, path);
    return [
      {
        path: path.map((key) => (typeof key === "number" ? key : String(key))),
        message: issue.message && issue.message !== GENERIC_MESSAGE ? issue.message : describeZodIssue(issue),
        code: issue.code,
      },
    ];
  });
}

function describeZodIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected}`;
    case "too_big":
      return `must be ${issue.inclusive === false ? "less than" : "at most"} ${String(issue.maximum)}${unitOf(issue.origin)}`;
    case "too_small":
      return `must be ${issue.inclusive === false ? "more than" : "at least"} ${String(issue.minimum)}${unitOf(issue.origin)}`;
    case "invalid_format":
      return `invalid ${issue.format}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "unrecognized_keys":
      return `unknown ${issue.keys.length === 1 ? "key" : "keys"} ${issue.keys.join(", ")}`;
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    case "invalid_union":
      return "matches none of the allowed shapes";
    default:
      return "invalid value";
  }
}

function unitOf(origin: string): string {
  if (origin === "string") return " characters";
  if (origin === "array" || origin === "set") return " items";
  return "";
}

/** The location segments FastAPI puts first in `loc`; our input is one flat object, so they are dropped. */
const LOCATIONS = new Set(["body", "query", "path", "header", "cookie"]);

/**
 * Converts the server's validation report (`detail: [{loc, msg, type}]`) to issues
 * whose paths address the operation's input object, like `InvalidInputError`'s.
 */
export function fromValidationDetail(detail: readonly unknown[]): Issue[] {
  return detail.map((entry) => {
    const record = isRecord(entry) ? entry : {};
    const loc = Array.isArray(record.loc) ? record.loc : [];
    const path = loc.filter(
      (key): key is string | number => typeof key === "string" || typeof key === "number",
    );
    if (typeof path[0] === "string" && LOCATIONS.has(path[0])) path.shift();
    const message = typeof record.msg === "string" ? record.msg : "invalid value";
    return typeof record.type === "string" ? { path, message, code: record.type } : { path, message };
  });
}

/** `a.b: message; c: message (+2 more)`: short enough for an error message. */
export function formatIssues(issues: readonly Issue[], shown = 3): string {
  const parts = issues
    .slice(0, shown)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`);
  const more = issues.length > shown ? ` (+${issues.length - shown} more)` : "";
  return parts.join("; ") + more;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
