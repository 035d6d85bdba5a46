/**
 * An OpenAPI 3.1 document shaped like the service's, written for the tests (no copy of it):
 * six resources with list (offset pages), create, get, update and delete each, a customer
 * portal list, a cursor-paginated list of events (a union holding a union) with a JSON-text filter,
 * an ingest answering any JSON, a CSV export and a 202, and a
 * `created` and an `updated` webhook per resource. It uses each construct the service's
 * document does: `$ref`s and `anyOf` nullability, `allOf`, tagged unions (`oneOf` +
 * `discriminator`, one variant under two tags), enums inline and named, constants, formats
 * (`uuid4`, `date-time`, `email`, `uri`, `date`), bounds, `propertyNames`, `additionalProperties`,
 * `prefixItems`, patterns, `readOnly`, examples, deepObject and `content` parameters, error
 * bodies per code, `HTTPValidationError`, statuses without a body, OIDC and bearer schemes.
 */

const resources = ["products", "customers", "orders", "subscriptions", "checkouts", "license_keys"] as const;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ "application/json": { schema } });
const nullable = (schema: object) => ({ anyOf: [schema, { type: "null" }] });
const pascal = (text: string) =>
  text.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
const singular = (text: string) => text.replace(/s$/, "");

const errors = {
  "404": { description: "Not found.", content: json(ref("ResourceNotFound")) },
  "422": { description: "Validation Error", content: json(ref("HTTPValidationError")) },
};

function scopes(resource: string, write: boolean) {
  const list = write ? [`${resource}:write`] : [`${resource}:read`, `${resource}:write`];
  return [{ oidc: list }, { pat: list }, { oat: list }];
}

function resourceSchemas(resource: string): Record<string, object> {
  const name = pascal(singular(resource));
  return {
    [name]: {
      type: "object",
      title: name,
      description: `A ${singular(resource).replaceAll("_", " ")}.`,
      required: [
        "id",
        "created_at",
        "modified_at",
        "metadata",
        "name",
        "status",
        "kind",
        "amount",
        "price",
        "tags",
      ],
      properties: {
        id: { type: "string", format: "uuid4", title: "Id", description: "The ID of the object." },
        created_at: { type: "string", format: "date-time", title: "Created At" },
        modified_at: nullable({ type: "string", format: "date-time" }),
        metadata: ref("MetadataOutputType"),
        name: { type: "string", minLength: 1, maxLength: 100, examples: ["Premium"] },
        status: ref("Status"),
        kind: { type: "string", const: singular(resource) },
        amount: { type: "integer", minimum: 0, maximum: 1000000, description: "In cents." },
        price: ref("Price"),
        tags: { type: "array", items: { type: "string", pattern: "^[a-z-]+$" }, maxItems: 20 },
        homepage: nullable({ type: "string", format: "uri" }),
        email: nullable({ type: "string", format: "email" }),
        starts_on: nullable({ type: "string", format: "date" }),
        visibility: { type: "string", enum: ["public", "private"], default: "public" },
        position: {
          type: "array",
          prefixItems: [{ type: "number" }, { type: "number" }],
          minItems: 2,
          maxItems: 2,
        },
        benefit: nullable(ref("Benefit")),
        aggregation: ref("Aggregation"),
        lines: {
          type: "array",
          items: {
            type: "object",
            required: ["label"],
            properties: { label: { type: "string" }, quantity: { type: "integer", exclusiveMinimum: 0 } },
          },
        },
        settings: { allOf: [ref("Settings")], readOnly: true },
      },
    },
    [`${name}Create`]: {
      type: "object",
      required: ["name", "price"],
      properties: {
        name: { type: "string", minLength: 1, maxLength: 100 },
        metadata: {
          type: "object",
          additionalProperties: {
            anyOf: [{ type: "string", maxLength: 500 }, { type: "integer" }, { type: "boolean" }],
          },
          maxProperties: 50,
          propertyNames: { minLength: 1, maxLength: 40 },
        },
        price: {
          oneOf: [ref("FixedPrice"), ref("CustomPrice")],
          discriminator: {
            propertyName: "amount_type",
            mapping: { fixed: "#/components/schemas/FixedPrice", custom: "#/components/schemas/CustomPrice" },
          },
        },
        status: { allOf: [ref("Status")], default: "draft" },
      },
    },
    [`${name}Update`]: {
      type: "object",
      properties: {
        name: nullable({ type: "string", minLength: 1, maxLength: 100 }),
        status: nullable(ref("Status")),
        metadata: nullable({ type: "object", additionalProperties: { type: "string" } }),
      },
    },
    [`ListResource_${name}_`]: {
      type: "object",
      required: ["items", "pagination"],
      properties: { items: { type: "array", items: ref(name) }, pagination: ref("Pagination") },
    },
    [`Webhook${name}CreatedPayload`]: webhookPayload(`${singular(resource)}.created`, name),
    [`Webhook${name}UpdatedPayload`]: webhookPayload(`${singular(resource)}.updated`, name),
  };
}

