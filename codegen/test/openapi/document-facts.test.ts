/**
 * What the OpenAPI document states of a spec that uses every fact the document carries: bounds
 * (inclusive and exclusive), formats, record key bounds, field and operation descriptions,
 * defaults and deprecation, scopes, servers, token prefixes, error bodies a spec declares
 * itself, and a body whose fields are all optional. Tools read these facts (docs renderers,
 * mock servers, other languages' generators), so each is asserted where they look for it.
 */
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/emitters/openapi/document.ts";
import { lowerText } from "../../src/loader/load.ts";

const spec = `info:
  title: Facts API
  version: "2026-04"
environments:
  production: https://api.example.com
  sandbox: https://sandbox.example.com
security:
  pat:
    audience: organization
    tokenPrefix: facts_pat_
    description: Personal access token.
  cst:
    audience: customer
errors:
  NotFound:
    status: 404
    description: No such thing.
  Gone:
    status: 404
types:
  ErrorBody:
    fields:
      error: string
      detail: string
  Thing:
    description: A thing.
    fields:
      id: uuid
      created_at: datetime
      email: email
      homepage: url
      ratio:
        type: number
        exclusiveMin: 0
        exclusiveMax: 1
      count:
        type: integer
        min: 2
        max: 9
        default: 3
        description: How many.
      old?:
        type: string
        deprecated: true
      labels:
        type: record<string>
        maxEntries: 4
        keyMinLength: 1
        keyMaxLength: 8
      notes:
        type: record<string>
operations:
  getThing:
    group: things.get
    summary: Get a thing.
    description: The whole thing.
    method: GET
    path: /v1/things/{id}
    auth: [pat, cst]
    scopes: [things:read, things:write]
    input:
      path:
        id: uuid
      query:
        verbose?: boolean
        view: string
    responses:
      200: Thing
    errors: [NotFound, Gone, validation]
  touchThing:
    group: things.touch
    summary: Touch a thing.
    method: PATCH
    path: /v1/things/{id}
    auth: [pat]
    deprecated: true
    input:
      path:
        id: uuid
      body:
        note?: string
        pinned?: boolean
    responses:
      204: void
`;

// biome-ignore lint/suspicious/noExplicitAny: the document is JSON, read by path.
const document = openApiDocument(lowerText(spec, "spec.yaml")) as any;
const thing = document.components.schemas.Thing;

describe("the OpenAPI document states", () => {
  it("the servers, each environment with its name", () => {
    expect(document.servers).toEqual([
      { url: "https://api.example.com", description: "production" },
      { url: "https://sandbox.example.com", description: "sandbox" },
    ]);
    expect(document.info).toEqual({ title: "Facts API", version: "2026-04" });
    expect(document.tags).toEqual([{ name: "things" }]);
  });

  it("the string formats by their JSON Schema names", () => {
    expect(thing.properties.id).toEqual({ type: "string", format: "uuid" });
    expect(thing.properties.created_at).toEqual({ type: "string", format: "date-time" });
    expect(thing.properties.email).toEqual({ type: "string", format: "email" });
    expect(thing.properties.homepage).toEqual({ type: "string", format: "uri" });
  });

  it("inclusive and exclusive bounds as their own keywords, with a field's default and description", () => {
    expect(thing.properties.ratio).toEqual({ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 });
    expect(thing.properties.count).toEqual({
      type: "integer",
      minimum: 2,
      maximum: 9,
      description: "How many.",
      default: 3,
    });
  });

  it("a record's entry count and key lengths, and none for a record without bounds", () => {
    expect(thing.properties.labels).toEqual({
      type: "object",
      additionalProperties: { type: "string" },
      maxProperties: 4,
      propertyNames: { minLength: 1, maxLength: 8 },
    });
    expect(thing.properties.notes).toEqual({ type: "object", additionalProperties: { type: "string" } });
  });

  it("a deprecated field, the required fields but the optional ones, and a response object left open", () => {
    expect(thing.properties.old).toEqual({ type: "string", deprecated: true });
    expect(thing.properties.id).not.toHaveProperty("deprecated");
    expect(thing.required).toEqual([
      "id",
      "created_at",
      "email",
      "homepage",
      "ratio",
      "count",
      "labels",
      "notes",
    ]);
    expect(thing).not.toHaveProperty("additionalProperties");
    expect(thing.description).toBe("A thing.");
  });

  it("each scheme allowed with the operation's scopes, and its description, audience and token prefix", () => {
    const get = document.paths["/v1/things/{id}"].get;
    expect(get.security).toEqual([
      { pat: ["things:read", "things:write"] },
      { cst: ["things:read", "things:write"] },
    ]);
    expect(document.paths["/v1/things/{id}"].patch.security).toEqual([{ pat: [] }]);
    expect(document.components.securitySchemes).toEqual({
      pat: {
        type: "http",
        scheme: "bearer",
        description: "Personal access token.",
        "x-audience": "organization",
        "x-token-prefix": "facts_pat_",
      },
      cst: { type: "http", scheme: "bearer", "x-audience": "customer" },
    });
  });

  it("an operation's description and tag, its path parameter and a required query one required, an optional one not", () => {
    const get = document.paths["/v1/things/{id}"].get;
    expect(get).toMatchObject({ summary: "Get a thing.", description: "The whole thing.", tags: ["things"] });
    expect(get).not.toHaveProperty("deprecated");
    expect(get).not.toHaveProperty("requestBody");
    expect(get.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
      {
        name: "verbose",
        in: "query",
        required: false,
        style: "form",
        explode: true,
        schema: { type: "boolean" },
      },
      { name: "view", in: "query", required: true, style: "form", explode: true, schema: { type: "string" } },
    ]);
  });

  it("a deprecated operation, and a body not required when all its fields are optional", () => {
    const patch = document.paths["/v1/things/{id}"].patch;
    expect(patch.deprecated).toBe(true);
    expect(patch).not.toHaveProperty("description");
    expect(patch.requestBody).toEqual({
      required: false,
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { note: { type: "string" }, pinned: { type: "boolean" } },
            additionalProperties: false,
          },
        },
      },
    });
    expect(patch.responses).toEqual({ "204": { description: "Done; no body." } });
  });

  it("two codes of one status as alternatives described each, the spec's own ErrorBody, and validation's 422", () => {
    const responses = document.paths["/v1/things/{id}"].get.responses;
    expect(Object.keys(responses)).toEqual(["200", "404", "422"]);
    expect(responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Thing",
    });
    expect(responses["404"]).toEqual({
      description: "`NotFound`: No such thing.\n\n`Gone`.",
      content: {
        "application/json": {
          schema: {
            anyOf: [
              {
                allOf: [
                  { $ref: "#/components/schemas/ErrorBody" },
                  { type: "object", properties: { error: { const: "NotFound" } } },
                ],
              },
              {
                allOf: [
                  { $ref: "#/components/schemas/ErrorBody" },
                  { type: "object", properties: { error: { const: "Gone" } } },
                ],
              },
            ],
          },
        },
      },
      "x-error-codes": ["NotFound", "Gone"],
    });
    // The spec declares no ValidationErrorBody: the language's own shape is stated inline.
    expect(responses["422"]).toMatchObject({
      description: "The input failed validation (`ValidationErrorBody`).",
      content: { "application/json": { schema: { type: "object", required: ["detail"] } } },
    });
    expect(responses["422"]).not.toHaveProperty("x-error-codes");
  });
});
