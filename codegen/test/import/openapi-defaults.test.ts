import { describe, expect, it } from "vitest";
import { importOpenApi } from "../../src/import/import-openapi.ts";

/**
 * What OpenAPI leaves unsaid, imported as OpenAPI means it: a parameter without `required` is
 * optional (3.1 §4.8.12.2: `required` defaults to false, and must be true for a path parameter).
 * Every other document of these tests states `required` on each parameter, so the default
 * itself is exercised only here.
 */
function documentWithParameters(parameters: object[]) {
  return {
    openapi: "3.1.0",
    info: { title: "Defaults", version: "1" },
    paths: {
      "/v1/things/{id}": {
        get: {
          operationId: "getThing",
          tags: ["things"],
          security: [{ pat: [] }],
          parameters,
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { type: "object", properties: {} } } },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: { pat: { type: "http", scheme: "bearer", "x-audience": "organization" } },
    },
  };
}

function importedInput(parameters: object[]) {
  const { spec } = importOpenApi(documentWithParameters(parameters), {
    operations: [],
    all: true,
    webhooks: false,
  });
  return (spec.operations as Record<string, { input: unknown }>).getThing!.input;
}

describe("import: OpenAPI's defaults for parameters", () => {
  it("a query parameter without `required` is optional; one with `required: true` is not", () => {
    const input = importedInput([
      { name: "id", in: "path", required: true, schema: { type: "string" } },
      { name: "search", in: "query", schema: { type: "string" } },
      { name: "kind", in: "query", required: true, schema: { type: "string" } },
    ]);
    expect(input).toEqual({ path: { id: "string" }, query: { "search?": "string", kind: "string" } });
  });

  it("an optional query parameter that may be null is read as absent, with or without `required`", () => {
    const nullable = { type: ["string", "null"] };
    const input = importedInput([
      { name: "id", in: "path", required: true, schema: { type: "string" } },
      { name: "unsaid", in: "query", schema: nullable },
      { name: "stated", in: "query", required: false, schema: nullable },
    ]);
    expect(input).toEqual({ path: { id: "string" }, query: { "unsaid?": "string", "stated?": "string" } });
  });
});
