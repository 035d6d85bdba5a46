import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/emitters/openapi/document.ts";
import { type JsonObject, typeSchema } from "../../src/emitters/openapi/json-schema.ts";
import { loadSpec } from "../../src/loader/load.ts";
import { codegenRoot } from "../helpers.ts";

/** The OpenAPI document round-trips every feature spec: each operation, parameter and type is in it. */

const featuresDir = join(codegenRoot, "test", "features");
const features = readdirSync(featuresDir).sort();

async function documentOf(feature: string) {
  const api = await loadSpec(join(featuresDir, feature, "spec.yaml"), codegenRoot);
  return { api, document: openApiDocument(api) as unknown as Document };
}

interface Document {
  webhooks?: Record<string, { post: Operation }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
}
interface Operation {
  operationId: string;
  parameters?: (JsonObject & { name: string; in: string })[];
  requestBody?: { content: Record<string, { schema: JsonObject & { properties?: object } }> };
  responses: Record<string, JsonObject>;
  security: Record<string, string[]>[];
}

describe.each(features)("the OpenAPI document of feature spec %s", (feature) => {
  it("has each operation at its method and path, with its parameters, body fields, statuses and schemes", async () => {
    const { api, document } = await documentOf(feature);
    for (const operation of api.operations) {
      const found = document.paths[operation.path]?.[operation.method.toLowerCase()];
      expect(found?.operationId, `${operation.method} ${operation.path}`).toBe(operation.id);
      const parameters = operation.parameters.filter((p) => p.location !== "body");
      expect(found!.parameters?.map((p) => [p.name, p.in]) ?? []).toEqual(
        parameters.map((p) => [p.name, p.location]),
      );
      const body = operation.parameters.filter((p) => p.location === "body").map((p) => p.name);
      const mediaType = operation.body?.mediaType ?? "application/json";
      expect(Object.keys(found!.requestBody?.content ?? {})).toEqual(operation.body ? [mediaType] : []);
      const bodySchema = found!.requestBody?.content[mediaType]?.schema;
      if (operation.body?.spread) expect(bodySchema).toEqual(typeSchema(operation.body.spread));
      else if (operation.body?.isValue)
        expect(bodySchema).toEqual(typeSchema(operation.parameters.at(-1)!.type));
      else expect(Object.keys(bodySchema?.properties ?? {})).toEqual(body);
      const statuses = [
        ...operation.responses.map((r) => r.status),
        ...operation.errors.map((e) => e.status),
      ];
      expect(Object.keys(found!.responses).map(Number)).toEqual([...new Set(statuses)].sort((a, b) => a - b));
      expect(found!.security.map((requirement) => Object.keys(requirement)[0])).toEqual(operation.auth);
    }
  });

  it("has each declared type and security scheme among its components", async () => {
    const { api, document } = await documentOf(feature);
    const webhookEvents = api.webhooks.length > 0 ? [...api.webhooks.map((e) => e.name), "WebhookEvent"] : [];
    // A union's fallback variant is no component: the union says it is open (x-commerce-open).
    const fallbacks = new Set(
      api.declarations.flatMap((d) => (d.kind === "union" && d.fallback ? [d.fallback] : [])),
    );
    expect(Object.keys(document.components.schemas)).toEqual([
      ...api.declarations.map((d) => d.name).filter((name) => !fallbacks.has(name)),
      ...webhookEvents,
    ]);
    expect(Object.keys(document.components.securitySchemes)).toEqual(api.securitySchemes.map((s) => s.name));
  });
});

