import { expect, test } from "@playwright/test";

const SANDBOX = "http://127.0.0.1:4010";

test.beforeEach(async ({ request }) => {
  await request.post(`${SANDBOX}/__sandbox/reset`); // every test starts from the seed
});

test("the products page lists the sandbox's products", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("listitem").first()).toBeVisible();
});
