import type { OperationDefinition } from "@commerce-api/client";

/** A JSON Schema whose root is an object, as MCP wants a tool's input and output schemas. */
export interface ObjectJsonSchema {
  readonly type: "object";
  readonly [keyword: string]: unknown;
}

/**
 * One tool, as generated from the spec (generated/tools.ts): what `tools/list` says of it, and
 * the client's definition of its operation, which `tools/call` runs.
 */
export interface ToolDefinition {
  /** The operation id, e.g. `listProducts`. */
  readonly name: string;
  /** The operation's summary. */
  readonly title: string;
  /** The spec's docs of the operation, with its call, auth, scopes, pages and refusals. */
  readonly description: string;
  /** Whom its tokens act for: an organization, or a customer (the customer portal). */
  readonly audience: "organization" | "customer";
  readonly annotations: {
    readonly title: string;
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
  /** The client's input, flat (path, query and body fields), as JSON Schema. */
  readonly inputSchema: ObjectJsonSchema;
  /** The success body, when every success has one. */
  readonly outputSchema?: ObjectJsonSchema;
  readonly operation: OperationDefinition;
}

/**
 * A tool's schema with the named types it refers to under `$defs`, taken from the types the
 * generated tools share (each declared once in generated/tools.ts; a name whose schema differs
 * between tools is keyed `<name>#2` there, the suffix dropped here). What `tools/list` answers
 * is a standalone schema per tool, as MCP clients read each on its own.
 */
export function withDefinitions(
  schema: ObjectJsonSchema,
  keys: readonly string[],
  types: Readonly<Record<string, unknown>>,
): ObjectJsonSchema {
  return { ...schema, $defs: Object.fromEntries(keys.map((key) => [key.replace(/#\d+$/, ""), types[key]])) };
}
