/**
 * `commerce-mcp` as an agent's configuration runs it: the built bin over stdio (the MCP SDK's
 * client spawning it), and Streamable HTTP (in process, on a free port). The tokens it holds
 * are named on stderr by label, never written anywhere.
 */
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createSandbox } from "@commerce-api/sandbox";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { runCli, UsageError } from "../src/cli.js";
import { textOf } from "./local.js";

const bin = fileURLToPath(new URL("../bin/commerce-mcp.js", import.meta.url));
const fixtures = createSandbox().fixtures;
const allTokens = fixtures.tokens.map((token) => token.token);

/** Runs the bin over stdio, calls `use` with a connected client, and gives back what it wrote on stderr. */
async function withBin(
  args: string[],
  env: Record<string, string>,
  use: (client: Client) => Promise<unknown>,
) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, ...args],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const answers = await use(client);
    return { stderr, answers: JSON.stringify(answers) };
  } finally {
    await client.close();
  }
}

describe("commerce-mcp over stdio", () => {
  it("--local-sandbox --read-only: serves the reading tools on a seeded sandbox, naming the tokens it holds", async () => {
    const { stderr, answers } = await withBin(["--local-sandbox", "--read-only"], {}, async (client) => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        "getCustomerLicenseKey",
        "getOrderReceipt",
        "listCustomerPaymentMethods",
        "listCustomerSubscriptions",
        "listEvents",
        "listMyPaymentMethods",
        "listProducts",
        "listRefunds",
        "sandboxFixtures",
      ]);
      const products = (await client.callTool({
        name: "listProducts",
        arguments: { limit: 1 },
      })) as CallToolResult;
      expect(products.isError).toBeFalsy();
      expect(products.structuredContent).toMatchObject({
        items: [{ organization_id: fixtures.ids.organizations[0]!.id }],
      });
      const mine = (await client.callTool({ name: "listMyPaymentMethods", arguments: {} })) as CallToolResult;
      expect(mine.isError, textOf(mine)).toBeFalsy();
      return [tools, products, mine];
    });
    expect(stderr).toContain('"Acme Software: organization access token, every scope"');
    expect(stderr).toContain('"Acme Software: customer session of Alice Johnson"');
    for (const token of allTokens) expect(stderr + answers).not.toContain(token);
  });

  it("with --token and --tools: acts with that sandbox token, never writing it", async () => {
    const productsOnly = fixtures.tokens.find((token) => token.label.endsWith("only products:read"))!;
    const { stderr, answers } = await withBin(
      ["--local-sandbox", "--token", productsOnly.token, "--tools", "listProducts,deleteDiscount"],
      {},
      async (client) => {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(["listProducts", "deleteDiscount"]);
        const refused = (await client.callTool({
          name: "deleteDiscount",
          arguments: { id: fixtures.ids.discounts[0]!.id },
        })) as CallToolResult;
        expect(refused.isError).toBe(true);
        expect(textOf(refused)).toContain("403 PermissionDeniedError");
        return [tools, refused];
      },
    );
    expect(stderr).toContain(`the token given, "${productsOnly.label}"`);
    expect(stderr + answers).not.toContain(productsOnly.token);
  });

  it("--local-sandbox ignores an exported COMMERCE_API_TOKEN, says so, and acts with the seeded tokens", async () => {
    const { stderr } = await withBin(
      ["--local-sandbox", "--tools", "deleteDiscount"],
      { COMMERCE_API_TOKEN: "polar_oat_of_the_real_service" },
      async (client) => {
        const deleted = (await client.callTool({
          name: "deleteDiscount",
          arguments: { id: fixtures.ids.discounts[0]!.id },
        })) as CallToolResult;
        expect(deleted.isError, textOf(deleted)).toBeFalsy();
        return deleted;
      },
    );
    expect(stderr).toContain("COMMERCE_API_TOKEN is set and ignored");
    expect(stderr).toContain('"Acme Software: organization access token, every scope"');
    expect(stderr).not.toContain("polar_oat_of_the_real_service");
  });

  it("exits with 2 and says why when it cannot start", () => {
    const noToken = runBin([]);
    expect(noToken.status).toBe(2);
    expect(noToken.stderr).toContain(
      "No token: set COMMERCE_API_TOKEN (or pass --token), or try the local sandbox",
    );
    const strangerToken = runBin(["--local-sandbox", "--token", "polar_oat_not_seeded"]);
    expect(strangerToken.status).toBe(2);
    expect(strangerToken.stderr).toContain(
      "commerce-mcp: --token is not one of the local sandbox's tokens, so every call would answer 401; drop --token",
    );
    expect(strangerToken.stderr).not.toContain("polar_oat_not_seeded");
  });

  it("a busy --http port: exit 2 with one line naming the port and the fix, no stack trace", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const busy = await runBinAsync(["--local-sandbox", "--http", "--port", String(port)]);
      expect(busy.status).toBe(2);
      const lastLine = busy.stderr.trimEnd().split("\n").at(-1);
      expect(lastLine).toBe(
        `commerce-mcp: --port ${port}: the port is in use on 127.0.0.1; give another with --port <port>, or --port 0 for a free one.`,
      );
      expect(busy.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

/** The bin run to its end with no input (a start it refuses). */
function runBin(args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], {
    encoding: "utf8",
    input: "",
    env: { PATH: process.env.PATH },
  });
}

/** The bin run to its end while this process keeps serving (a port it holds stays answering). */
function runBinAsync(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stderr }));
  });
}

describe("commerce-mcp's options", () => {
  const refusal = (argv: string[]) => runCli({ argv, env: {}, log: () => {} });

  it("refuses a tool it does not have, and a writing tool with --read-only, before starting anything", async () => {
    await expect(refusal(["--local-sandbox", "--tools", "listProducts,dropTables"])).rejects.toThrow(
      /No tool named dropTables\. The tools: listEvents, /,
    );
    await expect(refusal(["--local-sandbox", "--read-only", "--tools", "deleteDiscount"])).rejects.toThrow(
      /deleteDiscount changes data, which read-only leaves out/,
    );
  });

  it("refuses an unknown environment, a bad port, and an unknown option", async () => {
    await expect(refusal(["--token", "t", "--environment", "staging"])).rejects.toThrow(
      /--environment staging: not an environment; use production or sandbox/,
    );
    await expect(refusal(["--local-sandbox", "--http", "--port", "http"])).rejects.toThrow(
      /--port http: not a port/,
    );
    await expect(refusal(["--local-sandbox", "--verbose"])).rejects.toThrow(UsageError);
  });

  it("refuses --environment beside --local-sandbox, which acts on neither of the service's environments", async () => {
    await expect(refusal(["--local-sandbox", "--environment", "sandbox"])).rejects.toThrow(
      /--environment sandbox names the service; --local-sandbox acts on a sandbox in this process\. Give one of them\./,
    );
  });
});

describe("commerce-mcp --http", () => {
  it("serves Streamable HTTP at /mcp on a free port", async () => {
    const lines: string[] = [];
    const running = await runCli({
      argv: ["--local-sandbox", "--tools", "listRefunds", "--http", "--port", "0"],
      env: {},
      log: (line) => lines.push(line),
    });
    try {
      const url = /Streamable HTTP at (\S+)/.exec(lines.join("\n"))![1]!;
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["listRefunds"]);
      const refunds = (await client.callTool({
        name: "listRefunds",
        arguments: { limit: 1 },
      })) as CallToolResult;
      expect(refunds.structuredContent).toMatchObject({ items: [{ id: expect.any(String) }] });
      await client.close();
    } finally {
      await running?.close();
    }
  });
});
