import { dereference, isSchema, type Located, propertiesOf, type Schema } from "../drift/schema-view.ts";

/** What a document's schema is, read one way by the importer's parts: its format, enum, object or page shape. */

/** The document's formats as our language names them. */
export const formats: Record<string, string> = {
  uuid: "uuid",
  uuid4: "uuid",
  "date-time": "datetime",
  email: "email",
  uri: "url",
  url: "url",
  date: "date",
  ipvanyaddress: "ip",
};

/** Formats our language states less narrowly than the document: an address of one IP version. */
export const widenedFormats: Record<string, string> = { ipv4: "ip", ipv6: "ip" };

/** Which page a `pagination` field makes: by its schema's name, else by its fields. */
export function paginationForm(document: Schema, pagination: Located): "Page" | "CursorPage" | undefined {
  const ref = pagination.schema.$ref;
  if (ref === "#/components/schemas/Pagination") return "Page";
  if (ref === "#/components/schemas/CursorPagination") return "CursorPage";
  const fields = propertiesOf(document, pagination).properties;
  if (fields.has("has_next_page")) return "CursorPage";
  if (fields.has("total_count") || fields.has("max_page")) return "Page";
  return undefined;
}

export function enumValues(schema: Schema): string[] | undefined {
  if (!Array.isArray(schema.enum)) return undefined;
  const values = schema.enum.filter((value) => value !== null);
  if (values.length === 0 || !values.every((value) => typeof value === "string")) return undefined;
  return values as string[];
}

export function isNullable(schema: Schema): boolean {
  return Array.isArray(schema.enum) && schema.enum.includes(null);
}

export function isObjectShaped(schema: Schema): boolean {
  if (isSchema(schema.properties) && Object.keys(schema.properties).length > 0) return true;
  // `properties: {}` and no `additionalProperties`: an object stating it has no fields (`fields: {}`), not a record.
  if (isSchema(schema.properties) && schema.additionalProperties === undefined) return true;
  return Array.isArray(schema.allOf) && (schema.allOf.length > 1 || isSchema(schema.properties));
}

/** The discriminator value a variant states for itself (`const`, or a one-value enum). */
export function tagOf(document: Schema, located: Located, property: string): string | undefined {
  const tag = propertiesOf(document, located).properties.get(property);
  if (!tag) return undefined;
  const { schema } = dereference(document, tag);
  if (typeof schema.const === "string") return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return String(schema.enum[0]);
  return undefined;
}

export function unique(values: string[]): string[] {
  return [...new Set(values)];
}
