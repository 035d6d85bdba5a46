/**
 * The MCP server as an agent meets it, through the MCP SDK's own client over an in-memory
 * transport, against the local sandbox: the tools listed from the spec, each one called with
 * the answer the client gives, and the failures an agent must be able to read as tool errors.
 */
import { readFileSync } from "node:fs";
import { createClient, type OperationDefinition, operationDefinitions, request } from "@commerce-api/client";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalSandbox } from "../src/index.js";
import { connectInMemory, textOf } from "./local.js";

const openApi = JSON.parse(readFileSync(new URL("../../schemas/openapi.json", import.meta.url), "utf8")) as {
  paths: Record<string, Record<string, { operationId: string }>>;
};
const specOperations = Object.values(openApi.paths).flatMap((item) =>
  Object.entries(item).map(([method, operation]) => ({
    id: operation.operationId,
    method: method.toUpperCase(),
  })),
);

const connections: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(connections.map((connection) => connection.close())));
async function connect(...args: Parameters<typeof connectInMemory>) {
  const connection = await connectInMemory(...args);
  connections.push(connection);
  return connection;
}

describe("the tool list", () => {
  // Listed once: the SDK's client compiles a validator of each output schema as it lists them.
  let tools: Awaited<ReturnType<Client["listTools"]>>["tools"];
  beforeAll(async () => {
    ({ tools } = await (await connect()).client.listTools());
  });

  it("has one tool per operation of the spec, with hints from its method", async () => {
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      specOperations.map((operation) => operation.id).sort(),
    );
    for (const { id, method } of specOperations) {
      const tool = tools.find((candidate) => candidate.name === id)!;
      expect(tool.annotations, id).toMatchObject({
        readOnlyHint: method === "GET",
        destructiveHint: method === "DELETE",
        idempotentHint: ["GET", "PUT", "DELETE"].includes(method),
      });
    }
  });

  it("describes each tool from the spec's docs, naming its scopes", async () => {
    const deleteDiscount = tools.find((tool) => tool.name === "deleteDiscount")!;
    expect(deleteDiscount.title).toBe("Delete a discount");
    expect(deleteDiscount.description).toContain("`DELETE /v1/discounts/{id}`");
    expect(deleteDiscount.description).toContain("Scopes (any one): `discounts:write`");
    expect(deleteDiscount.description).toContain("404 `ResourceNotFound` (ResourceNotFoundError)");
  });

  it("gives the strict input as JSON Schema, flat, with its bounds, defaults and enums, self-contained", async () => {
    const listProducts = tools.find((tool) => tool.name === "listProducts")!;
    expect(listProducts.inputSchema).toMatchObject({
      type: "object",
      additionalProperties: false,
      properties: {
        limit: { type: "integer", minimum: 1, maximum: 100, default: 10 },
        visibility: { type: "array", items: { $ref: "#/$defs/ProductVisibility" } },
      },
      $defs: { ProductVisibility: { type: "string", enum: ["draft", "private", "public"] } },
    });
    const deleteDiscount = tools.find((tool) => tool.name === "deleteDiscount")!;
    expect(deleteDiscount.inputSchema).toMatchObject({
      properties: { id: { type: "string", format: "uuid" } },
      required: ["id"],
    });
    // Every reference resolves inside the tool's own schema.
    for (const tool of tools) {
      const text = JSON.stringify([tool.inputSchema, tool.outputSchema]);
      expect(text, tool.name).not.toContain("#/components/");
      for (const [, name] of text.matchAll(/"#\/\$defs\/([^"]+)"/g)) {
        const defs = { ...(tool.inputSchema.$defs as object), ...(tool.outputSchema?.$defs as object) };
        expect(Object.keys(defs), `${tool.name} → ${name}`).toContain(name);
      }
    }
  });

  it("gives the response type as the output schema, where every success has a body", async () => {
    const byName = (name: string) => tools.find((tool) => tool.name === name)!;
    expect(byName("listProducts").outputSchema).toMatchObject({
      type: "object",
      properties: { items: { type: "array", items: { $ref: "#/$defs/Product" } } },
      required: ["items", "pagination"],
    });
    expect(byName("validateLicenseKey").outputSchema).toMatchObject({
      type: "object",
      $ref: "#/$defs/ValidatedLicenseKey",
    });
    // 204 and a 202 "not ready yet" carry no body to describe.
    expect(byName("deleteDiscount").outputSchema).toBeUndefined();
    expect(byName("getOrderReceipt").outputSchema).toBeUndefined();
  });
});

