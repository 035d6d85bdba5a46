import type { Api, Operation } from "../../ir/types.ts";
import { withWebhookDeclarations } from "../../ir/webhook-declarations.ts";
import {
  declarationSchema,
  type JsonObject,
  type JsonValue,
  objectSchema,
  typeSchema,
} from "../openapi/json-schema.ts";

/**
 * An MCP tool's input and output schemas: the OpenAPI target's JSON Schema of the operation
 * (json-schema.ts, the one printer of JSON Schema), made self-contained. A tool's schema
 * stands alone, so the named types it refers to travel with it under `$defs`, and its
 * `#/components/schemas/<name>` references become `#/$defs/<name>`.
 */

const componentPrefix = "#/components/schemas/";

/**
 * The operation's input as the client takes it, flat: its path, query and body fields in one
 * object, closed (`additionalProperties: false`) as the OpenAPI target closes its inputs, with
 * their bounds, enums and defaults.
 */
export function toolInputSchema(operation: Operation, api: Api): JsonObject {
  return standalone(objectSchema(operation.parameters, { closed: true }), api);
}

/**
 * The schema of the tool's structured content: the JSON body of its success. MCP wants an
 * object at the root, so an operation that may also succeed without a body (204, a 202 "not
 * ready yet") or whose body is not an object (a list, a string) has none: such a result is
 * answered as text only (tool-result.ts in @commerce-api/mcp).
 */
export function toolOutputSchema(operation: Operation, api: Api): JsonObject | undefined {
  const bodies = operation.responses.map((response) => response.body);
  if (bodies.length !== 1 || bodies[0]!.kind !== "json") return undefined;
  const body = typeSchema(bodies[0]!.type);
  if (body.type !== undefined && body.type !== "object") return undefined;
  return standalone({ type: "object", ...body }, api);
}

/** The schema with every named type it reaches under `$defs`, referenced there. */
function standalone(schema: JsonObject, api: Api): JsonObject {
  const declarations = new Map(withWebhookDeclarations(api).declarations.map((d) => [d.name, d]));
  const defs: JsonObject = {};
  const pending = referencedNames(schema);
  while (pending.length > 0) {
    const name = pending.shift()!;
    if (name in defs) continue;
    const declaration = declarations.get(name);
    if (!declaration) throw new Error(`The JSON Schema refers to ${name}, which the spec does not declare`);
    defs[name] = declarationSchema(declaration);
    pending.push(...referencedNames(defs[name]));
  }
  const sorted = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((name) => [name, defs[name]!]),
  );
  return rebased(Object.keys(sorted).length > 0 ? { ...schema, $defs: sorted } : schema) as JsonObject;
}

/** The names of the component references in the value: its `$ref`s and discriminator mappings. */
function referencedNames(value: JsonValue): string[] {
  const names: string[] = [];
  mapReferences(value, (reference) => {
    names.push(reference.slice(componentPrefix.length));
    return reference;
  });
  return names;
}

/** The value with its component references pointing into `$defs`. */
function rebased(value: JsonValue): JsonValue {
  return mapReferences(value, (reference) => `#/$defs/${reference.slice(componentPrefix.length)}`);
}

/** A copy of the value with each component reference (a `$ref`, a discriminator mapping's value) replaced. */
function mapReferences(value: JsonValue, replace: (reference: string) => string): JsonValue {
  const isReference = (text: JsonValue) => typeof text === "string" && text.startsWith(componentPrefix);
  if (Array.isArray(value)) return value.map((item) => mapReferences(item, replace));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (key === "$ref" && isReference(child)) return [key, replace(child as string)];
      if (key === "mapping" && child !== null && typeof child === "object" && !Array.isArray(child)) {
        return [
          key,
          Object.fromEntries(
            Object.entries(child).map(([k, v]) => [k, isReference(v) ? replace(v as string) : v]),
          ),
        ];
      }
      return [key, mapReferences(child, replace)];
    }),
  );
}
