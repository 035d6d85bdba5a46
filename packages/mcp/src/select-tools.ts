import type { ToolDefinition } from "./tool-definition.js";

export interface ToolSelection {
  /** Only these tools, by name (`--tools listProducts,deleteDiscount`). */
  readonly names?: readonly string[];
  /** Only the tools that read (GET), `--read-only`. */
  readonly readOnly?: boolean;
}

/**
 * The tools to serve: all, or those named, or the reading ones. A name that is no tool, or a
 * writing tool named with `readOnly`, is an error naming it and the choices (a typo must
 * not silently serve fewer tools than asked).
 */
export function selectTools(
  tools: readonly ToolDefinition[],
  selection: ToolSelection = {},
): ToolDefinition[] {
  const allowed = selection.readOnly ? tools.filter(isReadOnly) : [...tools];
  if (selection.names === undefined) return allowed;
  const unknown = selection.names.filter((name) => !tools.some((tool) => tool.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `No tool named ${unknown.join(", ")}. The tools: ${tools.map((tool) => tool.name).join(", ")}.`,
    );
  }
  const writing = selection.names.filter((name) => !allowed.some((tool) => tool.name === name));
  if (writing.length > 0) {
    throw new Error(
      `${writing.join(", ")} ${writing.length > 1 ? "change" : "changes"} data, which read-only leaves out.`,
    );
  }
  return allowed.filter((tool) => selection.names!.includes(tool.name));
}

/** A tool that only reads: its operation is a GET. */
export function isReadOnly(tool: ToolDefinition): boolean {
  return tool.operation.method === "GET";
}
