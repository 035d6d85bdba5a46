import type { Declaration, Field, TypeNode } from "../../ir/types.ts";

/**
 * IR types → JSON Schema 2020-12, the dialect of OpenAPI 3.1. Each schema is built with its
 * keys in one fixed order, so the document's text is the same for the same spec.
 */

export type JsonObject = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/** Where named types live in the document: `#/components/schemas/<name>`. */
export function schemaRef(name: string): JsonObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** Our formats as JSON Schema names them; `ip` is either of two (`ipChoice`). */
const formats = {
  uuid: "uuid",
  guid: "uuid",
  datetime: "date-time",
  date: "date",
  email: "email",
  url: "uri",
} as const;

/**
 * An IP address of either version (`anyOf` beside `type: string`), in JSON Schema's own formats, which validators, mock servers
 * (Prism makes a valid address of it) and strict MCP clients all know.
 */
function ipChoice(): JsonValue[] {
  return [{ format: "ipv4" }, { format: "ipv6" }];
}

/** Keys whose value is undefined are left out, so optional facts never print as `null`. */
function defined(entries: Record<string, JsonValue | undefined>): JsonObject {
  const object: JsonObject = {};
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) object[key] = value;
  return object;
}

export function typeSchema(type: TypeNode): JsonObject {
  switch (type.kind) {
    case "string":
      return defined({
        type: "string",
        format: type.format && type.format !== "ip" ? formats[type.format] : undefined,
        anyOf: type.format === "ip" ? ipChoice() : undefined,
        minLength: type.minLength,
        maxLength: type.maxLength,
        pattern: type.pattern,
      });
    case "integer":
    case "number":
      return defined({
        type: type.kind,
        minimum: type.min,
        maximum: type.max,
        exclusiveMinimum: type.exclusiveMin,
        exclusiveMaximum: type.exclusiveMax,
      });
    case "boolean":
      return { type: "boolean" };
    case "unknown":
      return {};
    case "null":
      return { type: "null" };
    case "literal":
      return { type: literalType(type.value), const: type.value };
    case "otherString":
      // The fallback variant's tag: any string the union does not list yet.
      return { type: "string", not: { enum: [...type.known] } };
    case "ref":
      return schemaRef(type.name);
    case "array":
      return defined({
        type: "array",
        items: typeSchema(type.items),
        minItems: type.minItems,
        maxItems: type.maxItems,
      });
    case "record":
      return defined({
        type: "object",
        additionalProperties: typeSchema(type.values),
        maxProperties: type.maxEntries,
        propertyNames:
          type.keyMinLength === undefined && type.keyMaxLength === undefined
            ? undefined
            : defined({ minLength: type.keyMinLength, maxLength: type.keyMaxLength }),
      });
    case "tuple":
      return {
        type: "array",
        prefixItems: type.items.map(typeSchema),
        // Under prefixItems and maxItems, `items` never applies (2020-12); mock and example
        // generators that read only `items` (Prism's) take from it an array of the right length.
        items: oneSchemaOf(type.items.map(typeSchema)),
        minItems: type.items.length,
        maxItems: type.items.length,
      };
    case "union":
      return { anyOf: type.members.map(typeSchema) };
    case "jsonText":
      // On the wire a JSON text; parameters.ts says so with `content`, the schema is the value's.
      return typeSchema(type.type);
    case "page":
      return pageSchema(type.forms, type.items);
  }
}

function literalType(value: string | number | boolean): string {
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** The schemas as one: itself when all are alike, else `anyOf` the different ones. */
function oneSchemaOf(schemas: readonly JsonObject[]): JsonObject {
  const distinct = [...new Map(schemas.map((schema) => [JSON.stringify(schema), schema])).values()];
  return distinct.length === 1 ? distinct[0]! : { anyOf: distinct };
}

/**
 * The vendor extension that says a schema is open in responses: an enum whose response values
 * may be any string, a tagged union whose response may carry a tag it does not map (its
 * fields kept as sent). The schema itself stays closed, as mocks, docs renderers and other
 * generators read JSON Schema.
 */
export const openInResponses = "x-commerce-open";

/** `{ items, pagination }` in each pagination form the list may answer. */
export function pageSchema(forms: readonly ("offset" | "cursor")[], items: TypeNode): JsonObject {
  const page = (form: "offset" | "cursor"): JsonObject => ({
    type: "object",
    properties: {
      items: { type: "array", items: typeSchema(items) },
      pagination: schemaRef(form === "offset" ? "Pagination" : "CursorPagination"),
    },
    required: ["items", "pagination"],
  });
  return forms.length === 1 ? page(forms[0]!) : { anyOf: forms.map(page) };
}

/** A field's schema with what the spec says of it beside the type: description, default, deprecation. */
export function fieldSchema(field: Field): JsonObject {
  return {
    ...typeSchema(field.type),
    ...defined({
      description: field.description,
      default: field.default as JsonValue | undefined,
      deprecated: field.deprecated || undefined,
      readOnly: field.readOnly || undefined,
      examples: field.example === undefined ? undefined : [field.example as JsonValue],
    }),
  };
}

/**
 * An object's schema. Responses keep fields the spec does not list (the service adds fields
 * without notice), so only inputs close it with `additionalProperties: false`.
 */
export function objectSchema(fields: readonly Field[], options: { closed: boolean }): JsonObject {
  const required = fields.filter((field) => !field.optional).map((field) => field.name);
  return defined({
    type: "object",
    properties: Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
    required: required.length > 0 ? required : undefined,
    additionalProperties: options.closed ? false : undefined,
  });
}

export function declarationSchema(declaration: Declaration): JsonObject {
  const description = defined({ description: declaration.description });
  switch (declaration.kind) {
    case "enum":
      // Closed, as the service's own document states its enums: the list known today; open in
      // responses (enumIsOpen), which the extension says.
      return { type: "string", enum: [...declaration.values], [openInResponses]: true, ...description };
    case "object":
      return {
        ...objectSchema(declaration.fields, { closed: false }),
        ...(declaration.additionalFields && {
          additionalProperties: typeSchema(declaration.additionalFields),
        }),
        ...description,
      };
    case "alias":
      return { ...typeSchema(declaration.type), ...description };
    case "union": {
      // The known variants only: the fallback variant (any other tag) is what the extension says.
      return {
        oneOf: declaration.variants.map((variant) => schemaRef(variant.type)),
        discriminator: {
          propertyName: declaration.discriminator,
          mapping: Object.fromEntries(
            declaration.variants.map((variant) => [variant.value, schemaRef(variant.type).$ref!]),
          ),
        },
        ...(declaration.fallback !== undefined && { [openInResponses]: true }),
        ...description,
      };
    }
  }
}
