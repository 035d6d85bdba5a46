/**
 * Form values → an operation's input, checked with the operation's generated schema
 * (`<Op>Input` from @commerce-api/schemas) before anything is sent. The same field-error
 * shape carries a 422 from the service back onto the form (see errors.ts).
 */
import * as z from "zod/mini";

/** Messages by input field; `form` holds problems that belong to no one field. */
export type FieldErrors = Record<string, string>;

export type Checked<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors };

export function checkInput<T>(schema: z.ZodMiniType<T, T>, input: Record<string, unknown>): Checked<T> {
  // reportInput: an issue carries the value, so "missing" and "wrong type" read differently.
  const result = z.safeParse(schema, dropEmpty(input), { reportInput: true });
  if (result.success) return { ok: true, input: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    errors[field] ??= describeIssue(issue);
  }
  return { ok: false, errors };
}

/** Empty fields are left out of the input rather than sent as "". */
export function dropEmpty(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).filter(
      ([, value]) => value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0),
    ),
  );
}

/** zod/mini ships no messages (every issue says "Invalid input"): say what to type instead. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_union": {
      // A value that may be one or a list (`source`, ids): the single-value branch says it best.
      const first = issue.errors[0]?.[0];
      return first ? describeIssue(first) : "Invalid value.";
    }
    case "invalid_type":
      if (issue.input === undefined) return "Required.";
      if (issue.expected === "number" || issue.expected === "int" || issue.expected === "bigint")
        return "Enter a whole number.";
      return issue.expected === "string" ? "Enter text." : "Enter a valid value.";
    case "invalid_format":
      if (issue.format === "uuid") return "Enter an ID in UUID form (8-4-4-4-12 hex digits).";
      if (issue.format === "datetime") return "Enter a date and time.";
      return `Enter a valid ${issue.format}.`;
    case "too_small":
      return issue.origin === "string"
        ? `Enter at least ${issue.minimum} characters.`
        : `Enter ${issue.minimum} or more.`;
    case "too_big":
      return issue.origin === "string"
        ? `Enter at most ${issue.maximum} characters.`
        : `Enter ${issue.maximum} or less.`;
    case "invalid_value":
      return `Choose one of: ${issue.values.join(", ")}.`;
    case "unrecognized_keys":
      return `Unexpected field ${issue.keys.join(", ")}.`;
    default:
      return issue.message && issue.message !== "Invalid input" ? issue.message : "Invalid value.";
  }
}

/** `"12"` → 12, `""` → undefined, anything else stays text so the schema reports it. */
export function numberField(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/** A `<input type="datetime-local">` value (local time) → an ISO instant; "" → undefined. */
export function dateTimeField(value: string): string | undefined {
  if (value.trim() === "") return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * `key=value` pairs, one a line or comma separated, → a record. Values that read as
 * numbers or booleans become them (the service compares metadata as text anyway, and
 * license key conditions compare typed values). A pair without `=` is returned as a problem.
 */
export function parsePairs(
  text: string,
): { ok: true; value?: Record<string, string | number | boolean> } | { ok: false; error: string } {
  const entries = text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (entries.length === 0) return { ok: true };
  const value: Record<string, string | number | boolean> = {};
  for (const entry of entries) {
    const at = entry.indexOf("=");
    if (at <= 0)
      return { ok: false, error: `Write each pair as key=value ("${entry}" has no key or no "=").` };
    value[entry.slice(0, at).trim()] = typedValue(entry.slice(at + 1).trim());
  }
  return { ok: true, value };
}

function typedValue(text: string): string | number | boolean {
  if (text === "true") return true;
  if (text === "false") return false;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}
