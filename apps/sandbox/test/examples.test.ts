/**
 * The README's examples, run: the Node script over startServer, and the Playwright setup
 * (its webServer command started as Playwright would, then a real Chromium calling the
 * sandbox from a page). The README must show each example file as it is here; the React
 * Testing Library example is run by the release rehearsal's outside project
 * (tools/release/consumer/test), against the published packages.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const read = (path: string) => readFile(join(root, path), "utf8");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(command: string, args: string[], cwd = root): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe("the README shows the examples as they are", () => {
  it.each([
    "examples/node-script.ts",
    "examples/playwright.config.ts",
    "examples/e2e.spec.ts",
    "../../tools/release/consumer/test/license-desk.test.tsx",
  ])("%s", async (file) => {
    const readme = await read("README.md");
    expect(readme).toContain((await read(file)).trim());
  });
});

describe("the root README's 'Testing your app' shows the same examples", () => {
  it.each([
    "../../tools/release/consumer/test/license-desk.test.tsx",
    "examples/playwright.config.ts",
    "examples/e2e.spec.ts",
    "examples/node-script.ts",
  ])("%s", async (file) => {
    const readme = await read("../../README.md");
    const start = readme.indexOf("## Testing your app");
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    expect(section).toContain((await read(file)).trim());
  });
});

describe("the Node script over startServer", () => {
  it("runs and prints what it says", async () => {
    const dir = await mkdtemp(join(root, ".example-"));
    try {
      // The script as a user writes it, with the package's entry resolved to this checkout.
      const script = (await read("examples/node-script.ts")).replace(
        "@commerce-api/sandbox/server",
        join(root, "src", "server.ts"),
      );
      await writeFile(join(dir, "script.ts"), script);
      const { child, output } = run(process.execPath, ["--import", "tsx", join(dir, "script.ts")]);
      expect(await exited(child), output()).toBe(0);
      expect(output()).toContain("[ 'Pro plan' ] 1");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("Playwright's webServer: commerce-sandbox", () => {
  it("starts as configured, answers a real browser, and stops with status 0", async () => {
    const config = await read("examples/playwright.config.ts");
    const command = /command: "npx commerce-sandbox (.*)"/.exec(config)?.[1];
    const url = /url: "(http:\/\/127\.0\.0\.1:4010\/__sandbox)"/.exec(config)?.[1];
    expect(command).toBe("--port 4010");
    expect(url).toBeDefined();
    // The documented command on a free port (this machine may run other sandboxes on 4010).
    const port = await freePort();
    const sandboxUrl = `http://127.0.0.1:${port}`;
    const { child, output } = run(process.execPath, [
      "--import",
      "tsx",
      join(root, "src", "bin.ts"),
      ...(command as string).replace("4010", String(port)).split(" "),
    ]);
    try {
      // Playwright waits for the url to answer; so does this.
      for (;;) {
        const ok = await fetch(`${sandboxUrl}/__sandbox`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (child.exitCode !== null) throw new Error(`commerce-sandbox exited: ${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output()).toContain(`listening on ${sandboxUrl}`);
      if (!existsSync(chromiumPath)) {
        console.log(
          `SKIPPED: the browser half of this test: no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`,
        );
        return;
      }
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--disable-component-update",
          "--no-first-run",
        ],
      });
      try {
        const page = await browser.newPage();
        expect((await page.request.post(`${sandboxUrl}/__sandbox/reset`)).status()).toBe(204);
        await page.goto(`${sandboxUrl}/__sandbox`);
        const names = await page.evaluate(async (base) => {
          const response = await fetch(`${base}/v1/products/?limit=3`, {
            headers: { authorization: "Bearer polar_oat_acme_all" },
          });
          const body = (await response.json()) as { items: { name: string }[] };
          return body.items.map((item) => item.name);
        }, sandboxUrl);
        expect(names).toHaveLength(3);
      } finally {
        await browser.close();
      }
    } finally {
      const status = exited(child);
      child.kill("SIGINT");
      expect(await status).toBe(0);
    }
  });
});
