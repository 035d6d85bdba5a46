import { inputShape } from "../../ir/body.ts";
import type { Api, Declaration, Operation } from "../../ir/types.ts";
import { withWebhookDeclarations } from "../../ir/webhook-declarations.ts";
import {
  declarationSchema,
  type JsonObject,
  type JsonValue,
  objectSchema,
  schemaRef,
  typeSchema,
} from "../openapi/json-schema.ts";

/**
 * An MCP tool's input and output schemas: the OpenAPI target's JSON Schema of the operation
 * (json-schema.ts, the one printer of JSON Schema), made self-contained and plain. A tool's
 * schema stands alone, so the named types it refers to travel with it under `$defs`, and its
 * `#/components/schemas/<name>` references become `#/$defs/<name>`. Agents and their clients
 * validate these schemas with strict JSON Schema 2020-12 validators, so they carry no
 * vocabulary of OpenAPI's (`discriminator`) nor of ours (`x-commerce-open`).
 */

const componentPrefix = "#/components/schemas/";

/** Inputs are closed and exact; outputs describe what a response may hold, in an agent's budget. */
type SchemaMode = "input" | "output";

/**
 * How many named types deep an output schema describes: the answer's own type (a page's item
 * type and its pagination), in full; a type those refer to is named by its `title` only, as an
 * open object. The whole reach of listEvents' answer was 79 types, 90 KB: more of an agent's
 * context than the answer it describes. Enums and aliases are always described (small, and
 * what an agent filters by).
 */
const describedOutputDepth = 1;

/**
 * The operation's input as the client takes it, flat: its path, query and body fields in one
 * object, closed (`additionalProperties: false`) as the OpenAPI target closes its inputs, with
 * their bounds, enums and defaults, every type it reaches in full.
 */
export function toolInputSchema(operation: Operation, api: Api): JsonObject {
  const declarations = new Map(api.declarations.map((declaration) => [declaration.name, declaration]));
  const shape = inputShape(operation, (name) => declarations.get(name));
  // MCP wants an object at the root: a body named as a whole type is one, or one of several.
  const schema: JsonObject =
    shape.kind === "fields"
      ? objectSchema(shape.fields, { closed: true })
      : shape.kind === "body"
        ? { type: "object", ...typeSchema(shape.type) }
        : { type: "object", anyOf: shape.variants.map((fields) => objectSchema(fields, { closed: true })) };
  return standalone(schema, api, "input");
}

/**
 * The schema of the tool's structured content: the JSON body of its success. MCP wants an
 * object at the root, so an operation that may also succeed without a body (204, a 202 "not
 * ready yet") or whose body is not an object (a list, a string) has none: such a result is
 * answered as text only (tool-result.ts in @commerce-api/mcp). It is never narrower than what
 * the client accepts (MCP clients check structured content against it): enums and tagged
 * unions stay open to values the spec does not list yet, and types past
 * `describedOutputDepth` are any object.
 */
export function toolOutputSchema(operation: Operation, api: Api): JsonObject | undefined {
  const bodies = operation.responses.map((response) => response.body);
  if (bodies.length !== 1 || bodies[0]!.kind !== "json") return undefined;
  const body = typeSchema(bodies[0]!.type);
  if (body.type !== undefined && body.type !== "object") return undefined;
  return standalone({ type: "object", ...body }, api, "output");
}

/**
 * A named type's schema in a tool. Inputs: closed enums, and a tagged union as `oneOf` its
 * variants (each variant's tag is a `const`, so one matches). Outputs: an enum lists its known
 * values as `examples`, a tagged union is `anyOf` its variants and its fallback (the response
 * may carry a tag the spec does not know yet).
 */
