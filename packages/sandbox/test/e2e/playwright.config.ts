/**
 * How test/examples.test.ts runs examples/e2e.spec.ts as a user's Playwright would (the
 * README's playwright.config.ts, with this checkout's sandbox command, a stand-in app, free
 * ports and the machine's Chromium): `playwright test --workers=2 --repeat-each=3`. The server is
 * the built bin (the package's tests run after its build), as a user's `npx commerce-sandbox` is.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "../../../../vitest.shared";

const sandboxUrl = process.env.SANDBOX_URL as string;
const appPort = process.env.APP_PORT as string;

export default defineConfig({
  testDir: "../../examples",
  testMatch: "e2e.spec.ts",
  // Not fullyParallel, as the README's config: Playwright starts a worker (and its Chromium) per
  // repeat, and per test of a repeat when fully parallel. Three workers, two at a time, run the
  // three repeats side by side (six with fullyParallel: 6.5 s more CPU for the same check).
  reporter: "line",
  // Traces and the last run's record go to a temporary folder, not into the checkout.
  outputDir: join(tmpdir(), "commerce-sandbox-e2e-results"),
  webServer: [
    {
      command: `node ../../bin/commerce-sandbox.js --port ${new URL(sandboxUrl).port}`,
      url: `${sandboxUrl}/__sandbox`,
    },
    { command: "node products-app.mjs", url: `http://127.0.0.1:${appPort}/products` },
  ],
  use: { baseURL: `http://127.0.0.1:${appPort}`, launchOptions: chromiumLaunchOptions },
});
