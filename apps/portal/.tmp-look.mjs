import { createSandbox } from "@commerce-api/sandbox";
import { chromium } from "playwright-core";
import { startPortalServer } from "./server/serve.mjs";
const dist = process.env.DIST ?? new URL("./dist", import.meta.url).pathname;
const server = await startPortalServer({ distDir: dist, sandbox: createSandbox(), port: 0 });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const out = process.env.OUT ?? "/tmp/i27-shots";
const paths = (process.argv[2] ?? "/org/events").split(",");
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: 860 }, baseURL: server.url });
  const page = await ctx.newPage();
  page.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  page.on("pageerror", (e) => console.log("pageerror:", e.message));
  for (const p of paths) {
    const [path, session] = p.split("@");
    if (session) {
      await page.goto("/");
      await page.waitForURL(/org\/events/);
      await page.evaluate((t) => { const fx = t; }, session);
      await page.locator(".session-menu summary").click();
      await page.locator(".session-menu-panel").getByRole("button", { name: session, exact: true }).click();
      await page.waitForTimeout(500);
    }
    await page.goto(path);
    await page.waitForTimeout(1500);
    const name = path.replace(/[^a-z0-9]+/gi, "_");
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    console.log(width, path, await page.title(), await page.evaluate(() => document.documentElement.scrollHeight));
  }
  await ctx.close();
}
await browser.close();
await server.close();