function webhookPayload(type: string, data: string) {
  return {
    type: "object",
    required: ["type", "timestamp", "data"],
    properties: {
      type: { type: "string", const: type },
      timestamp: { type: "string", format: "date-time" },
      data: ref(data),
    },
  };
}

function resourcePaths(resource: string): Record<string, object> {
  const name = pascal(singular(resource));
  const tags = [resource, "public"];
  const id = {
    name: "id",
    in: "path",
    required: true,
    schema: { type: "string", format: "uuid4", title: `The ${name} ID` },
  };
  return {
    [`/v1/${resource}/`]: {
      get: {
        operationId: `${resource}:list`,
        tags,
        summary: `List ${name}s`,
        security: scopes(resource, false),
        parameters: [
          {
            name: "organization_id",
            in: "query",
            required: false,
            schema: nullable({
              anyOf: [
                { type: "string", format: "uuid4" },
                { type: "array", items: { type: "string", format: "uuid4" } },
              ],
            }),
          },
          { name: "query", in: "query", required: false, schema: nullable({ type: "string" }) },
          {
            name: "page",
            in: "query",
            required: false,
            schema: { type: "integer", exclusiveMinimum: 0, default: 1 },
          },
          {
            name: "limit",
            in: "query",
            required: false,
            schema: { type: "integer", exclusiveMinimum: 0, default: 10 },
          },
          {
            name: "sorting",
            in: "query",
            required: false,
            schema: nullable({ type: "array", items: ref("SortProperty") }),
          },
          {
            name: "metadata",
            in: "query",
            required: false,
            style: "deepObject",
            schema: ref("MetadataQuery"),
          },
        ],
        responses: {
          "200": { description: "Successful Response", content: json(ref(`ListResource_${name}_`)) },
          "422": errors["422"],
        },
      },
      post: {
        operationId: `${resource}:create`,
        tags,
        summary: `Create ${name}`,
        security: scopes(resource, true),
        requestBody: { required: true, content: json(ref(`${name}Create`)) },
        responses: {
          "201": { description: `${name} created.`, content: json(ref(name)) },
          "401": { description: "Not authenticated." },
          "403": { description: "Not permitted.", content: json(ref("NotPermitted")) },
          "409": {
            description: "Conflict.",
            content: json({ anyOf: [ref("AlreadyExists"), ref("QuotaReached")] }),
          },
          "422": errors["422"],
        },
      },
    },
    [`/v1/${resource}/{id}`]: {
      get: {
        operationId: `${resource}:get`,
        tags,
        summary: `Get ${name}`,
        security: scopes(resource, false),
        parameters: [id],
        responses: { "200": { description: "Successful Response", content: json(ref(name)) }, ...errors },
      },
      patch: {
        operationId: `${resource}:update`,
        tags,
        summary: `Update ${name}`,
        security: scopes(resource, true),
        parameters: [id],
        requestBody: { required: true, content: json(ref(`${name}Update`)) },
        responses: { "200": { description: `${name} updated.`, content: json(ref(name)) }, ...errors },
      },
      delete: {
        operationId: `${resource}:delete`,
        tags,
        summary: `Delete ${name}`,
        security: scopes(resource, true),
        parameters: [id],
        responses: { "204": { description: `${name} deleted.` }, "404": errors["404"] },
      },
    },
  };
}

