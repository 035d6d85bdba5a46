import { z } from "zod";

/**
 * The spec language's structure. The loader checks a parsed spec against it (so every
 * unknown key or wrong type is reported with its position), and the editor JSON Schema
 * (spec/commerce.schema.json) is generated from it, so the two never disagree.
 * Meaning (references, paths, discriminators) is checked afterwards, in lower.ts.
 */

const description = z.string().describe("Prose; becomes TSDoc in the generated code.");
const typeExpression = z
  .string()
  .min(1)
  .describe(
    "A type expression: string, integer, uuid, datetime, date, ip, Customer, T[], A | B, record<T>, Page<T>, 'text', true, 42, ...",
  );
const count = z.int().nonnegative();

const bounds = {
  min: z.number().optional().describe("Inclusive lower bound (numbers)."),
  max: z.number().optional().describe("Inclusive upper bound (numbers)."),
  exclusiveMin: z.number().optional().describe("Exclusive lower bound (numbers)."),
  exclusiveMax: z.number().optional().describe("Exclusive upper bound (numbers)."),
  minLength: count.optional().describe("Shortest string length."),
  maxLength: count.optional().describe("Longest string length."),
  minItems: count.optional().describe("Fewest array items."),
  maxItems: count.optional().describe("Most array items."),
  maxEntries: count.optional().describe("Most record entries."),
  keyMinLength: count.optional().describe("Shortest record key."),
  keyMaxLength: count.optional().describe("Longest record key."),
  pattern: z
    .string()
    .optional()
    .describe("A regular expression the string matches (ECMAScript syntax, unanchored as in JSON Schema)."),
};

/**
 * The kinds of difference `commerce-codegen drift` reports (src/drift/difference.ts), which a
 * `deliberate:` mark names.
 */
export const differenceKinds = [
  "operation",
  "field",
  "required",
  "type",
  "nullability",
  "enum",
  "variant",
  "bound",
  "parameter",
  "status",
  "security",
] as const;

const deliberate = z
  .partialRecord(z.enum(differenceKinds), z.string().min(1))
  .describe(
    "Where this entry differs from the service's OpenAPI document on purpose: the kind of difference (bound, enum, field, ...) → why. `commerce-codegen drift` lists these apart and does not count them as drift.",
  );

const apiVersion = z.string().describe("An API version of `info.versions`, e.g. 2026-10.");
const lifetime = {
  since: apiVersion.optional().describe("The API version this first appears in (absent: every version)."),
  until: apiVersion
    .optional()
    .describe("The API version this is gone from (absent: still there in the latest version)."),
};

const fieldObject = z.strictObject({
  type: typeExpression,
  ...lifetime,
  description: description.optional(),
  default: z.unknown().optional().describe("The value the service uses when the field is absent."),
  deprecated: z.boolean().optional(),
  readOnly: z
    .boolean()
    .optional()
    .describe("Set by the service: the field is in responses only, and an input of the type never sends it."),
  example: z.unknown().optional(),
  deliberate: deliberate.optional(),
  ...bounds,
});

/** The request bodies the client writes: JSON, and the two form encodings. */
export const bodyMediaTypes = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
] as const;

const bodyField = z.union([
  typeExpression,
  fieldObject.extend({
    wireName: z
      .string()
      .optional()
      .describe(
        "The field's key in the body, when the input names it apart (a body key that is also a path field's name).",
      ),
  }),
]);

const queryStyle = z
  .enum(["form", "deepObject", "json"])
  .describe("form: name=value, arrays repeat the key; deepObject: name[key]=value; json: name=<JSON text>.");

const field = z.union([typeExpression, fieldObject]);
const queryField = z.union([typeExpression, fieldObject.extend({ style: queryStyle.optional() })]);
const fields = z.record(z.string(), field).describe("Field names (a trailing ? marks an optional field).");

const enumDeclaration = z.strictObject({
  description: description.optional(),
  values: z
    .array(z.string())
    .min(1)
    .describe("The known values; responses also accept values not listed yet."),
  deliberate: deliberate.optional(),
});

const unionDeclaration = z.strictObject({
  discriminator: z.string().describe("The field whose value tells the variants apart."),
  variants: z.record(z.string(), z.string()).describe("Discriminator value → variant type name."),
  unknown: z.string().optional().describe("The variant for discriminator values not listed yet."),
});

/** One shape for all three kinds of named type, so a misplaced key is reported by name. */
const typeDeclaration = z.strictObject({
  description: description.optional(),
  ...lifetime,
  fields: fields.optional(),
  additionalFields: typeExpression
    .optional()
    .describe(
      "An object's other keys, beside its fields: each a value of this type (e.g. metadata's extra keys).",
    ),
  extends: z.string().optional().describe("An object type whose fields this one starts from."),
  omit: z.array(z.string()).optional().describe("Fields of the extended type to leave out."),
  type: typeExpression.optional().describe("Makes this an alias of a type expression."),
  union: unionDeclaration.optional().describe("Makes this a tagged union."),
  deliberate: deliberate.optional(),
  ...bounds,
});

