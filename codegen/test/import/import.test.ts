import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { lowerText } from "../../src/loader/load.ts";
import { codegenRoot, makeTempDir, removeTempDirs, runCli } from "../helpers.ts";

/** `commerce-codegen import` on documents written for it: each construct, and what it cannot say. */

const constructs = join(codegenRoot, "test", "import", "constructs.openapi.yaml");

afterAll(removeTempDirs);

async function importInto(args: readonly string[], document = constructs) {
  const dir = await makeTempDir("codegen-import-");
  const spec = join(dir, "spec.yaml");
  const run = await runCli(["import", "--openapi", document, "--spec", spec, ...args], dir);
  const text = await readFile(spec, "utf8").catch(() => undefined);
  return { run, text, spec: (text === undefined ? {} : parse(text)) as Spec, dir };
}

type Entries = Record<string, Record<string, unknown>>;
type Spec = Record<"types" | "enums" | "errors" | "security" | "operations", Entries> & {
  webhooks?: Entries;
};

async function documentFile(document: object): Promise<string> {
  const file = join(await makeTempDir("codegen-import-doc-"), "openapi.json");
  await writeFile(file, JSON.stringify(document));
  return file;
}

describe("import --all --webhooks of a document with one of each construct", async () => {
  const { run, text, spec } = await importInto(["--all", "--webhooks"]);

  it("writes a spec that checks, and says what it wrote", () => {
    expect(run.code, run.err.join("\n")).toBe(0);
    const api = lowerText(text!, "spec.yaml");
    expect(api.operations.map((operation) => operation.id)).toEqual([
      "listWidgets",
      "createWidget",
      "getWidget",
      "deleteWidget",
      "exportWidget",
      "listEvents",
      "getClientCheckout",
    ]);
    expect(run.out.at(-1)).toMatch(
      /^wrote .*spec\.yaml: 7 operations, \d+ types and enums, 1 webhook events \(\d+ notes\)$/,
    );
  });

  it("maps operation ids to our names and groups", () => {
    expect(spec.operations.getWidget).toMatchObject({
      group: "widgets.get",
      method: "GET",
      path: "/v1/widgets/{id}",
    });
    expect(spec.operations.getClientCheckout!.group).toBe("checkouts.clientGet");
  });

  it("keeps formats, bounds, nullability, optionality, descriptions, defaults and deprecation", () => {
    const fields = spec.types.Widget!.fields as Record<string, unknown>;
    expect(fields.id).toEqual({ type: "uuid", description: "The widget's id." });
    expect(fields.created_at).toBe("datetime");
    expect(fields.name).toEqual({ type: "string", minLength: 1, maxLength: 80 });
    expect(fields["email?"]).toBe("email | null");
    expect(fields["homepage?"]).toBe("url | null");
    expect(fields.tags).toEqual({ type: "string[]", maxItems: 10 });
    expect(fields.size).toBe("tuple<number, number>");
    expect(fields.metadata).toEqual({
      type: "record<string | integer | boolean>",
      maxEntries: 50,
      keyMaxLength: 40,
    });
    expect(fields["weight?"]).toEqual({ type: "number", deprecated: true, example: 1.5, exclusiveMin: 0 });
    expect(fields.kind).toBe("'widget'");
    expect(spec.operations.createWidget!.input).toMatchObject({
      body: { "status?": { type: "WidgetStatus", default: "draft" }, price: "PriceCreate" },
    });
  });

  it("names inline objects and enums from where they are, and keeps named enums", () => {
    const fields = spec.types.Widget!.fields as Record<string, unknown>;
    expect(fields.owner).toBe("WidgetOwner");
    expect(spec.types.WidgetOwner).toEqual({ fields: { user_id: "uuid" } });
    expect(fields["color?"]).toBe("WidgetColor");
    expect(spec.enums.WidgetColor).toEqual({ values: ["red", "green"] });
    expect(spec.enums.WidgetStatus).toEqual({
      description: "Where a widget stands.",
      values: ["draft", "active", "archived"],
    });
  });

  it("makes a tagged union of oneOf with a discriminator, open in responses by an unknown variant", () => {
    expect(spec.types.Price).toEqual({
      union: {
        discriminator: "amount_type",
        variants: { fixed: "FixedPrice", free: "FreePrice" },
        unknown: "UnknownPrice",
      },
    });
    expect(spec.types.UnknownPrice!.fields as object).toEqual({ amount_type: "string", currency: "string" });
    expect(spec.types.PriceCreate).toEqual({ type: "FixedPrice | FreePrice" });
  });

  it("merges allOf members into one object", () => {
    expect(spec.types.Gadget).toEqual({ fields: { id: "uuid", label: "string" } });
  });

  it("recognises both pagination forms as Page<T> and CursorPage<T>", () => {
    expect(spec.operations.listWidgets!.responses).toEqual({ 200: "Page<Widget>" });
    expect(spec.operations.listEvents!.responses).toEqual({ 200: "CursorPage<Event>" });
    expect(spec.types).toHaveProperty("Pagination");
    expect(spec.types).toHaveProperty("CursorPagination");
    expect(spec.types).not.toHaveProperty("ListResourceWidget");
  });

  it("keeps parameters with their styles, an optional query parameter's null read as absent", () => {
    expect(spec.operations.listWidgets!.input).toEqual({
      query: {
        "page?": { type: "integer", default: 1, exclusiveMin: 0 },
        "limit?": { type: "integer", default: 10, min: 1, max: 100 },
        "organization_id?": { type: "uuid | uuid[]", description: "Filter by organization." },
        "metadata?": { type: "record<string | integer>", style: "deepObject" },
        "filter?": { type: "Filter", style: "json" },
      },
    });
  });

  it("keeps every success status, error codes by status, the 422 body as validation", () => {
    expect(spec.operations.createWidget!.responses).toEqual({ 201: "Widget" });
    expect(spec.operations.createWidget!.errors).toEqual([
      "Unauthorized",
      "WidgetExists",
      "QuotaReached",
      "validation",
    ]);
    expect(spec.operations.deleteWidget!.responses).toEqual({ 204: "void" });
    expect(spec.errors.WidgetExists).toEqual({ status: 409, description: "A widget of this name exists." });
    expect(spec.errors.ResourceNotFound!.status).toBe(404);
  });

  it("keeps security schemes and scopes", () => {
    expect(spec.operations.listWidgets).toMatchObject({
      auth: ["pat", "oidc"],
      scopes: ["widgets:read", "widgets:write"],
    });
    expect(spec.security.customer_session).toEqual({ audience: "customer" });
    expect(spec.security.pat).toEqual({ audience: "organization", description: "Personal access token." });
  });

  it("keeps webhooks with their data resource", () => {
    expect(spec.webhooks).toEqual({
      "widget.created": { data: "Widget", description: "Sent when a widget is created." },
    });
  });

  it("writes what the language says as it says it: formats, patterns, literals, text bodies, public operations", () => {
    const widget = spec.types.Widget!.fields as Record<string, unknown>;
    expect(widget["released_on?"]).toBe("date");
    expect(widget["sku?"]).toEqual({ type: "string", pattern: "^[A-Z]{3}-[0-9]+$" });
    expect(widget.legacy).toBe("true");
    expect(spec.operations.exportWidget!.responses).toEqual({ 200: "text/csv" });
    expect(spec.operations.getClientCheckout!.auth).toEqual([]);
  });

  it("reports each construct it cannot express, one line each, at its pointer, with the choice made", () => {
    const notes = run.out.filter((line) => line.includes("  note: "));
    const at = (pointer: string) =>
      notes.filter((line) => line.includes(`constructs.openapi.yaml${pointer}  note: `)).join("\n");
    expect(at("#/paths/~1v1~1widgets~1/get/parameters/5")).toMatch(/header parameter 'X-Trace'.*left out/);
    expect(at("#/paths/~1v1~1widgets~1/post/responses/401")).toMatch(/without a body.*chose Unauthorized/);
    expect(at("#/components/securitySchemes/oidc")).toMatch(/openIdConnect.*bearer/);
    expect(at("#/components/securitySchemes/customer_session")).toMatch(/read customer from its name/);
    expect(notes).toHaveLength(6);
  });

  it("writes each choice as a comment above the field (else the entry) it is about, groups operations under comments", () => {
    expect(text).toMatch(/# import: a scheme of type openIdConnect.*\n {2}oidc:/);
    expect(text).toMatch(/ {2}# widgets\n(.*\n)? {2}listWidgets:/);
  });
});

describe("a scheme whose audience the document does not state", () => {
  it("is the customer's when every operation that takes it is the customer portal's, else the organization's", async () => {
    const operation = (scheme: string) => ({
      operationId: `get_${scheme}`,
      tags: ["things"],
      security: [{ [scheme]: [] }],
      responses: { "204": { description: "Done." } },
    });
    const file = await documentFile({
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      components: {
        securitySchemes: {
          portal_token: { type: "http", scheme: "bearer" },
          api_key: { type: "http", scheme: "bearer" },
        },
      },
      paths: {
        "/v1/customer-portal/things": { get: operation("portal_token") },
        "/v1/things": { get: operation("api_key") },
      },
    });
    const { run, spec } = await importInto(["--all"], file);
    expect(run.code, run.err.join("\n")).toBe(0);
    expect(spec.security.portal_token).toEqual({ audience: "customer" });
    expect(spec.security.api_key).toEqual({ audience: "organization" });
    expect(run.out.join("\n")).toMatch(
      /portal_token {2}note: no audience stated; read customer from its operations/,
    );
  });
});

describe("import --operation", () => {
  it("takes operations by id (theirs or ours) and by METHOD path, with only the types they reach", async () => {
    const { run, spec } = await importInto([
      "--operation",
      "widgets:get",
      "--operation",
      "DELETE /v1/widgets/{id}",
      "--operation",
      "listEvents",
    ]);
    expect(run.code, run.err.join("\n")).toBe(0);
    expect(Object.keys(spec.operations)).toEqual(["getWidget", "deleteWidget", "listEvents"]);
    expect(spec.types).toHaveProperty("Price");
    expect(spec.types).not.toHaveProperty("Gadget");
    expect(spec.webhooks).toBeUndefined();
  });

  it("refuses an operation the document does not have, writing nothing (exit 2)", async () => {
    const { run, text } = await importInto(["--operation", "widgets:frobnicate"]);
    expect(run.code).toBe(2);
    expect(run.err[0]).toMatch(/no operation 'widgets:frobnicate'.*operationId or as "METHOD \/path"/);
    expect(text).toBeUndefined();
  });

  it.each([
    [["import", "--all"], /'import' needs --openapi/],
    [["import", "--openapi", "x.json"], /needs what to bring in/],
    [["import", "--openapi", "x.json", "--all", "--operation", "a"], /--all already takes every operation/],
    [["generate", "--all"], /options of 'import'/],
  ])("is a usage error: %j (exit 2)", async (argv, message) => {
    const run = await runCli(argv, await makeTempDir());
    expect(run.code).toBe(2);
    expect(run.err[0]).toMatch(message);
  });

  it("is a usage error when the document is not OpenAPI 3 (exit 2)", async () => {
    const file = await documentFile({ swagger: "2.0" });
    const { run } = await importInto(["--all"], file);
    expect(run.code).toBe(2);
    expect(run.err[0]).toMatch(/Swagger 2/);
  });
});

/** A document with OpenAPI 3.0's forms, names that collide, and a variant under two tags. */
const collisions = {
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths: {
    "/v1/things/{id}": {
      get: {
        operationId: "things:get",
        tags: ["things"],
        security: [{ pat: [] }],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
        },
      },
    },
    "/v2/things/{id}": {
      get: {
        operationId: "things:get",
        tags: ["things"],
        security: [{ pat: [] }],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing_Input" } } },
          },
        },
      },
    },
  },
  components: {
    securitySchemes: { pat: { type: "http", scheme: "bearer" } },
    schemas: {
      Thing: {
        type: "object",
        required: ["a", "other", "aggregation"],
        properties: {
          a: { type: "string", nullable: true },
          n: { type: "integer", minimum: 0, exclusiveMinimum: true },
          other: { $ref: "#/components/schemas/Thing-Input" },
          aggregation: { $ref: "#/components/schemas/Aggregation" },
        },
      },
      "Thing-Input": { type: "object", required: ["b"], properties: { b: { type: "string" } } },
      Thing_Input: { type: "object", required: ["c"], properties: { c: { type: "string" } } },
      Aggregation: {
        oneOf: [{ $ref: "#/components/schemas/Count" }, { $ref: "#/components/schemas/PropertyAggregation" }],
        discriminator: {
          propertyName: "func",
          mapping: {
            count: "#/components/schemas/Count",
            sum: "#/components/schemas/PropertyAggregation",
            max: "#/components/schemas/PropertyAggregation",
          },
        },
      },
      Count: {
        type: "object",
        required: ["func"],
        properties: { func: { type: "string", enum: ["count"] } },
      },
      PropertyAggregation: {
        type: "object",
        required: ["func", "property"],
        properties: { func: { type: "string", enum: ["sum", "max"] }, property: { type: "string" } },
      },
    },
  },
};

