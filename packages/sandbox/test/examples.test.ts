/**
 * The README's examples, run: the Node script over startServer, and the Playwright setup
 * (its webServer command started as Playwright would, then a real Chromium calling the
 * sandbox from a page). The README must show each example file as it is here; the React
 * Testing Library example is run by the release rehearsal's outside project
 * (tools/release/consumer/test), against the published packages.
 *
 * And what the README says of createSandbox, that it runs in Node, browsers and workers:
 * the built dist/index.js in a Node worker thread, and (bundled as a user's bundler would)
 * in a Chromium page and in a Worker of that page. One Chromium serves this file's tests.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer as createHttpServer } from "node:http";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions, chromiumPath } from "../../../vitest.shared";
import { exited, launch, spawnWithOutput } from "./command.js";

const root = join(import.meta.dirname, "..");
const read = (path: string) => readFile(join(root, path), "utf8");

let launched: Promise<Browser> | undefined;
let skipped = false;

/** This file's one Chromium, launched when first asked for; undefined where there is none. */
function browser(): Promise<Browser> | undefined {
  if (!existsSync(chromiumPath)) {
    if (!skipped)
      console.log(
        `SKIPPED: this file's browser tests (Playwright's page; createSandbox in a page and a Worker): no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`,
      );
    skipped = true;
    return undefined;
  }
  launched ??= chromium.launch(chromiumLaunchOptions);
  return launched;
}

afterAll(async () => {
  await (await launched)?.close();
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
    "../../tools/release/consumer/src/LicenseDesk.tsx",
  ])("%s", async (file) => {
    const readme = await read("README.md");
    expect(readme).toContain((await read(file)).trim());
  });
});

describe("the root README's 'Testing your app' shows the same examples", () => {
  it.each([
    "../../tools/release/consumer/test/license-desk.test.tsx",
    "../../tools/release/consumer/src/LicenseDesk.tsx",
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
      // The script as a user writes it, in a folder of the package: its import of
      // `@commerce-api/sandbox/server` is the package's own exports (Node's self-reference), built.
      await writeFile(join(dir, "script.ts"), await read("examples/node-script.ts"));
      const { child, output, errors } = spawnWithOutput(process.execPath, [
        "--import",
        "tsx",
        join(dir, "script.ts"),
      ]);
      expect(await exited(child), output() + errors()).toBe(0);
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
    const { child, output, errors } = launch((command as string).replace("4010", String(port)).split(" "));
    try {
      // Playwright waits for the url to answer; so does this.
      for (;;) {
        const ok = await fetch(`${sandboxUrl}/__sandbox`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (child.exitCode !== null) throw new Error(`commerce-sandbox exited: ${output()}${errors()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output()).toContain(`listening on ${sandboxUrl}`);
      const launching = browser();
      if (!launching) return;
      const page = await (await launching).newPage();
      try {
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
        await page.close();
      }
    } finally {
      const status = exited(child);
      child.kill("SIGINT");
      expect(await status).toBe(0);
    }
  });
});

describe("examples/e2e.spec.ts under Playwright: 2 workers, each test 3 times, one sandbox server", () => {
  it("passes: each test has a sandbox of its own (POST /__sandbox/sandboxes), so no test sees another's writes", async () => {
    if (!existsSync(chromiumPath)) {
      console.log(`SKIPPED: the Playwright run of examples/e2e.spec.ts: no Chromium at ${chromiumPath}`);
      return;
    }
    const [sandboxPort, appPort] = [await freePort(), await freePort()];
    const cli = createRequire(import.meta.url).resolve("@playwright/test/cli");
    const env = { ...process.env, SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`, APP_PORT: String(appPort) };
    const { child, output, errors } = spawnWithOutput(
      process.execPath,
      [cli, "test", "--config", "playwright.config.ts", "--workers=2", "--repeat-each=3"],
      { cwd: join(root, "test", "e2e"), env },
    );
    expect(await exited(child), output() + errors()).toBe(0);
    expect(output()).toMatch(/6 passed/);
  });
});

describe("createSandbox runs in Node, browsers and workers (the built dist/index.js)", () => {
  const dist = join(root, "dist", "index.js");
  /** What each run does: the seed's first products, by a seeded org token. (Sent as its text.) */
  async function run({ createSandbox }: typeof import("../src/index.js")) {
    const sandbox = createSandbox();
    const response = await sandbox.fetch("https://api.polar.sh/v1/products/?limit=3", {
      headers: { authorization: "Bearer polar_oat_acme_all" },
    });
    const body = (await response.json()) as { items: { name: string }[] };
    return { status: response.status, names: body.items.map((item) => item.name) };
  }
  const probe = run.toString();
  // The Node run's answer, which the other runs must match: made before either test, so the
  // two hold in any order (a shuffled run puts the browser's first).
  let expected: { status: number; names: string[] };
  beforeAll(async () => {
    if (!existsSync(dist)) throw new Error(`${dist} is missing: build the sandbox first`);
    expected = await run(await import(pathToFileURL(dist).href));
  });

  it("in Node, and in a Node worker thread", async () => {
    expect(expected.status).toBe(200);
    expect(expected.names).toHaveLength(3);
    const worker = new Worker(
      `const { parentPort } = require("node:worker_threads");
      import(${JSON.stringify(pathToFileURL(dist).href)})
        .then((module) => (${probe})(module))
        .then((answer) => parentPort.postMessage(answer), (error) => parentPort.postMessage({ error: String(error) }));`,
      { eval: true },
    );
    try {
      expect(await new Promise((resolve) => worker.once("message", resolve))).toEqual(expected);
    } finally {
      await worker.terminate();
    }
  });

  it("in a Chromium page and in a Worker of that page", async () => {
    const launching = browser();
    if (!launching) return;
    expect(expected, "the Node run's answer").toBeDefined();
    // dist/index.js as a user's bundler takes it (for the browser: no Node built-in may resolve).
    const tsup = createRequire(import.meta.url).resolve("tsup/package.json");
    const esbuild = createRequire(tsup)("esbuild") as {
      build(options: object): Promise<{ outputFiles: { text: string }[] }>;
    };
    const bundled = await esbuild.build({
      entryPoints: [dist],
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent",
    });
    const files: Record<string, [string, string]> = {
      "/": ["text/html", "<!doctype html><title>sandbox</title>"],
      "/sandbox.js": ["text/javascript", bundled.outputFiles[0]?.text ?? ""],
      "/worker.js": [
        "text/javascript",
        `import * as module from "/sandbox.js";
        (${probe})(module).then((answer) => postMessage(answer), (error) => postMessage({ error: String(error) }));`,
      ],
    };
    const server = createHttpServer((req, res) => {
      const file = files[req.url ?? ""];
      res.writeHead(file ? 200 : 404, { "content-type": file?.[0] ?? "text/plain" });
      res.end(file?.[1] ?? "not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const page = await (await launching).newPage();
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      const inPage = await page.evaluate(`import("/sandbox.js").then(${probe})`);
      expect(inPage).toEqual(expected);
      // As text: in this file, `Worker` is node:worker_threads'.
      const inWorker = await page.evaluate(`new Promise((resolve) => {
        const worker = new Worker("/worker.js", { type: "module" });
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => resolve({ error: event.message });
      })`);
      expect(inWorker).toEqual(expected);
    } finally {
      await page.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
