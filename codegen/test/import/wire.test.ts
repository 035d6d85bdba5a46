/**
 * What the service's document says beyond JSON objects, from the document to the wire: a
 * small document written per construct is imported, generated (codegen/.tmp, with the client's
 * runtime scaffolded beside it), and the generated client is called with a fetch that records
 * the request: the form body a token refresh sends, the CSV an export answers, the token a
 * public operation does not send, the pattern refused before any request.
 */
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schema } from "../../src/drift/schema-view.ts";
import { render, writeFiles } from "../../src/generate.ts";
import { importOpenApi } from "../../src/import/import-openapi.ts";
import { checkedImport } from "../../src/import/rename.ts";
import { codegenRoot } from "../helpers.ts";

const out = join(codegenRoot, ".tmp", "import-wire");
afterAll(() => rm(out, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ "application/json": { schema } });
const bearer = [{ pat: [] }];
const ok = (schema: object) => ({ "200": { description: "OK", content: json(schema) } });

/** One operation per construct, as the service's document writes it. */
const document: Schema = {
  openapi: "3.1.0",
  info: { title: "Wire", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  components: {
    securitySchemes: { pat: { type: "http", scheme: "bearer", "x-audience": "organization" } },
    schemas: {
      Token: {
        type: "object",
        properties: { access_token: { type: "string" } },
        required: ["access_token"],
      },
      AuthorizationCodeTokenRequest: {
        type: "object",
        properties: {
          grant_type: { type: "string", const: "authorization_code" },
          code: { type: "string" },
        },
        required: ["grant_type", "code"],
      },
      RefreshTokenRequest: {
        type: "object",
        properties: {
          grant_type: { type: "string", const: "refresh_token" },
          refresh_token: { type: "string" },
        },
        required: ["grant_type", "refresh_token"],
      },
      FieldCreate: {
        oneOf: [ref("TextFieldCreate"), ref("NumberFieldCreate")],
        discriminator: {
          propertyName: "type",
          mapping: {
            text: "#/components/schemas/TextFieldCreate",
            number: "#/components/schemas/NumberFieldCreate",
          },
        },
      },
      TextFieldCreate: {
        type: "object",
        properties: {
          type: { type: "string", const: "text" },
          slug: { type: "string", pattern: "^[a-z0-9-_]+$" },
        },
        required: ["type", "slug"],
      },
      NumberFieldCreate: {
        type: "object",
        properties: {
          type: { type: "string", const: "number" },
          slug: { type: "string", pattern: "^[a-z0-9-_]+$" },
          confirmed: { type: "boolean", const: true },
        },
        required: ["type", "slug", "confirmed"],
      },
      FileUploadCompleted: {
        type: "object",
        properties: { id: { type: "string" }, path: { type: "string" } },
        required: ["id", "path"],
      },
      Visit: {
        type: "object",
        properties: {
          day: { type: "string", format: "date" },
          address: { type: "string", format: "ipvanyaddress" },
        },
        required: ["day", "address"],
      },
    },
  },
  paths: {
    "/v1/license-keys/validate": {
      post: {
        operationId: "license_keys:validate",
        tags: ["license_keys"],
        security: [],
        requestBody: {
          required: true,
          content: json({ type: "object", properties: { key: { type: "string" } }, required: ["key"] }),
        },
        responses: ok(ref("Token")),
      },
    },
    "/v1/oauth2/token": {
      post: {
        operationId: "oauth2:request_token",
        tags: ["oauth2"],
        security: [],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: { oneOf: [ref("AuthorizationCodeTokenRequest"), ref("RefreshTokenRequest")] },
            },
          },
        },
        responses: ok(ref("Token")),
      },
    },
    "/v1/custom-fields/{id}": {
      patch: {
        operationId: "custom_fields:update",
        tags: ["custom_fields"],
        security: bearer,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
        requestBody: { required: true, content: json(ref("FieldCreate")) },
        responses: { "204": { description: "Done." } },
      },
    },
    "/v1/files/{id}/uploaded": {
      post: {
        operationId: "files:uploaded",
        tags: ["files"],
        security: bearer,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
        requestBody: { required: true, content: json(ref("FileUploadCompleted")) },
        responses: { "204": { description: "Done." } },
      },
    },
    "/v1/customers/external/{external_id}/members": {
      post: {
        operationId: "customers:add_member",
        tags: ["customers"],
        security: bearer,
        parameters: [{ name: "external_id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: json({
            type: "object",
            properties: {
              email: { type: "string", format: "email" },
              external_id: { anyOf: [{ type: "string" }, { type: "null" }] },
            },
            required: ["email"],
          }),
        },
        responses: { "204": { description: "Done." } },
      },
    },
    "/v1/visits": {
      post: {
        operationId: "visits:create",
        tags: ["visits"],
        security: bearer,
        requestBody: { required: true, content: json(ref("Visit")) },
        responses: { "204": { description: "Done." } },
      },
    },
    "/v1/orders/export": {
      get: {
        operationId: "orders:export",
        tags: ["orders"],
        security: bearer,
        responses: { "200": { description: "CSV", content: { "text/csv": { schema: { type: "string" } } } } },
      },
    },
    "/v1/orders/{id}/invoice.pdf": {
      get: {
        operationId: "orders:invoice",
        tags: ["orders"],
        security: bearer,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "PDF",
            content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
          },
        },
      },
    },
  },
};