describe("import of names that collide and of OpenAPI 3.0's forms", async () => {
  const { run, text, spec } = await importInto(["--all"], await documentFile(collisions));

  it("writes a spec that checks", () => {
    expect(run.code, run.err.join("\n")).toBe(0);
    expect(() => lowerText(text!, "spec.yaml")).not.toThrow();
  });

  it("reads nullable: true and the boolean exclusiveMinimum", () => {
    expect(spec.types.Thing!.fields).toMatchObject({
      a: "string | null",
      "n?": { type: "integer", exclusiveMin: 0 },
    });
  });

  it("resolves a collision visibly: a suffix, a note at the pointer, a comment at the entry", () => {
    // `Thing-Input` and `Thing_Input` both map to ThingInput, which is also what the
    // generator names Thing's strict input form: both are renamed.
    const notes = run.out.filter((line) => line.includes("note: named"));
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(notes.join("\n")).toMatch(
      /#\/components\/schemas\/Thing_Input {2}note: named ThingInput2: ThingInput is already the name of #\/components\/schemas\/Thing-Input/,
    );
    expect(notes.join("\n")).toMatch(
      /note: named ThingInputType: ThingInput is a name our generator makes from another/,
    );
    expect(spec.types.Thing!.fields).toMatchObject({ other: "ThingInputType" });
    expect(Object.keys(spec.operations)).toEqual(["getThing", "getThing2"]);
    expect(spec.operations.getThing2!.group).toBe("things.get2");
    expect(text).toMatch(
      /# import: named getThing2: getThing is already the id of #\/paths\/~1v1~1things~1\{id\}\/get\n(.*\n)? {2}getThing2:/,
    );
  });

  it("gives a variant the document maps from two tags a type per further tag", () => {
    expect(spec.types.Aggregation!.union).toMatchObject({
      variants: { count: "Count", sum: "PropertyAggregation", max: "PropertyAggregationMax" },
    });
    // Its own fields, as the spec's export states them: the round trip gives it back the same.
    expect(spec.types.PropertyAggregationMax).toMatchObject({
      fields: spec.types.PropertyAggregation!.fields,
    });
  });
});

