/**
 * `commerce-mcp --api-version <date>`: the tools' output schemas are that version's, and the
 * calls speak it, so an agent on 2026-10 sees the seat member holding a license key.
 */
import type { Client } from "@commerce-api/client/2026-10";
import * as v202610 from "@commerce-api/client/2026-10";
import { afterAll, describe, expect, it } from "vitest";
import { parseCliOptions } from "../src/cli-options.js";
import { startLocalSandbox } from "../src/index.js";
import { toolsAt } from "../src/versions.js";
import { connectInMemory } from "./local.js";

const connections: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(connections.map((connection) => connection.close())));

/** The properties of a tool's answer: its output schema's root, which names a type of its `$defs`. */
const propertiesOf = (tool: { outputSchema?: Record<string, unknown> }) => {
  const schema = tool.outputSchema as { $ref: string; $defs: Record<string, { properties: object }> };
  return Object.keys(schema.$defs[schema.$ref.replace("#/$defs/", "")]!.properties);
};

describe("--api-version", () => {
  it("defaults to the roots' version, takes the spec's versions, and names them when refusing one", () => {
    expect(parseCliOptions(["--local-sandbox"], {}).apiVersion).toBe("2026-04");
    expect(parseCliOptions(["--local-sandbox", "--api-version", "2026-10"], {}).apiVersion).toBe("2026-10");
    expect(() => parseCliOptions(["--local-sandbox", "--api-version", "2026-11"], {})).toThrow(
      "--api-version 2026-11: not an API version; use 2026-04, 2026-10, 2027-01.",
    );
  });

  it("gives the tools of a version its output schemas: a validated key's member from 2026-10, its order from 2027-01", () => {
    const validate = (version: string) =>
      toolsAt(version).find((tool) => tool.name === "validateLicenseKey")!;
    expect(propertiesOf(validate("2026-04"))).not.toContain("member");
    expect(propertiesOf(validate("2026-10"))).toContain("member");
    expect(propertiesOf(validate("2026-10"))).not.toContain("order");
    expect(propertiesOf(validate("2027-01"))).toContain("order");
    expect(toolsAt("2026-10").map((tool) => tool.name)).toEqual(toolsAt("2026-04").map((tool) => tool.name));
    expect(toolsAt("2026-10").find((tool) => tool.name === "listProducts")).toBe(
      toolsAt("2026-04").find((tool) => tool.name === "listProducts"),
    );
  });

  it("calls speak the version: on the local sandbox, a 2026-10 tool answers the seat member holding a key", async () => {
    const local = startLocalSandbox({ createClient: v202610.createClient as (options: object) => Client });
    const connection = await connectInMemory({ local, tools: toolsAt("2026-10") });
    connections.push(connection);
    const key = local.sandbox.fixtures.ids.license_keys.find((candidate) => candidate.member_id !== null)!;
    const result = await connection.client.callTool({
      name: "validateLicenseKey",
      arguments: { key: key.key, organization_id: key.organization_id },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { member: { id: string } }).member.id).toBe(key.member_id);
  });
});
