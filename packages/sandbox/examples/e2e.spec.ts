import { connectSandbox, type OwnedRemoteSandbox } from "@commerce-api/sandbox";
import { test as base, expect } from "@playwright/test";

// The server Playwright starts (playwright.config.ts); your app calls it.
const SANDBOX = process.env.SANDBOX_URL ?? "http://127.0.0.1:4010";

// Each test gets a sandbox of its own on that server, and the app's calls to the server go to
// it: tests in parallel workers never see each other's writes.
const test = base.extend<{ sandbox: OwnedRemoteSandbox }>({
  sandbox: async ({ page }, use) => {
    const sandbox = await connectSandbox(SANDBOX).newSandbox({ seed: false });
    await page.route(`${SANDBOX}/v1/**`, (route) =>
      route.continue({ url: route.request().url().replace(SANDBOX, sandbox.baseUrl) }),
    );
    await use(sandbox);
    await sandbox.delete();
  },
});

test("the products page lists the products this test added", async ({ page, sandbox }) => {
  await sandbox.add.product({ name: "Pro plan" });
  await page.goto("/products");
  await expect(page.getByRole("listitem")).toHaveText(["Pro plan"]);
});

test("an error screen, from a reply the spec allows", async ({ page, sandbox }) => {
  await sandbox.respond("listProducts", { status: 403 });
  await page.goto("/products");
  await expect(page.getByRole("alert")).toContainText("403");
});
