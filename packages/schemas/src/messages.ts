import type { z } from "zod/mini";

/**
 * Readable issue messages for every generated schema.
 *
 * zod/mini ships no locale: without one, every issue says "Invalid input". Loading zod's
 * English locale (`z.config(z.locales.en())`) would change every zod schema of the app (a
 * global side effect) and add its whole message table to each bundle. Instead each generated
 * schema passes `issueMessages` as its `error` parameter: the messages below apply to this
 * package's schemas only, and an app's own `z.config` still applies to the rest. (As zod ranks
 * them, a schema's own messages come before a per-parse `error` map.) Checks (bounds) report
 * through the schema they are attached to, so they need no parameter of their own.
 */
export const issueMessages = { error: describeIssue } as const;

/** One issue in words, e.g. `expected string, received number` or `must be at most 100`. */
export function describeIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected}, received ${received(issue.input)}`;
    case "too_big":
      return `must be ${issue.inclusive === false ? "less than" : "at most"} ${String(issue.maximum)}${unitOf(issue.origin, issue.maximum)}`;
    case "too_small":
      return `must be ${issue.inclusive === false ? "more than" : "at least"} ${String(issue.minimum)}${unitOf(issue.origin, issue.minimum)}`;
    case "invalid_format":
      if (issue.format === "regex")
        return `expected a string matching ${String(issue.pattern)}, received ${JSON.stringify(issue.input)}`;
      return `expected ${formatName(issue.format)}, received ${JSON.stringify(issue.input)}`;
    case "invalid_value":
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(" or ")}, received ${JSON.stringify(issue.input)}`;
    case "unrecognized_keys":
      return `unknown ${issue.keys.length === 1 ? "key" : "keys"} ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
    case "invalid_key":
      return `invalid key ${JSON.stringify(issue.input)}${issue.issues[0] ? `: ${issue.issues[0].message}` : ""}`;
    case "invalid_union":
      return describeUnion(issue);
    default:
      return "invalid value";
  }
}

/** A tag no variant has, or the problems of the variant the value came closest to. */
function describeUnion(issue: z.core.$ZodRawIssue<z.core.$ZodIssueInvalidUnion>): string {
  if ("discriminator" in issue && typeof issue.discriminator === "string") {
    const options = Array.isArray(issue.options) ? issue.options : [];
    return `expected ${issue.discriminator} ${options.map((value) => JSON.stringify(value)).join(" or ")}`;
  }
  const closest = closestBranch(issue.errors);
  const first = closest?.[0];
  if (!first) return "matches none of the allowed shapes";
  const where = first.path.length > 0 ? ` at ${first.path.join(".")}` : "";
  return `matches none of the allowed shapes (the closest one fails${where}: ${first.message})`;
}

/**
 * The union member a value got furthest into (its deepest issue, then its fewest issues):
 * almost always the one that was meant, so its problems are the ones worth reporting.
 */
export function closestBranch(
  branches: readonly (readonly z.core.$ZodIssue[])[],
): readonly z.core.$ZodIssue[] | undefined {
  const depth = (issues: readonly z.core.$ZodIssue[]) =>
    Math.max(0, ...issues.map((issue) => issue.path.length));
  let best: readonly z.core.$ZodIssue[] | undefined;
  for (const branch of branches) {
    if (branch.length === 0) continue;
    if (
      !best ||
      depth(branch) > depth(best) ||
      (depth(branch) === depth(best) && branch.length < best.length)
    )
      best = branch;
  }
  return best;
}

function received(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  return typeof input;
}

function formatName(format: string): string {
  if (format === "datetime") return "an ISO 8601 date-time with an offset";
  if (format === "date") return "an ISO 8601 date (YYYY-MM-DD)";
  if (format === "uuid" || format === "guid") return "a UUID";
  if (format === "ip") return "an IPv4 or IPv6 address";
  return `a valid ${format}`;
}

function unitOf(origin: string, count: number | bigint): string {
  const plural = Number(count) === 1 ? "" : "s";
  if (origin === "string") return ` character${plural}`;
  if (origin === "array") return ` item${plural}`;
  return "";
}
