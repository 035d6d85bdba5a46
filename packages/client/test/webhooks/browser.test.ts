/**
 * The built /webhooks entry where Node is not: bundled for the browser as a user's bundler
 * would (no Node built-in may resolve), in a Chromium page and in a Worker of that page (as
 * on Cloudflare Workers, WebCrypto and fetch's Request and Response only). Each verifies a
 * delivery the reference library signed here, refuses a tampered one with its reason, and
 * answers a delivery through createWebhookHandler.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumLaunchOptions, chromiumPath } from "../../../../vitest.shared";
import { orderPaidBody, secret, signedHeaders } from "./fixtures.js";

const headers = signedHeaders(orderPaidBody);
const tampered = orderPaidBody.replace("5880", "1");

// Runs where the entry is loaded: takes the module, answers what each check gave.
const probe = `async (webhooks) => {
  const [body, tampered, headers, secret] = ${JSON.stringify([orderPaidBody, tampered, headers, secret])};
  const event = await webhooks.verifyWebhook(body, headers, secret);
  const refused = await webhooks.verifyWebhook(tampered, headers, secret).catch((error) => error.reason);
  const seen = [];
  const handler = webhooks.createWebhookHandler({ secret, on: { "order.paid": (e) => seen.push(e.data.id) } });
  const response = await handler(new Request("https://app.example/webhooks", { method: "POST", headers, body }));
  return { type: event.type, refused, status: response.status, seen };
}`;

describe("the /webhooks entry in a browser", () => {
  it("verifies, refuses and handles in a Chromium page and in a Worker of it", async () => {
    if (!existsSync(chromiumPath)) {
      console.log(
        `SKIPPED: /webhooks in a browser page and Worker: no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`,
      );
      return;
    }
    const bundled = await build({
      entryPoints: [join(import.meta.dirname, "..", "..", "dist", "webhooks.js")],
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent",
    });
    const files: Record<string, [string, string]> = {
      "/": ["text/html", "<!doctype html><title>webhooks</title>"],
      "/webhooks.js": ["text/javascript", bundled.outputFiles[0]?.text ?? ""],
      "/worker.js": [
        "text/javascript",
        `import * as webhooks from "/webhooks.js";
        (${probe})(webhooks).then((answer) => postMessage(answer), (error) => postMessage({ error: String(error) }));`,
      ],
    };
    const server = createServer((req, res) => {
      const file = files[req.url ?? ""];
      res.writeHead(file ? 200 : 404, { "content-type": file?.[0] ?? "text/plain" });
      res.end(file?.[1] ?? "not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const expected = {
        type: "order.paid",
        refused: "bad_signature",
        status: 204,
        seen: [expect.any(String)],
      };
      expect(await page.evaluate(`import("/webhooks.js").then(${probe})`)).toEqual(expected);
      const inWorker = await page.evaluate(`new Promise((resolve) => {
        const worker = new Worker("/worker.js", { type: "module" });
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => resolve({ error: event.message });
      })`);
      expect(inWorker).toEqual(expected);
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