describe("openness of enums and unions", () => {
  const union = (extra: object) => ({
    oneOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }],
    discriminator: {
      propertyName: "kind",
      mapping: { a: "#/components/schemas/A", b: "#/components/schemas/B" },
    },
    ...extra,
  });
  const variant = (kind: string) => ({
    type: "object",
    required: ["kind", "id"],
    properties: { kind: { type: "string", const: kind }, id: { type: "string" } },
  });
  const documentWith = (top: object, schemas: object) => ({
    openapi: "3.1.0",
    info: { title: "T", version: "1" },
    ...top,
    paths: {
      "/v1/things": {
        get: {
          operationId: "getThing",
          tags: ["things"],
          security: [{ pat: [] }],
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: { pat: { type: "http", scheme: "bearer", "x-audience": "organization" } },
      schemas: { A: variant("a"), B: variant("b"), ...schemas },
    },
  });
  const ours = { "x-generated-from": "spec.yaml (commerce-codegen; do not edit)" };

  it("reads x-commerce-open: true on a union as open, with the fallback variant the document keeps by its name", async () => {
    const file = await documentFile(
      documentWith(ours, {
        Thing: union({ "x-commerce-open": true }),
        UnknownThing: {
          type: "object",
          required: ["kind"],
          properties: { kind: { type: "string" }, raw: { type: "object" } },
        },
      }),
    );
    const { run, spec } = await importInto(["--all"], file);
    expect(run.code, run.err.join("\n")).toBe(0);
    expect(spec.types.Thing!.union).toMatchObject({ unknown: "UnknownThing" });
    expect(spec.types.UnknownThing!.fields).toEqual({ kind: "string", "raw?": "record<unknown>" });
  });

  it("reads x-commerce-open: true without a fallback by making one of what the variants share", async () => {
    const { spec } = await importInto(
      ["--all"],
      await documentFile(documentWith(ours, { Thing: union({ "x-commerce-open": true }) })),
    );
    expect(spec.types.Thing!.union).toMatchObject({ unknown: "UnknownThing" });
    expect(spec.types.UnknownThing!.fields).toEqual({ kind: "string", id: "string" });
  });

  it("keeps a union of our own export closed when it says nothing of openness", async () => {
    const { spec } = await importInto(
      ["--all"],
      await documentFile(documentWith(ours, { Thing: union({}) })),
    );
    expect(spec.types.Thing!.union).not.toHaveProperty("unknown");
  });

  it("opens every union of a document of the service's, whose unions list the tags known today", async () => {
    const { spec } = await importInto(["--all"], await documentFile(documentWith({}, { Thing: union({}) })));
    expect(spec.types.Thing!.union).toMatchObject({ unknown: "UnknownThing" });
  });

  it("reads an enum marked x-commerce-open: true as an enum (all enums are open in responses)", async () => {
    const { run, spec } = await importInto(
      ["--all"],
      await documentFile(
        documentWith(ours, { Thing: { type: "string", enum: ["x", "y"], "x-commerce-open": true } }),
      ),
    );
    expect(spec.enums.Thing).toEqual({ values: ["x", "y"] });
    expect(run.out.filter((line) => line.includes("note:"))).toEqual([]);
  });
});
