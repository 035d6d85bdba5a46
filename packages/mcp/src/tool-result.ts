import { ApiError, InvalidInputError, type Issue } from "@commerce-api/client";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/**
 * What a call of a tool answers. A success is the client's validated answer as structured
 * content, with the same JSON as text (for clients that read only text); a text answer (CSV) as
 * its text, a binary one described. A failure is a tool
 * error (`isError`), which the agent reads and can act on, never a protocol error: a refused
 * input names its fields (no request was sent), a refusal of the service gives its status
 * and the client's error class.
 */
export function successResult(value: unknown): CallToolResult {
  if (value === undefined) return text("Done: the service answered with no body.");
  if (value === null)
    return text("Not ready yet: the service has no body for this yet; ask again a little later.");
  // A text answer (an export's CSV) is the text itself; a binary one cannot be read as text.
  if (typeof value === "string") return text(value);
  if (value instanceof Blob)
    return text(
      `A binary body of ${value.size} bytes (${value.type || "no media type"}); call the client to save it.`,
    );
  const json = JSON.stringify(value);
  const structured = typeof value === "object" && !Array.isArray(value);
  return { ...text(json), ...(structured && { structuredContent: value as Record<string, unknown> }) };
}

/**
 * The failure as a tool error. Its text holds no token: the client's errors never carry one
 * (it cuts the token out of anything it got from the wire).
 */
export function errorResult(toolName: string, error: unknown, input: unknown = {}): CallToolResult {
  return { ...text(errorText(toolName, error, input)), isError: true };
}

function errorText(toolName: string, error: unknown, input: unknown): string {
  if (error instanceof InvalidInputError) {
    const lines = error.issues.map((issue) => issueLine(issue, input));
    return `${toolName}: invalid input, no request was sent.\n${lines.join("\n")}`;
  }
  if (error instanceof ApiError) {
    const code = error.code === undefined ? "" : ` (${error.code})`;
    return `${toolName}: the service refused: ${error.status} ${error.name}${code}.\n${error.message}`;
  }
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${toolName} failed: ${reason}`;
}

/**
 * `- limit: must be at most 100` (the field, from the input's root); a field the input lacks
 * is `- id: required (expected string)`, which an agent reads as "add it", not as a wrong type.
 */
function issueLine(issue: Issue, input: unknown): string {
  const field = issue.path.length > 0 ? issue.path.join(".") : "(the input)";
  if (issue.code === "invalid_type" && issue.path.length > 0 && valueAt(input, issue.path) === undefined) {
    return `- ${field}: required (${issue.message.replace(/, received undefined$/, "")})`;
  }
  return `- ${field}: ${issue.message}`;
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>(
    (parent, key) =>
      parent !== null && typeof parent === "object" ? (parent as Record<string, unknown>)[key] : undefined,
    value,
  );
}

function text(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }] };
}
