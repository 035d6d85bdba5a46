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

const formats = { uuid: "uuid", datetime: "date-time", email: "email", url: "uri" } as const;

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
        format: type.format && formats[type.format],
        minLength: type.minLength,
        maxLength: type.maxLength,
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
      return { type: "string", const: type.value };
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
      // Stated as the service's own document states its enums: the list known today. Clients
      // generated from this document should, like ours, accept other values in responses.
      return { type: "string", enum: [...declaration.values], ...description };
    case "object":
      return { ...objectSchema(declaration.fields, { closed: false }), ...description };
    case "alias":
      return { ...typeSchema(declaration.type), ...description };
    case "union": {
      const variants = declaration.variants.map((variant) => variant.type);
      return {
        oneOf: [...variants, ...(declaration.fallback ? [declaration.fallback] : [])].map(schemaRef),
        discriminator: {
          propertyName: declaration.discriminator,
          mapping: Object.fromEntries(
            declaration.variants.map((variant) => [variant.value, schemaRef(variant.type).$ref!]),
          ),
        },
        ...description,
      };
    }
  }
}
