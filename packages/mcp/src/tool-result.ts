import { ApiError, InvalidInputError, type Issue } from "@commerce-api/client";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/**
 * What a call of a tool answers. A success is the client's validated answer as structured
 * content, with the same JSON as text (for clients that read only text). A failure is a tool
 * error (`isError`), which the agent reads and can act on, never a protocol error: a refused
 * input names its fields (no request was sent), a refusal of the service gives its status
 * and the client's error class.
 */
export function successResult(value: unknown): CallToolResult {
  if (value === undefined) return text("Done: the service answered with no body.");
  if (value === null)
    return text("Not ready yet: the service has no body for this yet; ask again a little later.");
  const json = JSON.stringify(value);
  const structured = typeof value === "object" && !Array.isArray(value);
  return { ...text(json), ...(structured && { structuredContent: value as Record<string, unknown> }) };
}

/**
 * The failure as a tool error. Its text holds no token: the client's errors never carry one
 * (it cuts the token out of anything it got from the wire).
 */
export function errorResult(toolName: string, error: unknown): CallToolResult {
  return { ...text(errorText(toolName, error)), isError: true };
}

function errorText(toolName: string, error: unknown): string {
  if (error instanceof InvalidInputError) {
    return `${toolName}: invalid input, no request was sent.\n${error.issues.map(issueLine).join("\n")}`;
  }
  if (error instanceof ApiError) {
    const code = error.code === undefined ? "" : ` (${error.code})`;
    return `${toolName}: the service refused: ${error.status} ${error.name}${code}.\n${error.message}`;
  }
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${toolName} failed: ${reason}`;
}

/** `- limit: Too big: expected number to be <=100` (the field, from the input's root). */
function issueLine(issue: Issue): string {
  const field = issue.path.length > 0 ? issue.path.join(".") : "(the input)";
  return `- ${field}: ${issue.message}`;
}

function text(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }] };
}