const errorBody = (code: string) => ({
  type: "object",
  title: code,
  required: ["error", "detail"],
  properties: { error: { type: "string", const: code, examples: [code] }, detail: { type: "string" } },
});

const variant = (tag: string, property: string, extra: Record<string, object>) => ({
  type: "object",
  required: [property, ...Object.keys(extra)],
  properties: { [property]: { type: "string", const: tag }, ...extra },
});

function eventVariant(source: string, name: string, metadata: Record<string, object>) {
  return {
    type: "object",
    required: ["id", "source", "name", "timestamp", "metadata"],
    properties: {
      id: { type: "string", format: "uuid4" },
      source: { type: "string", const: source },
      name: { type: "string", const: name, description: "The name of the event." },
      timestamp: { type: "string", format: "date-time" },
      metadata: { type: "object", required: Object.keys(metadata), properties: metadata },
    },
  };
}

function sharedSchemas(): Record<string, object> {
  return {
    Status: { type: "string", enum: ["draft", "active", "archived"], title: "Status" },
    SortProperty: { type: "string", enum: ["created_at", "-created_at", "name", "-name"] },
    MetadataOutputType: {
      type: "object",
      additionalProperties: {
        anyOf: [{ type: "string" }, { type: "integer" }, { type: "number" }, { type: "boolean" }],
      },
    },
    MetadataQuery: nullable({
      type: "object",
      additionalProperties: {
        anyOf: [
          { type: "string" },
          { type: "integer" },
          { type: "boolean" },
          { type: "array", items: { type: "string" } },
        ],
      },
    }),
    Settings: {
      type: "object",
      required: ["enabled"],
      properties: { enabled: { type: "boolean" }, note: { type: "string", deprecated: true } },
    },
    Price: {
      oneOf: [ref("FixedPrice"), ref("CustomPrice"), ref("FreePrice")],
      discriminator: {
        propertyName: "amount_type",
        mapping: {
          fixed: "#/components/schemas/FixedPrice",
          custom: "#/components/schemas/CustomPrice",
          free: "#/components/schemas/FreePrice",
        },
      },
    },
    FixedPrice: variant("fixed", "amount_type", {
      price_amount: { type: "integer", minimum: 50, maximum: 99999999 },
      price_currency: { type: "string", pattern: "^[a-z]{3}$" },
    }),
    CustomPrice: variant("custom", "amount_type", {
      minimum_amount: nullable({ type: "integer", minimum: 50 }),
      preset_amount: nullable({ type: "integer" }),
    }),
    FreePrice: variant("free", "amount_type", {}),
    Benefit: {
      oneOf: [ref("BenefitCustom"), ref("BenefitDiscord")],
      discriminator: {
        propertyName: "type",
        mapping: {
          custom: "#/components/schemas/BenefitCustom",
          discord: "#/components/schemas/BenefitDiscord",
        },
      },
    },
    BenefitCustom: variant("custom", "type", { note: nullable({ type: "string" }) }),
    BenefitDiscord: variant("discord", "type", { guild_id: { type: "string" }, role_id: { type: "string" } }),
    Aggregation: {
      oneOf: [ref("CountAggregation"), ref("PropertyAggregation")],
      discriminator: {
        propertyName: "func",
        mapping: {
          count: "#/components/schemas/CountAggregation",
          sum: "#/components/schemas/PropertyAggregation",
          max: "#/components/schemas/PropertyAggregation",
        },
      },
    },
    CountAggregation: variant("count", "func", {}),
    PropertyAggregation: {
      type: "object",
      required: ["func", "property"],
      properties: { func: { type: "string", enum: ["sum", "max"] }, property: { type: "string" } },
    },
    // A union on `source` whose `system` variant is itself a union on `name`, as the service's events.
    Event: {
      oneOf: [ref("SystemEvent"), ref("UserEvent")],
      discriminator: {
        propertyName: "source",
        mapping: { system: "#/components/schemas/SystemEvent", user: "#/components/schemas/UserEvent" },
      },
    },
    SystemEvent: {
      oneOf: [ref("OrderPaidEvent"), ref("MeterCreditedEvent")],
      discriminator: {
        propertyName: "name",
        mapping: {
          "order.paid": "#/components/schemas/OrderPaidEvent",
          "meter.credited": "#/components/schemas/MeterCreditedEvent",
        },
      },
    },
    OrderPaidEvent: eventVariant("system", "order.paid", { amount: { type: "integer" } }),
    MeterCreditedEvent: eventVariant("system", "meter.credited", { units: { type: "integer" } }),
    UserEvent: {
      type: "object",
      required: ["id", "source", "name", "timestamp"],
      properties: {
        id: { type: "string", format: "uuid4" },
        source: { type: "string", const: "user", description: "Who sent the event." },
        name: { type: "string", description: "The name of the event." },
        timestamp: { type: "string", format: "date-time" },
        metadata: ref("MetadataOutputType"),
      },
    },
    EventFilter: {
      type: "object",
      required: ["conjunction", "clauses"],
      properties: {
        conjunction: { type: "string", enum: ["and", "or"] },
        clauses: {
          type: "array",
          items: {
            type: "object",
            required: ["property", "value"],
            properties: {
              property: { type: "string" },
              value: { anyOf: [{ type: "string" }, { type: "integer" }, { type: "boolean" }] },
            },
          },
        },
      },
    },
    ExportJob: { type: "object", required: ["id"], properties: { id: { type: "string", format: "uuid4" } } },
    Pagination: {
      type: "object",
      required: ["total_count", "max_page"],
      properties: { total_count: { type: "integer" }, max_page: { type: "integer" } },
    },
    CursorPagination: {
      type: "object",
      required: ["has_next_page"],
      properties: { has_next_page: { type: "boolean" } },
    },
    ListResourceWithCursorPagination_Event_: {
      type: "object",
      required: ["items", "pagination"],
      properties: { items: { type: "array", items: ref("Event") }, pagination: ref("CursorPagination") },
    },
    ResourceNotFound: errorBody("ResourceNotFound"),
    NotPermitted: errorBody("NotPermitted"),
    AlreadyExists: errorBody("AlreadyExists"),
    QuotaReached: errorBody("QuotaReached"),
    HTTPValidationError: {
      type: "object",
      properties: { detail: { type: "array", items: ref("ValidationError") } },
    },
    ValidationError: {
      type: "object",
      required: ["loc", "msg", "type"],
      properties: {
        loc: { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
        msg: { type: "string" },
        type: { type: "string" },
      },
    },
  };
}

function extraPaths(): Record<string, object> {
  return {
    "/v1/customer-portal/orders/": {
      get: {
        operationId: "customer_portal:orders:list",
        tags: ["customer_portal", "orders", "public"],
        summary: "List Orders",
        security: [
          { customer_session: ["customer_portal:read", "customer_portal:write"] },
          { member_session: ["customer_portal:read", "customer_portal:write"] },
        ],
        parameters: [
          {
            name: "page",
            in: "query",
            required: false,
            schema: { type: "integer", exclusiveMinimum: 0, default: 1 },
          },
        ],
        responses: {
          "200": { description: "Successful Response", content: json(ref("ListResource_Order_")) },
          "422": errors["422"],
        },
      },
    },
    "/v1/events/": {
      get: {
        operationId: "events:list",
        tags: ["events", "public"],
        summary: "List Events",
        security: scopes("events", false),
        parameters: [
          { name: "filter", in: "query", required: false, content: json(ref("EventFilter")) },
          {
            name: "page",
            in: "query",
            required: false,
            schema: { type: "integer", exclusiveMinimum: 0, default: 1 },
          },
        ],
        responses: {
          "200": {
            description: "Successful Response",
            content: json(ref("ListResourceWithCursorPagination_Event_")),
          },
          "422": errors["422"],
        },
      },
    },
    "/v1/events/ingest": {
      post: {
        operationId: "events:ingest",
        tags: ["events", "public"],
        summary: "Ingest Events",
        security: scopes("events", true),
        requestBody: {
          required: true,
          content: json({
            type: "object",
            required: ["events"],
            properties: { events: { type: "array", items: { type: "object", additionalProperties: true } } },
          }),
        },
        responses: { "200": { description: "Successful Response", content: json({}) }, "422": errors["422"] },
      },
    },
    "/v1/orders/export": {
      get: {
        operationId: "orders:export",
        tags: ["orders", "public"],
        summary: "Export Orders",
        security: scopes("orders", false),
        responses: {
          "200": { description: "CSV file", content: { "text/csv": { schema: { type: "string" } } } },
        },
      },
    },
    "/v1/orders/{id}/invoice": {
      post: {
        operationId: "orders:generate_invoice",
        tags: ["orders", "public"],
        summary: "Generate Order Invoice",
        security: scopes("orders", true),
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid4" } }],
        responses: {
          "202": { description: "Accepted", content: json(ref("ExportJob")) },
          "404": errors["404"],
        },
      },
    },
    "/v1/checkouts/client/{client_secret}": {
      get: {
        operationId: "checkouts:client_get",
        tags: ["checkouts", "public"],
        summary: "Get Checkout Session from Client",
        parameters: [{ name: "client_secret", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "Successful Response", content: json(ref("Checkout")) },
          "404": errors["404"],
        },
      },
    },
  };
}

export function serviceLikeDocument(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: { title: "Shop API", version: "2026-04" },
    servers: [
      {
        url: "https://api.shop.example",
        description: "Production environment",
        "x-shop-environment": "production",
      },
      {
        url: "https://sandbox-api.shop.example",
        description: "Sandbox environment",
        "x-shop-environment": "sandbox",
      },
    ],
    paths: Object.assign({}, ...resources.map(resourcePaths), extraPaths()),
    webhooks: Object.fromEntries(
      resources.flatMap((resource) =>
        ["created", "updated"].map((event) => {
          const name = pascal(singular(resource));
          return [
            `${singular(resource)}.${event}`,
            {
              post: {
                operationId: `_endpoint${singular(resource)}_${event}_post`,
                description: `Sent when a ${singular(resource).replaceAll("_", " ")} is ${event}.`,
                requestBody: { required: true, content: json(ref(`Webhook${name}${pascal(event)}Payload`)) },
                responses: { "200": { description: "Successful Response", content: json({}) } },
              },
            },
          ];
        }),
      ),
    ),
    components: {
      securitySchemes: {
        oidc: { type: "openIdConnect", openIdConnectUrl: "/.well-known/openid-configuration" },
        pat: { type: "http", scheme: "bearer", description: "Personal access token." },
        oat: { type: "http", scheme: "bearer", description: "Organization access token." },
        customer_session: { type: "http", scheme: "bearer", description: "Customer session token." },
        member_session: { type: "http", scheme: "bearer", description: "Member session token." },
      },
      schemas: Object.assign({}, sharedSchemas(), ...resources.map(resourceSchemas)),
    },
  };
}
