#!/usr/bin/env node
/**
 * How long `npm start` takes to show the app, as a newcomer meets it right after the install:
 * Vite's dependency cache removed (a fresh clone has none), the server started from sources
 * (server/dev.mjs, what `npm start` runs after installing), then Chromium opening the URL until
 * the events list has rows. Prints both times.
 *
 *   farm-bench -n 3 --timeout 600 -- node apps/portal/bench/start-to-view.mjs
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const appDir = join(import.meta.dirname, "..");
rmSync(join(appDir, "node_modules", ".vite"), { recursive: true, force: true });

const started = performance.now();
const server = spawn(process.execPath, [join(appDir, "server", "dev.mjs")], {
  env: { ...process.env, PORT: "0" },
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise((resolve, reject) => {
  let seen = "";
  server.stdout.on("data", (chunk) => {
    seen += chunk;
    const match = /from sources: (http:\/\/\S+)\//.exec(seen);
    if (match) resolve(match[1]);
  });
  server.on("exit", (code) =>
    reject(new Error(`server/dev.mjs exited (${code}) before it was ready:\n${seen}`)),
  );
});
const ready = performance.now();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  await page.goto(url);
  await page.getByRole("table", { name: "Events" }).locator("tbody tr").first().waitFor({ timeout: 300_000 });
  const shown = performance.now();
  console.log(
    `server ready after ${((ready - started) / 1000).toFixed(1)} s, events on screen after ${((shown - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await browser.close();
  const exited = new Promise((done) => server.on("exit", done));
  server.kill("SIGTERM");
  await exited;
}
