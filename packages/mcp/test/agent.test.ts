/**
 * What an agent developer meets: a tool list small enough for an agent's context that strict
 * JSON Schema 2020-12 validators accept, and, on the local sandbox, the ids the tools take,
 * found through the server alone, and the docs' example inputs that run there as written.
 */
import { readFileSync } from "node:fs";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, describe, expect, it } from "vitest";
import { startLocalSandbox, toolsAt } from "../src/index.js";
import { apiVersions } from "../src/versions.js";
import { connectInMemory, textOf } from "./local.js";

const connections: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(connections.map((connection) => connection.close())));
async function connect(...args: Parameters<typeof connectInMemory>) {
  const connection = await connectInMemory(...args);
  connections.push(connection);
  return connection;
}

/** A local sandbox's server as `--local-sandbox` runs it: the operations' tools and sandboxFixtures. */
const connectLocal = (version = "2026-04") => {
  const local = startLocalSandbox();
  return connect({ local, localSandbox: local, tools: toolsAt(version) });
};

/** The most `tools/list` may weigh for the 14 tools: what README's "The tool list" promises. */
const maxListBytes = 60 * 1024;

describe.each(apiVersions)("tools/list at API version %s", (version) => {
  it("weighs at most 60 KB, sandboxFixtures included", async () => {
    const { client } = await connectLocal(version);
    const list = await client.listTools();
    expect(list.tools).toHaveLength(15);
    expect(Buffer.byteLength(JSON.stringify(list))).toBeLessThanOrEqual(maxListBytes);
  });

  it("has schemas a strict JSON Schema 2020-12 validator compiles: no keyword it does not know", async () => {
    const { client } = await connectLocal(version);
    const { tools } = await client.listTools();
    for (const tool of tools) {
      for (const schema of [tool.inputSchema, tool.outputSchema].filter(Boolean)) {
        const strict = addFormats(new Ajv2020({ strict: true, allErrors: true }));
        expect(() => strict.compile(schema!), tool.name).not.toThrow();
      }
    }
  });
});

