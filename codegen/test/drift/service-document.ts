/**
 * An OpenAPI document written for the drift tests, in the style of a FastAPI service's: it
 * agrees with spec.yaml beside it, but states things its own way (nullable optional query
 * parameters, `exclusiveMinimum: 0` for an integer's minimum 1, a named list resource,
 * per-code error schemas). Each test plants one difference in a copy.
 */
export function serviceDocument() {
  return {
    openapi: "3.1.0",
    info: { title: "Pets service", version: "1" },
    paths: {
      "/v1/pets/": {
        get: {
          operationId: "pets:list",
          security: [{ pat: ["pets:read"] }],
          parameters: [
            {
              name: "status",
              in: "query",
              required: false,
              schema: {
                anyOf: [
                  { $ref: "#/components/schemas/Status" },
                  { type: "array", items: { $ref: "#/components/schemas/Status" } },
                  { type: "null" },
                ],
              },
            },
            {
              name: "limit",
              in: "query",
              required: false,
              schema: { type: "integer", exclusiveMinimum: 0, maximum: 100, default: 10 },
            },
          ],
          responses: {
            "200": {
              description: "Successful Response",
              content: { "application/json": { schema: { $ref: "#/components/schemas/ListResource_Pet_" } } },
            },
            "422": {
              description: "Validation Error",
              content: {
                "application/json": { schema: { $ref: "#/components/schemas/HTTPValidationError" } },
              },
            },
          },
        },
      },
      "/v1/pets/{id}/rename": {
        post: {
          operationId: "pets:rename",
          security: [{ pat: [] }],
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid4" } },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/PetRename" } } },
          },
          responses: {
            "200": {
              description: "Successful Response",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
            },
            "404": {
              description: "Not found",
              content: { "application/json": { schema: { $ref: "#/components/schemas/NotFound" } } },
            },
            "422": {
              description: "Validation Error",
              content: {
                "application/json": { schema: { $ref: "#/components/schemas/HTTPValidationError" } },
              },
            },
          },
        },
      },
    },
    webhooks: {
      "pet.adopted": {
        post: {
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { $ref: "#/components/schemas/WebhookPetAdoptedPayload" } },
            },
          },
          responses: { "200": { description: "Successful Response" } },
        },
      },
    },
    components: {
      schemas: {
        WebhookPetAdoptedPayload: {
          type: "object",
          properties: {
            type: { type: "string", const: "pet.adopted" },
            timestamp: { type: "string", format: "date-time" },
            data: { $ref: "#/components/schemas/Cat" },
          },
          required: ["type", "timestamp", "data"],
        },
        Status: { type: "string", enum: ["active", "canceled"], title: "Status" },
        Pagination: {
          type: "object",
          properties: { total_count: { type: "integer" }, max_page: { type: "integer" } },
          required: ["total_count", "max_page"],
        },
        ListResource_Pet_: {
          type: "object",
          properties: {
            items: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
            pagination: { $ref: "#/components/schemas/Pagination" },
          },
          required: ["items", "pagination"],
        },
        Pet: {
          oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
          discriminator: {
            propertyName: "kind",
            mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" },
          },
        },
        Cat: {
          type: "object",
          properties: {
            kind: { type: "string", const: "cat" },
            id: { type: "string", format: "uuid4" },
            name: { type: "string" },
            nickname: { anyOf: [{ type: "string" }, { type: "null" }] },
            status: { $ref: "#/components/schemas/Status" },
            lives: { type: "integer", minimum: 1, maximum: 9 },
          },
          required: ["kind", "id", "name", "nickname", "status", "lives"],
        },
        Dog: {
          type: "object",
          properties: { kind: { type: "string", const: "dog" }, id: { type: "string", format: "uuid4" } },
          required: ["kind", "id"],
        },
        PetRename: {
          type: "object",
          properties: { name: { type: "string", maxLength: 40 } },
          required: ["name"],
        },
        NotFound: {
          type: "object",
          properties: { error: { type: "string", const: "NotFound" }, detail: { type: "string" } },
          required: ["error", "detail"],
        },
        HTTPValidationError: {
          type: "object",
          properties: { detail: { type: "array", items: { type: "object" } } },
        },
      },
    },
  };
}

export type ServiceDocument = ReturnType<typeof serviceDocument>;
