/**
 * How `commerce-mcp` reads its command line: the token's precedence (`--token`, then
 * `COMMERCE_API_TOKEN`, which the local sandbox ignores), the tool list as people type it,
 * and the defaults. Through `parseCliOptions`, and through `runCli` where the served tools show it.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../src/cli.js";
import { parseCliOptions } from "../src/cli-options.js";

const serve = async (argv: string[], env: Record<string, string> = {}) => {
  const lines: string[] = [];
  const running = await runCli({
    argv: [...argv, "--http", "--port", "0"],
    env,
    log: (line) => lines.push(line),
  });
  await running?.close();
  return lines.join("\n");
};

describe("the token", () => {
  it("is --token over COMMERCE_API_TOKEN, the variable without it, and an empty variable is none", () => {
    expect(parseCliOptions(["--token", "from-flag"], { COMMERCE_API_TOKEN: "from-env" }).token).toBe(
      "from-flag",
    );
    expect(parseCliOptions([], { COMMERCE_API_TOKEN: "from-env" }).token).toBe("from-env");
    expect(() => parseCliOptions([], { COMMERCE_API_TOKEN: "" })).toThrow(
      /^No token: set COMMERCE_API_TOKEN/,
    );
  });

  it("on --local-sandbox is --token only: the variable is ignored, and reported as ignored", () => {
    const ignored = parseCliOptions(["--local-sandbox"], { COMMERCE_API_TOKEN: "from-env" });
    expect(ignored.token).toBeUndefined();
    expect(ignored.ignoresTokenVariable).toBe(true);
    const flag = parseCliOptions(["--local-sandbox", "--token", "from-flag"], {
      COMMERCE_API_TOKEN: "from-env",
    });
    expect(flag.token).toBe("from-flag");
    expect(flag.ignoresTokenVariable).toBe(false);
    expect(parseCliOptions(["--local-sandbox"], {}).ignoresTokenVariable).toBe(false);
  });
});

describe("--tools", () => {
  it("takes ids separated by commas, with or without spaces after them", () => {
    expect(
      parseCliOptions(["--local-sandbox", "--tools", "listProducts, deleteDiscount"], {}).selection,
    ).toEqual({
      names: ["listProducts", "deleteDiscount"],
      readOnly: false,
    });
    expect(
      parseCliOptions(["--local-sandbox", "--tools", " listRefunds ,listProducts,"], {}).selection.names,
    ).toEqual(["listRefunds", "listProducts"]);
    expect(() => parseCliOptions(["--local-sandbox", "--tools", " , "], {})).toThrow(
      "--tools: give operation ids separated by commas",
    );
  });

  it("serves exactly the tools named with spaces, sandboxFixtures only when named", async () => {
    expect(await serve(["--local-sandbox", "--tools", "listRefunds, listProducts"])).toContain(
      "serving 2 tools: listProducts, listRefunds\n",
    );
    expect(await serve(["--local-sandbox", "--tools", "sandboxFixtures, validateLicenseKey"])).toContain(
      "serving 2 tools: validateLicenseKey, sandboxFixtures\n",
    );
  });

  it("refuses sandboxFixtures without --local-sandbox: it lists the local sandbox's records", async () => {
    await expect(
      runCli({ argv: ["--token", "t", "--tools", "sandboxFixtures"], env: {}, log: () => {} }),
    ).rejects.toThrow(
      "--tools sandboxFixtures: it lists the local sandbox's records, so it is served only with --local-sandbox.",
    );
  });
});

describe("the defaults", () => {
  it("production, the roots' API version, every tool, stdio; --http on 3000 unless --port", () => {
    const plain = parseCliOptions(["--token", "t"], {});
    expect(plain).toMatchObject({
      environment: "production",
      apiVersion: "2026-04",
      selection: { readOnly: false },
      httpPort: undefined,
      localSandbox: false,
    });
    expect(plain.selection.names).toBeUndefined();
    expect(parseCliOptions(["--token", "t", "--http"], {}).httpPort).toBe(3000);
    expect(parseCliOptions(["--token", "t", "--http", "--port", "0"], {}).httpPort).toBe(0);
    expect(parseCliOptions(["--token", "t", "--environment", "sandbox", "--read-only"], {})).toMatchObject({
      environment: "sandbox",
      selection: { readOnly: true },
    });
    expect(() => parseCliOptions(["--token", "t", "--port", "3001"], {})).toThrow("--port is for --http.");
    expect(() => parseCliOptions(["--token", "t", "--http", "--port", "65536"], {})).toThrow(
      "--port 65536: not a port; give a number from 0 to 65535.",
    );
  });

  it("serves every operation and sandboxFixtures on the local sandbox; --read-only keeps sandboxFixtures", async () => {
    expect(await serve(["--local-sandbox"])).toMatch(/serving 15 tools: listEvents, .*, sandboxFixtures\n/);
    expect(await serve(["--local-sandbox", "--read-only"])).toMatch(
      /serving 9 tools: .*getOrderReceipt, sandboxFixtures\n/,
    );
  });
});