describe("the answers against the output schemas", () => {
  it("every seeded event a page of listEvents answers matches its output schema, a new event name too", async () => {
    const { client } = await connectLocal();
    const { tools } = await client.listTools();
    const validate = addFormats(new Ajv2020({ strict: true })).compile(
      tools.find((tool) => tool.name === "listEvents")!.outputSchema!,
    );
    const page = (await client.callTool({ name: "listEvents", arguments: { limit: 100 } })) as CallToolResult;
    expect(validate(page.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    // The service adds event names and enum values without notice; the client keeps them, so must the schema.
    const item = (page.structuredContent as { items: Record<string, unknown>[] }).items[0]!;
    const future = {
      ...page.structuredContent,
      items: [{ ...item, name: "invoice.emailed", source: "robot" }],
    };
    expect(validate(future), JSON.stringify(validate.errors)).toBe(true);
  });

  it("a product with a visibility the spec does not list yet matches listProducts' output schema", async () => {
    const { client } = await connectLocal();
    const { tools } = await client.listTools();
    const validate = addFormats(new Ajv2020({ strict: true })).compile(
      tools.find((tool) => tool.name === "listProducts")!.outputSchema!,
    );
    const page = (await client.callTool({ name: "listProducts", arguments: { limit: 5 } })) as CallToolResult;
    expect(validate(page.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    const [product] = (page.structuredContent as { items: Record<string, unknown>[] }).items;
    const future = { ...page.structuredContent, items: [{ ...product, visibility: "unlisted" }] };
    expect(validate(future), JSON.stringify(validate.errors)).toBe(true);
    // Still a check: a field of the wrong type is refused.
    expect(validate({ ...page.structuredContent, items: [{ ...product, visibility: 7 }] })).toBe(false);
  });
});

describe("on the local sandbox, an agent finds the ids through the server", () => {
  it("validates a seeded license key with only sandboxFixtures and validateLicenseKey", async () => {
    const { client } = await connectLocal();
    const fixtures = (await client.callTool({
      name: "sandboxFixtures",
      arguments: { kind: "license_keys" },
    })) as CallToolResult;
    expect(fixtures.isError, textOf(fixtures)).toBeFalsy();
    const { records, organization_id } = fixtures.structuredContent as {
      organization_id: string;
      records: { key: string; organization_id: string; status: string }[];
    };
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((record) => record.organization_id === organization_id)).toBe(true);
    const granted = records.find((record) => record.status === "granted")!;
    const validated = (await client.callTool({
      name: "validateLicenseKey",
      arguments: { key: granted.key, organization_id: granted.organization_id },
    })) as CallToolResult;
    expect(validated.isError, textOf(validated)).toBeFalsy();
    expect(validated.structuredContent).toMatchObject({ key: granted.key, status: "granted" });
  });

  it("reaches every seeded checkout link and discount of its organization, and another's when asked", async () => {
    const { client, local } = await connectLocal();
    const seeded = local.sandbox.fixtures.ids;
    for (const kind of ["checkout_links", "discounts"] as const) {
      const answer = (await client.callTool({
        name: "sandboxFixtures",
        arguments: { kind },
      })) as CallToolResult;
      const ids = (answer.structuredContent as { records: { id: string }[] }).records.map(
        (record) => record.id,
      );
      const own = seeded[kind].filter((record) => record.organization_id === local.organizationId);
      expect(ids).toEqual(own.map((record) => record.id));
    }
    const other = seeded.organizations.find((organization) => organization.id !== local.organizationId)!;
    const theirs = (await client.callTool({
      name: "sandboxFixtures",
      arguments: { kind: "discounts", organization_id: other.id },
    })) as CallToolResult;
    const records = (theirs.structuredContent as { records: { organization_id: string }[] }).records;
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((record) => record.organization_id === other.id)).toBe(true);
  });

  it("says what to fix when sandboxFixtures is called without a kind, or with one it does not have", async () => {
    const { client } = await connectLocal();
    const none = (await client.callTool({ name: "sandboxFixtures", arguments: {} })) as CallToolResult;
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain("- kind: required; one of organizations, customers,");
    const wrong = (await client.callTool({
      name: "sandboxFixtures",
      arguments: { kind: "tokens" },
    })) as CallToolResult;
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toContain(
      '- kind: expected one of organizations, customers, members, products, benefits, meters, subscriptions, license_keys, orders, refunds, event_trees, discounts, checkout_links, custom_fields, received "tokens"',
    );
  });

  it("never answers a token in sandboxFixtures", async () => {
    const { client, local } = await connectLocal();
    const kinds = Object.keys(local.sandbox.fixtures.ids);
    const answers = await Promise.all(
      kinds.map((kind) => client.callTool({ name: "sandboxFixtures", arguments: { kind } })),
    );
    const text = JSON.stringify(answers);
    for (const token of local.sandbox.fixtures.tokens) expect(text).not.toContain(token.token);
  });

  it("is not served without a local sandbox", async () => {
    const local = startLocalSandbox();
    const { client } = await connect({ local });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain("sandboxFixtures");
  });
});

describe("llms.txt's example inputs", () => {
  const llms = readFileSync(new URL("../llms.txt", import.meta.url), "utf8");
  const examples = [...llms.matchAll(/^### (\w+): [\s\S]*?^Example input: `(.+)`$/gm)].map(
    ([, tool, input]) => ({
      tool: tool!,
      input: JSON.parse(input!) as Record<string, unknown>,
    }),
  );

  it("are given for every tool", () => {
    expect(examples.map((example) => example.tool).sort()).toEqual(
      toolsAt("2026-04")
        .map((tool) => tool.name)
        .sort(),
    );
  });

  it.each(examples)("$tool's runs as written on a fresh local sandbox", async ({ tool, input }) => {
    const { client } = await connectLocal();
    const result = (await client.callTool({ name: tool, arguments: input })) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
  });
});

describe("a missing required field", () => {
  it("is named as required, not as a wrong type", async () => {
    const { client } = await connectLocal();
    const result = (await client.callTool({
      name: "validateLicenseKey",
      arguments: { key: "ACME-1" },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("- organization_id: required (expected string)");
    const wrongType = (await client.callTool({
      name: "validateLicenseKey",
      arguments: { key: 42, organization_id: "bd4201f8-eac5-4054-b602-a58699560ff5" },
    })) as CallToolResult;
    expect(textOf(wrongType)).toContain("- key: expected string, received number");
  });
});
