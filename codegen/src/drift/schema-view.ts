import { openInResponses } from "../emitters/openapi/json-schema.ts";
import { child, resolvePointer } from "./json-pointer.ts";

/**
 * Schemas read the same way on both sides of a comparison: references followed, `null`
 * separated from the rest (nullability is one fact, whether written `anyOf: [T, {type: null}]`
 * or `type: [T, "null"]`), plain unions flattened into their members.
 */

export type Schema = Record<string, unknown>;

/** A schema with the pointer it was found at, in the document it belongs to. */
export interface Located {
  readonly schema: Schema;
  readonly at: string;
}

/**
 * Follows `$ref`s (local ones, `#/...`) to the schema they name, and a reference wrapped to
 * annotate it (`allOf: [{$ref}]` beside a `default` or `description`, as 3.0 documents write
 * one), which is that schema too.
 */
export function dereference(document: unknown, located: Located): Located {
  let current = located;
  const seen = new Set<string>();
  for (;;) {
    const wrapped = annotatedReference(current);
    if (wrapped) {
      current = wrapped;
      continue;
    }
    if (typeof current.schema.$ref !== "string" || !current.schema.$ref.startsWith("#")) break;
    const ref = current.schema.$ref;
    if (seen.has(ref)) break;
    seen.add(ref);
    const target = resolvePointer(document, ref);
    if (!isSchema(target)) break;
    current = { schema: target, at: ref };
  }
  return current;
}

const annotations = new Set([
  "allOf",
  "description",
  "default",
  "title",
  "example",
  "examples",
  "deprecated",
]);

/** `{ allOf: [{ $ref }], default: "draft" }` → the `$ref` member; anything else → undefined. */
function annotatedReference(located: Located): Located | undefined {
  const { schema, at } = located;
  if (!Array.isArray(schema.allOf) || schema.allOf.length !== 1) return undefined;
  const [member] = schema.allOf;
  if (!isSchema(member) || typeof member.$ref !== "string") return undefined;
  if (!Object.keys(schema).every((key) => annotations.has(key))) return undefined;
  return { schema: member, at: child(at, "allOf", 0) };
}

export function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A schema's non-null alternatives, and whether null is one of them. */
export interface Alternatives {
  readonly nullable: boolean;
  readonly members: readonly Located[];
}

export function alternatives(document: unknown, located: Located): Alternatives {
  const { schema, at } = dereference(document, located);
  const union = !isTaggedUnion(schema) && !isFormatChoice(schema) && (schema.anyOf ?? schema.oneOf);
  if (Array.isArray(union)) {
    const key = schema.anyOf ? "anyOf" : "oneOf";
    let nullable = false;
    const members: Located[] = [];
    union.forEach((member, index) => {
      if (!isSchema(member)) return;
      const inner = alternatives(document, { schema: member, at: child(at, key, index) });
      nullable ||= inner.nullable;
      members.push(...inner.members);
    });
    return { nullable, members };
  }
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    const rest = schema.type.filter((type) => type !== "null");
    const single = rest.length === 1 ? rest[0] : rest;
    return {
      nullable: true,
      members: rest.length === 0 ? [] : [{ schema: { ...schema, type: single }, at }],
    };
  }
  if (schema.type === "null" || schema.const === null) return { nullable: true, members: [] };
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) {
    return {
      nullable: true,
      members: [{ schema: { ...schema, enum: schema.enum.filter((value) => value !== null) }, at }],
    };
  }
  return { nullable: false, members: [{ schema, at }] };
}

/** A string of one of several formats (`anyOf: [{ format: ipv4 }, { format: ipv6 }]`): one value, not a union. */
export function isFormatChoice(schema: Schema): boolean {
  const choices = schema.anyOf ?? schema.oneOf;
  return (
    schema.type === "string" &&
    Array.isArray(choices) &&
    choices.every((choice) => isSchema(choice) && Object.keys(choice).join() === "format")
  );
}

export function isTaggedUnion(schema: Schema): boolean {
  return isSchema(schema.discriminator) && Array.isArray(schema.oneOf ?? schema.anyOf);
}

/** The JSON type a schema describes: "object", "array", "string", ..., "union" (tagged) or undefined (any). */
export function typeOf(schema: Schema): string | undefined {
  if (isTaggedUnion(schema)) return "union";
  if (typeof schema.type === "string") return schema.type;
  if (schema.const !== undefined) return typeof schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return typeof schema.enum[0];
  if (schema.properties || schema.additionalProperties !== undefined) return "object";
  if (schema.items || schema.prefixItems) return "array";
  if (Array.isArray(schema.allOf)) return "object";
  return undefined;
}

/**
 * Whether a schema says it is open in responses (`x-commerce-open: true`, the extension our
 * OpenAPI export writes on enums and tagged unions that take unknown values in responses).
 */
export function isOpenInResponses(schema: Schema): boolean {
  return schema[openInResponses] === true;
}

/** The values a schema allows, when it lists them (`enum`, `const`). */
export function valuesOf(schema: Schema): string[] | undefined {
  if (schema.const !== undefined) return [String(schema.const)];
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  return undefined;
}

/** An object's properties with where each is written, `allOf` members merged. */
export function propertiesOf(
  document: unknown,
  located: Located,
): { properties: Map<string, Located>; required: Set<string> } {
  const properties = new Map<string, Located>();
  const required = new Set<string>();
  const visit = (current: Located) => {
    const { schema, at } = dereference(document, current);
    if (isSchema(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) {
        if (isSchema(property)) properties.set(name, { schema: property, at: child(at, "properties", name) });
      }
    }
    if (Array.isArray(schema.required)) for (const name of schema.required) required.add(String(name));
    if (Array.isArray(schema.allOf)) {
      schema.allOf.forEach((member, index) => {
        if (isSchema(member)) visit({ schema: member, at: child(at, "allOf", index) });
      });
    }
  };
  visit(located);
  return { properties, required };
}

const boundKeys = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "maxProperties",
] as const;

/**
 * A schema's bounds. An integer's exclusive bound is read as the inclusive one it means
 * (`exclusiveMinimum: 0` is `minimum: 1`), so the two ways of writing it do not differ.
 */
export function boundsOf(schema: Schema): Map<string, number> {
  const bounds = new Map<string, number>();
  for (const key of boundKeys) if (typeof schema[key] === "number") bounds.set(key, schema[key]);
  if (schema.type === "integer") {
    const lower = bounds.get("exclusiveMinimum");
    if (lower !== undefined && !bounds.has("minimum")) bounds.set("minimum", Math.floor(lower) + 1);
    const upper = bounds.get("exclusiveMaximum");
    if (upper !== undefined && !bounds.has("maximum")) bounds.set("maximum", Math.ceil(upper) - 1);
    bounds.delete("exclusiveMinimum");
    bounds.delete("exclusiveMaximum");
  }
  return bounds;
}

export function describeType(schema: Schema): string {
  const type = typeOf(schema);
  if (type === "union") return `a union by '${String((schema.discriminator as Schema).propertyName)}'`;
  return type ?? "any value";
}
