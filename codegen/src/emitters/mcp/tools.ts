import { operationNames } from "../../ir/names.ts";
import type { Api, Operation } from "../../ir/types.ts";
import { blankLine, constStatement, type Statement } from "../emitter.ts";
import { importCollector, prependImports } from "../imports.ts";
import type { JsonObject, JsonValue } from "../openapi/json-schema.ts";
import { audienceOf, toolDescription } from "./tool-docs.ts";
import { toolInputSchema, toolOutputSchema } from "./tool-schemas.ts";

/**
 * `packages/mcp/src/generated/tools.ts`: one MCP tool per operation, as data. The runtime
 * beside it (packages/mcp/src) lists them and calls each through the client's own definition
 * of its operation, so the client's validators check the input before any request.
 *
 * Each tool's schemas stand alone, with the named types they reach under `$defs`; most tools
 * reach the same types, so the file declares each type's schema once (`toolSchemaTypes`) and a
 * tool's schema names the ones it takes (`withDefinitions`), instead of a copy per tool.
 */
export function emitTools(api: Api, file: Statement[]): void {
  const imports = importCollector();
  imports.use("../tool-definition.js", "type ToolDefinition");
  const types = new Map<string, JsonValue>();
  const entries = api.operations.map((operation) => {
    const definition = operationNames(operation).definition;
    imports.use("@commerce-api/client", definition);
    return toolEntry(operation, api, definition, types);
  });
  if (types.size > 0) {
    imports.use("../tool-definition.js", "withDefinitions");
    const sorted = Object.fromEntries([...types.keys()].sort().map((name) => [name, types.get(name)!]));
    file.push(
      blankLine,
      constStatement({
        name: "toolSchemaTypes",
        type: "Readonly<Record<string, unknown>>",
        exported: false,
        docs: "The JSON Schema of every named type a tool's schema reaches, once for all tools.",
        initializer: JSON.stringify(sorted),
      }),
    );
  }
  file.push(
    blankLine,
    constStatement({
      name: "toolDefinitions",
      type: "readonly ToolDefinition[]",
      docs: `One MCP tool per operation of the ${api.title}, in the spec's order.`,
      initializer: `[\n${entries.join(",\n")}\n]`,
    }),
  );
  prependImports(file, imports);
}

function toolEntry(
  operation: Operation,
  api: Api,
  definition: string,
  types: Map<string, JsonValue>,
): string {
  const fields: [string, string][] = [
    ["name", JSON.stringify(operation.id)],
    ["title", JSON.stringify(toolTitle(operation))],
    ["description", JSON.stringify(toolDescription(operation, api))],
    ["audience", JSON.stringify(audienceOf(operation, api))],
    ["annotations", JSON.stringify(annotations(operation))],
    ["inputSchema", schemaText(toolInputSchema(operation, api), types)],
  ];
  const output = toolOutputSchema(operation, api);
  if (output) fields.push(["outputSchema", schemaText(output, types)]);
  fields.push(["operation", definition]);
  return `{ ${fields.map(([key, value]) => `${key}: ${value}`).join(", ")} }`;
}

/**
 * A standalone schema as the file writes it: its `$defs` moved to the shared types and named,
 * or the schema itself when it has none. A name is one schema in most tools; where a tool's
 * differs (an enum closed in inputs and open in outputs), the shared types hold both, the
 * second keyed `<name>#2` (`withDefinitions` drops the suffix).
 */
function schemaText(schema: JsonObject, types: Map<string, JsonValue>): string {
  const { $defs, ...root } = schema;
  if ($defs === undefined) return JSON.stringify(schema);
  const keys = Object.entries($defs as JsonObject).map(([name, definition]) =>
    sharedKey(name, definition, types),
  );
  return `withDefinitions(${JSON.stringify(root)}, ${JSON.stringify(keys)}, toolSchemaTypes)`;
}

/** The key of the shared type equal to `definition`, added under a free key if none is. */
function sharedKey(name: string, definition: JsonValue, types: Map<string, JsonValue>): string {
  const text = JSON.stringify(definition);
  for (let version = 1; ; version += 1) {
    const key = version === 1 ? name : `${name}#${version}`;
    const known = types.get(key);
    if (known === undefined) {
      types.set(key, definition);
      return key;
    }
    if (JSON.stringify(known) === text) return key;
  }
}

/** The summary as a title: "List products" (without the sentence's full stop). */
function toolTitle(operation: Operation): string {
  return operation.summary.trim().replace(/\.$/, "");
}

/**
 * MCP's hints, from the method: a GET only reads; a DELETE destroys (MCP assumes any other
 * write may, so the others say they do not); GET, PUT and DELETE may be repeated to the same
 * effect. Every tool reaches the service, an open world.
 */
export function annotations(operation: Operation): JsonObject {
  return {
    title: toolTitle(operation),
    readOnlyHint: operation.method === "GET",
    destructiveHint: operation.method === "DELETE",
    idempotentHint: ["GET", "PUT", "DELETE"].includes(operation.method),
    openWorldHint: true,
  };
}