interface Sent {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the generated client, imported at run time.
let sdk: Record<string, any>;
let notes: string[];

beforeAll(async () => {
  const imported = importOpenApi(structuredClone(document), { operations: [], all: true, webhooks: false });
  notes = imported.notes.map((note) => note.message);
  const { api } = checkedImport(imported, [], "wire.yaml");
  await mkdir(out, { recursive: true });
  await writeFiles(await render(api, { outDir: out, specPath: join(out, "spec.yaml") }), []);
  sdk = await import(join(out, "client", "src", "index.ts"));
}, 60_000);

/** A client whose fetch records each request and answers with `answer`. */
function recordingClient(answer: () => Response) {
  const sent: Sent[] = [];
  let tokenAsked = 0;
  const client = sdk.createClient({
    baseUrl: "https://api.example.com",
    token: () => {
      tokenAsked++;
      return "polar_pat_secret";
    },
    retry: false,
    fetch: async (request: Request) => {
      sent.push({
        method: request.method,
        url: request.url,
        headers: Object.fromEntries(request.headers),
        body: await request.text(),
      });
      return answer();
    },
  });
  return { client, sent, tokensAsked: () => tokenAsked };
}

const tokenAnswer = () => Response.json({ access_token: "at_1" });

describe("an imported document's constructs, on the wire", () => {
  it("import with no note: the language says each of them", () => {
    expect(notes).toEqual([]);
  });

  it("sends no token to an operation that takes none, and never asks for one", async () => {
    const { client, sent, tokensAsked } = recordingClient(tokenAnswer);
    await expect(sdk.validateLicenseKey(client, { key: "K-1" })).resolves.toEqual({ access_token: "at_1" });
    expect(sent[0]!.headers.authorization).toBeUndefined();
    expect(tokensAsked()).toBe(0);
  });

  it("sends a token refresh form-encoded, as the second of the body's shapes", async () => {
    const { client, sent } = recordingClient(tokenAnswer);
    await sdk.requestOauth2Token(client, { grant_type: "refresh_token", refresh_token: "rt_1" });
    expect(sent[0]!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(sent[0]!.body).toBe("grant_type=refresh_token&refresh_token=rt_1");
  });

  it("refuses a body that mixes the shapes, before any request", async () => {
    const { client, sent } = recordingClient(tokenAnswer);
    await expect(
      sdk.requestOauth2Token(client, { grant_type: "refresh_token", code: "c_1" }),
    ).rejects.toBeInstanceOf(sdk.InvalidInputError);
    expect(sent).toEqual([]);
  });

  it("sends a tagged union's fields as the body, the path's id in the path only", async () => {
    const { client, sent } = recordingClient(() => new Response(null, { status: 204 }));
    const id = "1dbfc517-0bbf-4301-9ba8-555ca42b9737";
    await sdk.updateCustomField(client, { id, type: "number", slug: "seats", confirmed: true });
    expect(sent[0]!.url).toBe(`https://api.example.com/v1/custom-fields/${id}`);
    expect(JSON.parse(sent[0]!.body)).toEqual({ type: "number", slug: "seats", confirmed: true });
  });

  it("sends a path field the body repeats in both places, from the input's one field", async () => {
    const { client, sent } = recordingClient(() => new Response(null, { status: 204 }));
    const id = "1dbfc517-0bbf-4301-9ba8-555ca42b9737";
    await sdk.uploadedFile(client, { id, path: "avatars/a.png" });
    expect(sent[0]!.url).toBe(`https://api.example.com/v1/files/${id}/uploaded`);
    expect(JSON.parse(sent[0]!.body)).toEqual({ id, path: "avatars/a.png" });
  });

  it("names a body field apart from a path field of another meaning, and sends it under its own key", async () => {
    const { client, sent } = recordingClient(() => new Response(null, { status: 204 }));
    await sdk.addCustomerMember(client, {
      external_id: "cus_ext_1",
      email: "ada@example.com",
      body_external_id: "usr_1337",
    });
    expect(sent[0]!.url).toBe("https://api.example.com/v1/customers/external/cus_ext_1/members");
    expect(JSON.parse(sent[0]!.body)).toEqual({ email: "ada@example.com", external_id: "usr_1337" });
  });

  it("refuses a string against its pattern, naming the field, and sends nothing", async () => {
    const { client, sent } = recordingClient(() => new Response(null, { status: 204 }));
    const id = "1dbfc517-0bbf-4301-9ba8-555ca42b9737";
    const call = sdk.updateCustomField(client, { id, type: "text", slug: "Not A Slug" });
    await expect(call).rejects.toMatchObject({
      issues: [
        expect.objectContaining({ path: ["slug"], message: expect.stringContaining("^[a-z0-9-_]+$") }),
      ],
    });
    expect(sent).toEqual([]);
  });

  it("refuses a literal's other value, a day that does not exist and a text that is no IP address", async () => {
    const { client, sent } = recordingClient(() => new Response(null, { status: 204 }));
    const id = "1dbfc517-0bbf-4301-9ba8-555ca42b9737";
    await expect(
      sdk.updateCustomField(client, { id, type: "number", slug: "seats", confirmed: false }),
    ).rejects.toBeInstanceOf(sdk.InvalidInputError);
    const visit = sdk.createVisit(client, { day: "2026-02-30", address: "10.0.0.300" });
    await expect(visit).rejects.toMatchObject({
      issues: [
        expect.objectContaining({ path: ["day"], message: expect.stringContaining("an ISO 8601 date") }),
        expect.objectContaining({
          path: ["address"],
          message: expect.stringContaining("an IPv4 or IPv6 address"),
        }),
      ],
    });
    expect(sent).toEqual([]);
    await sdk.createVisit(client, { day: "2028-02-29", address: "2001:db8::1" });
    expect(JSON.parse(sent[0]!.body)).toEqual({ day: "2028-02-29", address: "2001:db8::1" });
  });

  it("gives an export's CSV text to the caller, having asked for it", async () => {
    const csv = "id,amount\no_1,1000\n";
    const { client, sent } = recordingClient(
      () => new Response(csv, { headers: { "content-type": "text/csv" } }),
    );
    await expect(sdk.exportOrder(client)).resolves.toBe(csv);
    expect(sent[0]!.headers.accept).toBe("text/csv, application/json");
  });

  it("gives a binary answer as a Blob of its bytes", async () => {
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255]);
    const { client } = recordingClient(
      () => new Response(bytes, { headers: { "content-type": "application/pdf" } }),
    );
    const pdf = await sdk.invoiceOrder(client, { id: "o_1" });
    expect(pdf).toBeInstanceOf(Blob);
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(bytes);
  });
});