describe("what the document states of each feature", () => {
  it("states query styles: repeated keys (form, explode), deepObject records, JSON text as content", async () => {
    const { document } = await documentOf("query-styles");
    const parameters = document.paths["/v1/items"]!.get!.parameters!;
    const byName = Object.fromEntries(parameters.map((p) => [p.name, p]));
    expect(byName.id).toMatchObject({
      in: "query",
      required: false,
      style: "form",
      explode: true,
      schema: {
        anyOf: [
          { type: "string", format: "uuid" },
          { type: "array", items: { format: "uuid" } },
        ],
      },
    });
    expect(byName.tags).toMatchObject({ style: "form", explode: true, schema: { type: "array" } });
    expect(byName.attributes).toMatchObject({
      style: "deepObject",
      explode: true,
      schema: { type: "object" },
    });
    expect(byName.filter).toMatchObject({ content: { "application/json": { schema: { type: "object" } } } });
    expect(byName.filter).not.toHaveProperty("style");
    expect(byName.limit).toMatchObject({
      description: "Size of a page.",
      schema: { type: "integer", minimum: 1, maximum: 100, default: 10 },
    });
  });

  it("states a tagged union closed, with its discriminator, and open in responses by x-commerce-open", async () => {
    const { document } = await documentOf("tagged-union");
    const { Event, UnknownEvent } = document.components.schemas;
    expect(Event).toEqual({
      oneOf: [{ $ref: "#/components/schemas/CreatedEvent" }, { $ref: "#/components/schemas/DeletedEvent" }],
      discriminator: {
        propertyName: "type",
        mapping: {
          created: "#/components/schemas/CreatedEvent",
          deleted: "#/components/schemas/DeletedEvent",
        },
      },
      "x-commerce-open": true,
    });
    expect(document.components.schemas.CreatedEvent).toMatchObject({
      properties: { type: { const: "created" } },
    });
    // The fallback variant (any other tag, `not` the known ones) is what mocks drew invalid examples from.
    expect(UnknownEvent).toBeUndefined();
  });

  it("states both pagination forms, and which a list answers", async () => {
    const { document } = await documentOf("pagination");
    const schemaOf = (path: string) =>
      (
        document.paths[path]!.get!.responses["200"] as {
          content: { "application/json": { schema: JsonObject } };
        }
      ).content["application/json"].schema;
    const page = (pagination: string) => ({
      type: "object",
      properties: {
        items: { type: "array", items: { $ref: "#/components/schemas/Item" } },
        pagination: { $ref: `#/components/schemas/${pagination}` },
      },
      required: ["items", "pagination"],
    });
    expect(schemaOf("/v1/items")).toEqual(page("Pagination"));
    expect(schemaOf("/v1/items/scroll")).toEqual(page("CursorPagination"));
    expect(schemaOf("/v1/items/search")).toEqual({ anyOf: [page("Pagination"), page("CursorPagination")] });
    expect(document.paths["/v1/items/search"]!.get).toMatchObject({
      "x-pagination": { forms: ["offset", "cursor"] },
    });
  });

  it("states no body for void and null responses", async () => {
    const { document } = await documentOf("void-null-responses");
    expect(document.paths["/v1/things/{id}"]!.delete!.responses["204"]).not.toHaveProperty("content");
    const receipt = document.paths["/v1/receipts/{id}"]!.get!.responses;
    expect(receipt["200"]).toHaveProperty("content");
    expect(receipt["202"]).not.toHaveProperty("content");
  });

  it("states bounds on aliases, fields and inputs, and closes input bodies", async () => {
    const { document } = await documentOf("alias-bounds");
    const { Label, Quantity, Note } = document.components.schemas;
    expect(Label).toEqual({ type: "string", minLength: 1, maxLength: 40 });
    expect(Quantity).toEqual({ type: "integer", minimum: 1, maximum: 100 });
    expect(Note).toMatchObject({ properties: { tags: { type: "array", maxItems: 5 } } });
    expect(Note).not.toHaveProperty("additionalProperties");
    // Some fields are required, so the body is.
    expect(document.paths["/v1/notes"]!.post!.requestBody).toMatchObject({ required: true });
    const body = document.paths["/v1/notes"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(body).toMatchObject({
      additionalProperties: false,
      required: ["label", "quantity"],
      properties: { recipients: { type: "array", minItems: 1, maxItems: 3 } },
    });
  });

  it("states each error per status, several codes of one status as alternatives pinned to their code", async () => {
    const { document } = await documentOf("error-classes");
    const responses = document.paths["/v1/reports"]!.post!.responses;
    expect(Object.keys(responses)).toEqual(["201", "402", "409", "422"]);
    expect(responses["402"]).toMatchObject({
      description: "`PaymentRequired`: The organization's plan does not include this feature.",
      "x-error-codes": ["PaymentRequired"],
      content: {
        "application/json": {
          schema: { allOf: [{ type: "object" }, { properties: { error: { const: "PaymentRequired" } } }] },
        },
      },
    });
    expect(responses["422"]).toMatchObject({
      content: { "application/json": { schema: { required: ["detail"] } } },
    });
  });

  it("states each webhook event as the POST the service sends, its body the event of its type", async () => {
    const { document } = await documentOf("webhooks");
    expect(Object.keys(document.webhooks ?? {})).toEqual(["order.paid", "discount.deleted"]);
    expect(document.webhooks!["order.paid"]!.post).toMatchObject({
      operationId: "OrderPaidWebhookEvent",
      description: "An order was paid.",
      requestBody: {
        content: { "application/json": { schema: { $ref: "#/components/schemas/OrderPaidWebhookEvent" } } },
      },
    });
    expect(document.components.schemas.OrderPaidWebhookEvent).toMatchObject({
      properties: {
        type: { const: "order.paid" },
        timestamp: { format: "date-time" },
        data: { $ref: "#/components/schemas/Order" },
      },
      required: ["type", "timestamp", "data"],
    });
    expect(document.components.schemas.WebhookEvent).toMatchObject({
      discriminator: { propertyName: "type" },
      oneOf: [
        { $ref: "#/components/schemas/OrderPaidWebhookEvent" },
        { $ref: "#/components/schemas/DiscountDeletedWebhookEvent" },
      ],
      "x-commerce-open": true,
    });
  });

  it("has no webhooks when the spec lists none", async () => {
    const { document } = await documentOf("pagination");
    expect(document).not.toHaveProperty("webhooks");
  });
});

describe("a tuple's schema", () => {
  it("holds exactly its items, in order: no fewer and no more", () => {
    const pair = { kind: "tuple", items: [{ kind: "string" }, { kind: "integer" }] } as const;
    expect(typeSchema(pair as never)).toEqual({
      type: "array",
      prefixItems: [{ type: "string" }, { type: "integer" }],
      // Never applies under maxItems; what tools that read only `items` (Prism) draw from.
      items: { anyOf: [{ type: "string" }, { type: "integer" }] },
      minItems: 2,
      maxItems: 2,
    });
    const twin = { kind: "tuple", items: [{ kind: "string" }, { kind: "string" }] } as const;
    expect(typeSchema(twin as never)).toMatchObject({ items: { type: "string" } });
  });
});