function toolDeclarationSchema(declaration: Declaration, mode: SchemaMode): JsonObject {
  const description: JsonObject = declaration.description ? { description: declaration.description } : {};
  switch (declaration.kind) {
    case "enum":
      return mode === "input"
        ? { type: "string", enum: [...declaration.values], ...description }
        : { type: "string", examples: [...declaration.values], ...description };
    case "union": {
      const variants = declaration.variants.map((variant) => schemaRef(variant.type));
      if (mode === "input") return { oneOf: variants, ...description };
      const fallback = declaration.fallback === undefined ? [] : [schemaRef(declaration.fallback)];
      return { anyOf: [...variants, ...fallback], ...description };
    }
    default:
      return declarationSchema(declaration);
  }
}

/**
 * The schema with the named types it reaches under `$defs`, referenced there; in outputs, an
 * object or union type past `describedOutputDepth` is written in place as `{ type: "object",
 * title }`. Breadth first, so a type is described at the least depth it is reached.
 */
function standalone(schema: JsonObject, api: Api, mode: SchemaMode): JsonObject {
  const declarations = new Map(withWebhookDeclarations(api).declarations.map((d) => [d.name, d]));
  const maxDepth = mode === "output" ? describedOutputDepth : Number.POSITIVE_INFINITY;
  const defs: JsonObject = {};
  const named = new Set<string>();
  const pending: [name: string, depth: number][] = referencedNames(schema).map((name) => [name, 1]);
  while (pending.length > 0) {
    const [name, depth] = pending.shift()!;
    if (name in defs || named.has(name)) continue;
    const declaration = declarations.get(name);
    if (!declaration) throw new Error(`The JSON Schema refers to ${name}, which the spec does not declare`);
    const structured = declaration.kind === "object" || declaration.kind === "union";
    if (structured && depth > maxDepth) {
      named.add(name);
      continue;
    }
    defs[name] = toolDeclarationSchema(declaration, mode);
    const childDepth = structured ? depth + 1 : depth;
    pending.push(...referencedNames(defs[name]).map((child): [string, number] => [child, childDepth]));
  }
  const sorted = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((name) => [name, rebased(defs[name]!, named)]),
  );
  const root = rebased(schema, named) as JsonObject;
  return Object.keys(sorted).length > 0 ? { ...root, $defs: sorted } : root;
}

/** The names of the component references (`$ref`s) in the value. */
function referencedNames(value: JsonValue): string[] {
  if (Array.isArray(value)) return value.flatMap(referencedNames);
  if (value === null || typeof value !== "object") return [];
  const own = componentName(value);
  return [...(own === undefined ? [] : [own]), ...Object.values(value).flatMap(referencedNames)];
}

/**
 * An IP address as JSON Schema's own formats say it: strict validators refuse a format they do
 * not know, and the OpenAPI document's `ipvanyaddress` (the service's word) is not one of theirs.
 */
function strictFormats(value: JsonObject): JsonObject {
  if (value.format !== "ipvanyaddress") return value;
  const { format: _, ...rest } = value;
  return { ...rest, anyOf: [{ format: "ipv4" }, { format: "ipv6" }] };
}

/** A copy of the value with each reference pointing into `$defs`, or written in place when only named; formats made strict. */
function rebased(value: JsonValue, named: ReadonlySet<string>): JsonValue {
  if (Array.isArray(value)) return value.map((item) => rebased(item, named));
  if (value === null || typeof value !== "object") return value;
  const name = componentName(value);
  if (name !== undefined && named.has(name)) {
    const { $ref: _, ...beside } = value;
    return { type: "object", title: name, ...beside };
  }
  return Object.fromEntries(
    Object.entries(strictFormats(value)).map(([key, child]) => [
      key,
      key === "$ref" && name !== undefined ? `#/$defs/${name}` : rebased(child, named),
    ]),
  );
}

/** The type a `{ $ref: "#/components/schemas/<name>" }` names. */
function componentName(value: JsonObject): string | undefined {
  const reference = value.$ref;
  return typeof reference === "string" && reference.startsWith(componentPrefix)
    ? reference.slice(componentPrefix.length)
    : undefined;
}