describe("calling every tool against the local sandbox", () => {
  // Two sandboxes from the same seed: one the agent's, through MCP; one the client's, called directly.
  const seed = startLocalSandbox().sandbox.fixtures;
  const ids = seed.ids;
  const acme = ids.organizations[0]!.id;
  const alice = ids.customers.find((customer) => customer.organization_id === acme)!;
  const aliceKey = ids.license_keys.find(
    (key) => key.customer_id === alice.id && key.activation_ids.length > 0,
  )!;
  const aliceOrder = ids.orders.find(
    (order) => order.customer_id === alice.id && order.invoice === "eligible" && order.receipt === "ready",
  )!;
  const inputs: Record<string, Record<string, unknown>> = {
    listEvents: { limit: 2 },
    validateLicenseKey: { key: aliceKey.key, organization_id: acme },
    deactivateLicenseKey: {
      key: aliceKey.key,
      organization_id: acme,
      activation_id: aliceKey.activation_ids[0],
    },
    listProducts: { limit: 3, sorting: ["name"] },
    listCustomerPaymentMethods: { id: alice.id },
    listRefunds: { limit: 2 },
    deleteCheckoutLink: { id: ids.checkout_links.find((link) => link.organization_id === acme)!.id },
    deleteCustomField: { id: ids.custom_fields.find((field) => field.organization_id === acme)!.id },
    deleteDiscount: { id: ids.discounts.find((discount) => discount.organization_id === acme)!.id },
    generateOrderInvoice: { id: aliceOrder.id },
    listCustomerSubscriptions: {},
    listMyPaymentMethods: {},
    getCustomerLicenseKey: { id: aliceKey.id },
    getOrderReceipt: { id: aliceOrder.id },
  };

  it("has an input here for every operation of the spec", () => {
    expect(Object.keys(inputs).sort()).toEqual(specOperations.map((operation) => operation.id).sort());
  });

  it("answers each as the client does: its validated response as structured content", async () => {
    const { client, local } = await connect();
    const direct = startLocalSandbox();
    // Both at the seed's instant, so the records they write (modified_at...) agree.
    for (const sandbox of [local.sandbox, direct.sandbox]) sandbox.clock.freeze(seed.now);
    for (const { id } of specOperations) {
      const definition = operationDefinitions[id as keyof typeof operationDefinitions];
      const customer = definition.path.startsWith("/v1/customer-portal/");
      const expected = await request(
        customer ? direct.customerClient : direct.client,
        definition as OperationDefinition,
        inputs[id],
      );
      const result = (await client.callTool({ name: id, arguments: inputs[id] })) as CallToolResult;
      expect(result.isError, `${id}: ${textOf(result)}`).toBeFalsy();
      if (expected === undefined) expect(textOf(result), id).toMatch(/^Done/);
      else {
        expect(result.structuredContent, id).toEqual(JSON.parse(JSON.stringify(expected)));
        expect(JSON.parse(textOf(result)), id).toEqual(result.structuredContent);
      }
    }
  });
});

describe("failures are tool errors", () => {
  it("refuses a bad input by field, before any request", async () => {
    const local = startLocalSandbox();
    let requests = 0;
    const counted = createClient({
      baseUrl: "http://sandbox.local",
      token: local.tokens[0],
      fetch: (request) => {
        requests += 1;
        return local.sandbox.fetch(request);
      },
    });
    const { client } = await connect({ local, client: counted });
    const result = (await client.callTool({
      name: "listProducts",
      arguments: { limit: 1000, visibility: ["hidden"] },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("no request was sent");
    expect(textOf(result)).toMatch(/- limit: .*100/);
    expect(textOf(result)).toMatch(/- visibility\.0: /);
    expect(requests).toBe(0);
  });

  it("answers the service's 403 and 404 with their status and error class, without the token", async () => {
    const local = startLocalSandbox();
    const productsOnly = local.sandbox.fixtures.tokens.find((token) =>
      token.label.endsWith("only products:read"),
    )!;
    const { client } = await connect({
      local,
      client: createClient({
        baseUrl: "http://sandbox.local",
        token: productsOnly.token,
        fetch: local.sandbox.fetch,
      }),
    });
    const discount = local.sandbox.fixtures.ids.discounts[0]!.id;
    const forbidden = (await client.callTool({
      name: "deleteDiscount",
      arguments: { id: discount },
    })) as CallToolResult;
    expect(forbidden.isError).toBe(true);
    expect(textOf(forbidden)).toMatch(/the service refused: 403 PermissionDeniedError/);

    const { client: owner } = await connect();
    const missing = (await owner.callTool({
      name: "deleteDiscount",
      arguments: { id: "00000000-0000-4000-8000-000000000000" },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/the service refused: 404 ResourceNotFoundError \(ResourceNotFound\)/);

    const everything = JSON.stringify([forbidden, missing]);
    for (const token of [productsOnly.token, ...local.tokens]) expect(everything).not.toContain(token);
  });

  it("says why the service could not be reached, without the token", async () => {
    const local = startLocalSandbox();
    const { client } = await connect({
      local,
      // A fetch that fails with the token in its message (a proxy's error page might say it).
      client: createClient({
        baseUrl: "http://sandbox.local",
        token: local.tokens[0],
        retry: false,
        fetch: () => Promise.reject(new Error(`proxy refused Bearer ${local.tokens[0]}`)),
      }),
    });
    const result = (await client.callTool({ name: "listProducts", arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/listProducts failed: NetworkError: .*proxy refused Bearer/);
    expect(textOf(result)).not.toContain(local.tokens[0]);
  });

  it("answers an unknown tool with the protocol's error", async () => {
    const { client } = await connect();
    await expect(client.callTool({ name: "dropDatabase", arguments: {} })).rejects.toThrow(
      /No tool named dropDatabase/,
    );
  });
});
