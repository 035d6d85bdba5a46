/**
 * One problem found in an input, a response body or a server-side validation
 * report. The same shape for all three, so a form can map any of them to fields.
 */
export interface Issue {
  /** Where the problem is, from the root of the value: `["items", 0, "id"]`; `[]` for the root. */
  readonly path: readonly (string | number)[];
  /** What is wrong, in words. */
  readonly message: string;
  /** A machine-readable kind: zod's issue code (the client's validators report the same), or the server's `type` (e.g. `missing`). */
  readonly code?: string;
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