const securityScheme = z.strictObject({
  audience: z.enum(["organization", "customer"]),
  tokenPrefix: z.string().optional(),
  description: description.optional(),
});

const errorCode = z.strictObject({
  status: z.int().min(400).max(599),
  description: description.optional(),
  class: z
    .string()
    .optional()
    .describe(
      "The ApiError subclass the client throws for this code, e.g. ResourceNotFoundError (generated); without it, the class of the status or ApiError.",
    ),
});

const invalidatedEntry = z.strictObject({
  query: z
    .string()
    .describe("A query operation id (GET): only its entries this call changed are invalidated."),
  where: z
    .union([
      z
        .string()
        .describe("An input field of both operations, e.g. id: the query's `id` is this call's `id`."),
      z
        .record(z.string(), z.string())
        .describe("The query's input field → this operation's input field, e.g. { id: order_id }."),
    ])
    .describe("Which entries: the query input fields whose values come from this call's input."),
});

const operation = z.strictObject({
  group: z
    .string()
    .regex(
      /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/,
      "write the grouped form as dotted camelCase, e.g. licenseKeys.validate",
    )
    .describe("The grouped form, e.g. licenseKeys.validate → client.licenseKeys.validate()."),
  summary: z.string(),
  description: description.optional(),
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
  path: z
    .string()
    .regex(/^\//, "a path starts with /")
    .describe("Relative to the base URL; {name} marks a path parameter."),
  auth: z
    .array(z.string())
    .describe("The security schemes that may call this operation; [] for one that takes no token."),
  scopes: z.array(z.string()).optional().describe("Any one of these scopes is enough."),
  deprecated: z.boolean().optional(),
  input: z
    .strictObject({
      path: fields.optional(),
      query: z.record(z.string(), queryField).optional(),
      body: z
        .union([z.record(z.string(), bodyField), typeExpression])
        .optional()
        .describe(
          "The body's fields, or its type as a whole (an object type, a union of them, or any other type, taken as the input field `body`).",
        ),
      contentType: z
        .enum(bodyMediaTypes)
        .optional()
        .describe("How the body is written: JSON (the default), a form (urlencoded) or multipart/form-data."),
    })
    .optional(),
  responses: z
    .record(
      z.string().regex(/^2\d\d$/, "a success status is 2xx; list error statuses under errors"),
      z.union([typeExpression, z.null().describe('YAML\'s bare null: the same as "null"')]),
    )
    .describe(
      "Success status → a type expression (a JSON body), void (no body), null (no body yet; resolves to null) or a media type that is not JSON: text/csv (the call resolves to the text), application/pdf (to a Blob).",
    ),
  errors: z
    .array(z.string())
    .optional()
    .describe("Error codes from `errors`, and `validation` for the 422 body."),
  example: z.record(z.string(), z.unknown()).optional().describe("An input, shown in the TSDoc."),
  invalidates: z
    .array(z.union([z.string(), invalidatedEntry]))
    .optional()
    .describe(
      "Mutations only: the queries this operation changes, as query operation ids (listProducts), groups (customerPortal.licenseKeys) or one entry of a query ({ query: getOrderReceipt, where: id }). The React hooks invalidate them on success.",
    ),
  deliberate: deliberate.optional(),
});

const webhookEvent = z.strictObject({
  data: z.string().describe("The resource the event carries as its `data`: a type name, e.g. Order."),
  description: description.optional(),
});

export const specLanguage = z.strictObject({
  info: z.strictObject({
    title: z.string(),
    version: z
      .string()
      .describe("The API version the packages' roots speak (sent as Polar-Version); one of `versions`."),
    versions: z
      .array(z.string())
      .min(1)
      .optional()
      .describe(
        "The service's dated API versions, oldest first; each gets dated entry points. A type or field says the version it appears in (since) or is gone from (until). Absent: `version` alone.",
      ),
    description: description.optional(),
  }),
  environments: z.record(z.string(), z.url()).describe("Base URLs by environment name."),
  security: z.record(z.string(), securityScheme),
  errors: z.record(z.string(), errorCode).describe("Codes of the error-shaped body {error, detail}."),
  enums: z.record(z.string(), enumDeclaration).optional(),
  types: z.record(z.string(), typeDeclaration),
  operations: z.record(z.string(), operation),
  webhooks: z
    .record(z.string(), webhookEvent)
    .optional()
    .describe(
      "The events the service sends to webhook endpoints, by event type (e.g. order.paid); types not listed arrive as an open variant.",
    ),
});

export type SpecDocument = z.infer<typeof specLanguage>;
export type FieldSource = z.infer<typeof field>;
export type TypeDeclarationSource = z.infer<typeof typeDeclaration>;
export type OperationSource = z.infer<typeof operation>;
export type InvalidatedEntrySource = z.infer<typeof invalidatedEntry>;

/** The JSON Schema that editors use to complete and check a spec. */
export function specJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(specLanguage, { io: "input", unrepresentable: "any" }),
    title: "Commerce API spec",
  };
}
