/**
 * The sample app in Chromium, as a user goes through it: each operation the app offers,
 * from its UI; what appears on screen, the errors a user meets (a form refused before sending,
 * a 404, a 409, a refused session), and a switch between organization and customer sessions.
 * Each screen is checked with axe and saved as a screenshot under .tmp/screenshots/.
 */
import type { Fixtures } from "@commerce-api/sandbox";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { formatDate, formatMoney } from "../src/lib/format.js";
import { chromiumPath, type Harness, hasChromium, startHarness } from "./harness.js";

if (!hasChromium) {
  console.log(
    `SKIPPED: portal e2e: no Chromium at ${chromiumPath} (install it: apt-get install -y chromium, or set CHROMIUM_PATH)`,
  );
}

describe.skipIf(!hasChromium)("the portal in a browser", () => {
  let h: Harness;
  let fx: Fixtures;
  let acme: string;
  const ofAcme = <T extends { organization_id: string }>(list: readonly T[]) =>
    list.filter((item) => item.organization_id === acme);

  beforeAll(async () => {
    h = await startHarness();
    fx = h.sandbox.fixtures;
    acme = fx.ids.organizations.find((o) => o.slug === "acme")!.id;
  });
  afterAll(async () => {
    if (h) console.log(`portal e2e: axe took ${(h.axeMs / 1000).toFixed(1)} s in all`);
    await h?.close();
  });
  afterEach(() => {
    // Anything the page logged or failed on that no step expected fails the step that caused it.
    const problems = h.unexpected.splice(0);
    expect(problems).toEqual([]);
  });

  /** The header's Session menu: open it, pick a session by the name every screen gives it. */
  async function chooseSession(title: string) {
    await h.page.locator(".session-menu summary").click();
    await h.page.locator(".session-menu-panel").getByRole("button", { name: title, exact: true }).click();
    await expect.poll(() => h.page.locator(".session-menu").getAttribute("open")).toBe(null);
  }

  /** Every screen is saved; the distinct kinds of screen (forms, tables, dialogs, states) go through axe too. */
  async function checkScreen(name: string, { axe = true, whole = false } = {}) {
    await h.screenshot(name);
    if (axe) expect(await h.axe({ whole }), `axe on ${name}`).toEqual([]);
  }

  test("a first visit lands on a working screen, signed in; the start page offers both areas", async () => {
    const { page } = h;
    await page.goto("/");
    // No session yet: the sandbox opens the first organization's events, not a picker.
    await page.waitForURL(/\/org\/events$/);
    await expect.poll(() => page.title()).toBe("Commerce Portal");
    const rows = page.getByRole("table", { name: "Events" }).locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(20);
    await expect.poll(() => page.getByText(/^20 of \d+ shown$/).isVisible()).toBe(true);
    expect(await page.locator(".session-menu summary").getAttribute("aria-label")).toBe(
      "Session: Acme Software · organization access token, every scope",
    );
    await checkScreen("02-events", { axe: false });

    // The menu is grouped by organization and kind, and names sessions as the start page does.
    await page.locator(".session-menu summary").click();
    const panel = page.locator(".session-menu-panel");
    await panel.getByRole("list", { name: "Globex Labs: customer and member sessions" }).waitFor();
    await checkScreen("01-session-menu", { axe: false });
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".session-menu").getAttribute("open")).toBe(null);

    await page.getByRole("link", { name: "Commerce Portal" }).click();
    await page.getByRole("heading", { name: "Organization", level: 2 }).waitFor();
    await page
      .getByRole("link", { name: "Acme Software · customer session of Alice Johnson", exact: true })
      .waitFor();
    // One axe run covers the start page and the open session menu above it.
    await page.locator(".session-menu summary").click();
    await checkScreen("01-home", { whole: true });
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Open organization" }).click();
    await page.waitForURL(/\/org\/events$/);
    await expect.poll(() => rows.count()).toBe(20);
  });

  test("listEvents: filters, both pagination forms, and event trees", async () => {
    const { page } = h;
    const table = page.getByRole("table", { name: "Events" });
    // Offset form: the next page adds rows and the count knows the total.
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(40);

    // Filter by source: every row is a user event; the filter is in the address.
    await page.getByLabel("Source").selectOption("user");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/source=user/);
    await expect
      .poll(async () => new Set(await table.locator("tbody tr td:nth-child(3)").allTextContents()))
      .toEqual(new Set(["User"]));

    // A row opens to show all of its metadata, whole (the preview shows two entries, shortened).
    const rich = table.locator("tbody tr", { hasText: /and \d+ more/ }).first();
    const more = Number(/and (\d+) more/.exec((await rich.textContent()) ?? "")![1]);
    await rich.getByRole("button", { name: /^Open / }).click();
    const opened = table.locator("tr.row-details").first();
    await opened.getByText("Event ID").waitFor();
    // Event ID, then every metadata entry: the two previewed and the rest.
    expect(await opened.locator("dt").count()).toBe(1 + 2 + more);
    expect(await opened.locator("dd").allTextContents()).not.toContainEqual(expect.stringMatching(/…$/));
    await checkScreen("03-event-opened", { axe: false });
    await rich.getByRole("button", { name: /^Close / }).click();
    await expect.poll(() => table.locator("tr.row-details").count()).toBe(0);

    // Cursor form: no total, but "Load more" still follows has_next_page.
    await page.getByLabel("Pagination").selectOption("cursor");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/pagination=cursor/);
    await expect.poll(() => page.getByText(/^20 shown$/).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => page.getByText(/^40 shown$/).isVisible()).toBe(true);

    // Metadata and a customer: only that customer's matching events.
    const alice = fx.ids.customers.find((c) => c.name === "Alice Johnson")!;
    await page.getByLabel("Customer ID").fill(alice.id);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect
      .poll(async () => new Set(await table.locator("tbody tr td:nth-child(4)").allTextContents()))
      .toEqual(new Set(["Alice Johnson"]));

    // Trees: root events only, a root opens into its children.
    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByLabel(/Show as trees/).check();
    await page.getByLabel("Source").selectOption("system");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/tree=1/);
    const expand = table.getByRole("button", { name: /^Show \d+ child/ }).first();
    await expand.waitFor();
    const count = Number(/Show (\d+)/.exec((await expand.textContent()) ?? "")![1]);
    const before = await table.locator("tbody tr").count();
    await expand.click();
    await expect.poll(() => table.locator("tbody tr.row-child").count()).toBe(count);
    expect(await table.locator("tbody tr").count()).toBe(before + count);
    // Opening the root lists its children too.
    const root = table.locator("tbody tr", { has: page.getByRole("button", { name: /^Hide \d+ child/ }) });
    await root.getByRole("button", { name: /^Open / }).click();
    await expect
      .poll(() =>
        table.locator("tr.row-details").getByRole("list", { name: "Children" }).locator("li").count(),
      )
      .toBe(count);
    // One axe run covers the tree, an opened row and its details.
    await checkScreen("03-events-tree");

    // Back returns to the previous filters, and the fields follow the address.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("tree=1"));
    // The address changes first, then the fields render it: wait for them, do not race them.
    await expect.poll(() => page.getByLabel(/Show as trees/).isChecked()).toBe(false);
    await expect.poll(() => page.getByLabel("Source").inputValue()).toBe("");

    await page.getByLabel("Name").fill("order.paid");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/name=order.paid/);
    await expect
      .poll(async () => new Set(await table.locator("tbody tr td:nth-child(2) code").allTextContents()))
      .toEqual(new Set(["order.paid"]));
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("name="));
    await expect.poll(() => page.getByLabel("Name").inputValue()).toBe("");
    await page.goForward();
    await expect.poll(() => page.getByLabel("Name").inputValue()).toBe("order.paid");
  });

  test("an invalid filter is refused on its field before any request", async () => {
    const { page } = h;
    await page.goto("/org/events");
    await page.getByRole("table", { name: "Events" }).waitFor();
    h.takeRequests();
    await page.getByLabel("Search").fill("ab");
    await page.getByLabel("Customer ID").fill("not-an-id");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Enter at least 3 characters.").waitFor();
    await page.getByText("Enter an ID in UUID form (8-4-4-4-12 hex digits).").waitFor();
    expect(await page.getByLabel("Search").getAttribute("aria-invalid")).toBe("true");
    expect(h.takeRequests()).toEqual([]);
    await checkScreen("04-events-invalid");

    // A reversed date range is a field error, not "No events match".
    await page.getByLabel("Search").fill("");
    await page.getByLabel("Customer ID").fill("");
    await page.getByLabel("From").fill("2026-04-10T10:00");
    await page.getByLabel("Until").fill("2026-04-01T10:00");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Until must be after From.").waitFor();
    expect(await page.getByLabel("Until").getAttribute("aria-invalid")).toBe("true");
    expect(h.takeRequests()).toEqual([]);
    await page.getByLabel("From").fill("");
    await page.getByLabel("Until").fill("");

    // What only the service can know (this meter does not exist) comes back as a 422 on the same field.
    h.expectFailures({ status: 422, path: /\/v1\/events/ });
    await page.getByLabel("Search").fill("");
    await page.getByLabel("Customer ID").fill("");
    await page.getByLabel("Meter ID").fill("00000000-0000-4000-8000-000000000000");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Meter not found.").waitFor();
    expect(await page.getByLabel("Meter ID").getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("alert").getByText("Check the highlighted fields").waitFor();
  });

  test("listProducts: filters and sorting", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "Products" }).click();
    const table = page.getByRole("table", { name: "Products" });
    await table.waitFor();
    await page.getByLabel("Sort by").selectOption("name");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(async () => {
        const names = await table.locator("tbody tr td:first-child .cell-main").allTextContents();
        return (
          names.length > 1 && names.join("|") === [...names].sort((a, b) => a.localeCompare(b)).join("|")
        );
      })
      .toBe(true);
    await page.getByLabel("Billing").selectOption("false");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(async () => new Set(await table.locator("tbody tr td:nth-child(2)").allTextContents()))
      .toEqual(new Set(["One-time"]));
    await checkScreen("05-products", { axe: false });

    // Prices in words: a free product says Free, a seat price says its rate.
    await page.getByLabel("Billing").selectOption("");
    await page.getByLabel("Visibility").selectOption("");
    await page.getByLabel("Name").fill("Beta");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(() =>
        table.locator("tbody tr", { hasText: "Acme Beta Access" }).locator("td:nth-child(3)").textContent(),
      )
      .toBe("Free");
    await page.getByLabel("Name").fill("Team");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(() =>
        table.locator("tbody tr", { hasText: "Acme Team" }).locator("td:nth-child(3)").textContent(),
      )
      .toMatch(/^(From )?\$\d+\.\d\d per seat$/);
  });

  test("listRefunds: statuses and disputes", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "Refunds" }).click();
    const table = page.getByRole("table", { name: "Refunds" });
    await expect
      .poll(() => table.locator("tbody tr").count())
      .toBe(Math.min(ofAcme(fx.ids.refunds).length, 10));
    await page.getByLabel("Outcome").selectOption("true");
    await page.getByRole("button", { name: "Apply" }).click();
    const succeeded = ofAcme(fx.ids.refunds).filter((r) => r.status === "succeeded").length;
    await expect.poll(() => table.locator("tbody tr").count()).toBe(Math.min(succeeded, 10));
    expect(new Set(await table.locator("tbody tr td:nth-child(2)").allTextContents())).toEqual(
      new Set(["Succeeded"]),
    );
    await checkScreen("06-refunds", { axe: false });

    // The service failing with a 500 (the client does not retry a 500): a message and "Try again".
    h.sandbox.failNext(1, 500);
    h.expectFailures({ status: 500, path: /\/v1\/refunds/ });
    await page.getByLabel("Sort by").selectOption("-amount");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("alert").getByText("The service is having trouble").waitFor();
    await checkScreen("06-refunds-failed", { axe: false });
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(Math.min(succeeded, 10));

    // A refund links to its order (the order's events) and its customer, by name.
    const refundRow = table.locator("tbody tr").first();
    const customerName = (await refundRow.locator("td:nth-child(5)").textContent())!;
    expect(customerName).not.toMatch(/^[0-9a-f]{8}/);
    await refundRow.locator("td:nth-child(4)").getByRole("link").click();
    await page.waitForURL(/\/org\/events\?metadata=order_id/);
    const events = page.getByRole("table", { name: "Events" });
    await expect
      .poll(async () => new Set(await events.locator("tbody tr td:nth-child(4)").allTextContents()))
      .toEqual(new Set([customerName]));
    expect(await page.getByLabel("Metadata").inputValue()).toMatch(/^order_id=/);
    await page.goBack();
    await table.waitFor();

    // ... and its customer: their events, the filter filled in with them.
    // (By name: the list is back in its first order, whichever refund comes first.)
    await table.getByRole("link", { name: customerName, exact: true }).first().click();
    await page.waitForURL(/\/org\/events\?customer_id=/);
    const customerId = new URL(page.url()).searchParams.get("customer_id")!;
    expect(ofAcme(fx.ids.customers).find((c) => c.id === customerId)?.name).toBe(customerName);
    await expect.poll(() => page.getByLabel("Customer ID").inputValue()).toBe(customerId);
    await expect
      .poll(async () => new Set(await events.locator("tbody tr td:nth-child(4)").allTextContents()))
      .toEqual(new Set([customerName]));
    await page.goBack();
    await table.waitFor();
  });

  test("listCustomerPaymentMethods: a customer's cards, wallets in words", async () => {
    const { page } = h;
    await page.getByRole("navigation").getByRole("link", { name: "Payment methods" }).first().click();
    await page.getByText("Choose a customer to see their cards").waitFor();
    // The picker says where its customers come from (the API has no list of them).
    await page.getByText("The API has no list of customers: these are the sandbox's seeded ones.").waitFor();
    const alice = fx.ids.customers.find((c) => c.name === "Alice Johnson")!;
    await page.getByLabel("Sandbox customer").selectOption(alice.id);
    await page.getByRole("button", { name: "Show payment methods" }).click();
    await page.waitForURL(new RegExp(`customer=${alice.id}`));
    const table = page.getByRole("table", { name: "Customer payment methods" });
    await expect.poll(() => table.locator("tbody tr").count()).toBe(alice.payment_method_ids.length);
    // No raw values: the wallet in words, and no "Default" column (the API has no such flag).
    const text = (await table.textContent()) ?? "";
    expect(text).not.toMatch(/_|Default/);
    // The seed saves each customer's second card in Apple Pay; Alice has two.
    expect(alice.payment_method_ids).toHaveLength(2);
    expect(text).toContain("Apple Pay");
    await checkScreen("07-customer-payment-methods", { axe: false });
  });

  test("validateLicenseKey: an activation with its conditions and a usage increment; a 404 in words", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "License keys" }).first().click();
    const key = ofAcme(fx.ids.license_keys).find((k) => Object.keys(k.activation_conditions).length > 0)!;
    const [activationId, conditions] = Object.entries(key.activation_conditions)[0]!;
    const form = page.getByRole("form", { name: "Validate a license key" });
    // The picker names each key's status in words and says where its keys come from.
    // (The picker appears once the sandbox's fixtures are in: wait for its keys, do not read it at once.)
    const keyOptions = form.getByLabel("Sandbox key").locator("option");
    await expect.poll(() => keyOptions.count()).toBe(ofAcme(fx.ids.license_keys).length + 1);
    const options = await keyOptions.allTextContents();
    expect(options).toContainEqual(expect.stringMatching(/^\*{4}-\w{6} \(Revoked\)$/));
    expect(options).toContainEqual(expect.stringMatching(/^\*{4}-\w{6} \(Expired\)$/));
    expect(options.join("|")).not.toMatch(/\((granted|revoked|disabled)/);
    await form
      .getByText("The API has no list of license keys: these are the sandbox's seeded ones.")
      .waitFor();
    await form.getByLabel("Sandbox key").selectOption(key.key);
    await form.getByLabel("Activation ID").fill(activationId);
    await form.getByLabel("Conditions").fill(
      Object.entries(conditions)
        .map(([k, v]) => `${k}=${v}`)
        .join("\n"),
    );
    await form.getByLabel("Increment usage by").fill("2");
    await form.getByRole("button", { name: "Validate" }).click();
    await page.getByText("The key is valid").waitFor();
    await page
      .getByText(`${key.usage + 2}${key.limit_usage === null ? " (no limit)" : ` of ${key.limit_usage}`}`)
      .waitFor();
    await checkScreen("08-license-validate");

    // A negative increment is refused on its field before sending.
    h.takeRequests();
    await form.getByLabel("Increment usage by").fill("-1");
    await form.getByRole("button", { name: "Validate" }).click();
    await form.getByText("Enter 0 or more.").waitFor();
    expect(h.takeRequests()).toEqual([]);

    // A revoked key: what happened to it, in words (the service says it with a 404).
    const revoked = ofAcme(fx.ids.license_keys).find((k) => k.status === "revoked")!;
    h.expectFailures({ status: 404, path: /\/v1\/license-keys\/validate/ });
    await form.getByLabel("Sandbox key").selectOption(revoked.key);
    await form.getByLabel("Increment usage by").fill("");
    await form.getByRole("button", { name: "Validate" }).click();
    const refusal = page.getByRole("region", { name: "Validate a key" }).getByRole("alert");
    await refusal.getByText("This key is no longer active").waitFor();
    expect(await refusal.textContent()).toMatch(/revoked or disabled/);
    expect(await refusal.textContent()).not.toMatch(/Not found/);
    await checkScreen("08-license-refused", { axe: false });

    // An expired key: the service's "License key has expired", said as what happened.
    const expired = ofAcme(fx.ids.license_keys).find((k) => k.expired && k.status === "granted")!;
    h.expectFailures({ status: 404, path: /\/v1\/license-keys\/validate/ });
    await form.getByLabel("Sandbox key").selectOption(expired.key);
    await form.getByRole("button", { name: "Validate" }).click();
    await refusal.getByText("This key has expired", { exact: true }).waitFor();
    expect(await refusal.textContent()).toMatch(/expiry date has passed/);

    // The right activation with other conditions: "does not match required conditions", in words.
    h.expectFailures({ status: 404, path: /\/v1\/license-keys\/validate/ });
    await form.getByLabel("Sandbox key").selectOption(key.key);
    await form.getByLabel("Activation ID").fill(activationId);
    await form.getByLabel("Conditions").fill("platform=windows");
    await form.getByRole("button", { name: "Validate" }).click();
    await refusal.getByText("The conditions do not match", { exact: true }).waitFor();
    expect(await refusal.textContent()).toMatch(/conditions it was activated with/);
    await form.getByLabel("Activation ID").fill("");
    await form.getByLabel("Conditions").fill("");

    // A key that does not exist: said plainly, with what to check.
    h.expectFailures({ status: 404, path: /\/v1\/license-keys\/validate/ });
    await form.getByLabel("Sandbox key").selectOption("");
    await form.getByLabel("License key").fill("ACME-NOT-A-REAL-KEY");
    await form.getByRole("button", { name: "Validate" }).click();
    await refusal.getByText("Key not found", { exact: true }).waitFor();
  });

  test("deactivateLicenseKey: behind a confirmation; the removed activation is no longer offered, even after a reload", async () => {
    const { page } = h;
    const key = ofAcme(fx.ids.license_keys).find((k) => k.activation_ids.length > 1)!;
    const [removed, next] = key.activation_ids;
    const form = page.getByRole("form", { name: "Deactivate a license key activation" });
    await form.getByLabel("Sandbox key").selectOption(key.key);
    expect(await form.getByLabel("Activation ID").inputValue()).toBe(removed);
    await form.getByRole("button", { name: "Deactivate…" }).click();
    const dialog = page.getByRole("dialog", { name: "Deactivate this activation?" });
    await dialog.waitFor();
    await checkScreen("09-license-deactivate-confirm");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await page.getByText("Activation removed").waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The picker moves on to the next activation and offers the removed one nowhere.
    expect(await form.getByLabel("Activation ID").inputValue()).toBe(next);
    const offered = () =>
      page
        .locator("#deactivate-activations option")
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(await offered()).not.toContain(removed);
    await page
      .getByText(/cannot list a key's activations/)
      .first()
      .waitFor();

    await page.reload();
    await form.getByLabel("Sandbox key").selectOption(key.key);
    expect(await form.getByLabel("Activation ID").inputValue()).toBe(next);
    expect(await offered()).not.toContain(removed);

    // Typed in by hand, the removed activation is the service's 404.
    h.expectFailures({ status: 404, path: /\/deactivate$/ });
    await form.getByLabel("Activation ID").fill(removed!);
    await form.getByRole("button", { name: "Deactivate…" }).click();
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    const panel = page.getByRole("region", { name: "Deactivate an activation" });
    await panel.getByRole("alert").getByText("Not found", { exact: true }).waitFor();
  });

  for (const [link, table, fixture, ordinal] of [
    ["Checkout links", "Checkout links", "checkout_links", "10"],
    ["Custom fields", "Custom fields", "custom_fields", "11"],
    ["Discounts", "Discounts", "discounts", "12"],
  ] as const) {
    test(`delete from ${link}: confirmed, the row is gone, deleting it again is a 404`, async () => {
      const { page } = h;
      await page.getByRole("link", { name: link }).click();
      const rows = page.getByRole("table", { name: table }).locator("tbody tr");
      const known = ofAcme(fx.ids[fixture]);
      await expect.poll(() => rows.count()).toBe(known.length);
      // Nothing typed on the previous screen (the same component) is carried over.
      expect(await page.getByRole("form", { name: /by ID/ }).getByRole("textbox").inputValue()).toBe("");
      await page
        .getByRole("region", { name: `Sandbox ${table.toLowerCase()}` })
        .getByText(`The API has no list of ${table.toLowerCase()}: these are the sandbox's seeded ones.`)
        .waitFor();
      const id = known[0]!.id;
      // Each row is named as a person knows it (the seed's name), the ID beside it.
      expect(await rows.filter({ hasText: id }).locator("td").first().textContent()).toBe(known[0]!.name);
      await rows.filter({ hasText: id }).getByRole("button", { name: "Delete" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(id).waitFor();
      // Escape cancels, like the Cancel button (focus starts on Cancel: nothing is deleted by accident).
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(await rows.filter({ hasText: id }).count()).toBe(1);

      await rows.filter({ hasText: id }).getByRole("button", { name: "Delete" }).click();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await page.getByText(/was deleted/).waitFor();
      await expect.poll(() => rows.count()).toBe(known.length - 1);
      expect(await rows.filter({ hasText: id }).count()).toBe(0);
      await checkScreen(`${ordinal}-delete-${fixture}`, { axe: false });

      h.expectFailures({ status: 404, path: new RegExp(id) });
      await page.getByRole("form", { name: /by ID/ }).getByRole("textbox").fill(id);
      await page.getByRole("form", { name: /by ID/ }).getByRole("button").click();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("alert").getByText("Not found", { exact: true }).waitFor();
    });
  }

  test("generateOrderInvoice: requested for a paid order; no Generate on orders that cannot be invoiced; the 409 and missing billing details in words", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "Invoices" }).click();
    const form = page.getByRole("form", { name: "Generate an order invoice" });
    const orders = page.getByRole("table", { name: "Sandbox orders" }).locator("tbody tr");
    // A screenful first, then every seeded order on request.
    await expect.poll(() => orders.count()).toBe(Math.min(10, ofAcme(fx.ids.orders).length));
    await page.getByRole("button", { name: `Show all ${ofAcme(fx.ids.orders).length} orders` }).click();
    await expect.poll(() => orders.count()).toBe(ofAcme(fx.ids.orders).length);
    // Each row says what was ordered, when and for how much.
    const paid = ofAcme(fx.ids.orders).find((o) => o.invoice === "eligible")!;
    const paidEvents = `/org/events?${new URLSearchParams({ metadata: `order_id=${paid.id}` })}`;
    const paidRow = orders.filter({ has: page.locator(`a[href="${paidEvents}"]`) });
    expect(await paidRow.locator("td:nth-child(1)").textContent()).toBe(
      `${paid.product_name}, ${formatDate(paid.created_at, "en-US")}`,
    );
    expect(await paidRow.locator("td:nth-child(3)").textContent()).toBe(
      formatMoney(paid.amount, paid.currency, "en-US"),
    );
    // Orders that cannot be invoiced offer no Generate button, and say why.
    const draft = ofAcme(fx.ids.orders).find((o) => o.invoice === "not_eligible")!;
    const notEligibleRows = orders.filter({ hasText: "Not invoiceable" });
    await expect
      .poll(() => notEligibleRows.count())
      .toBe(ofAcme(fx.ids.orders).filter((o) => o.invoice === "not_eligible").length);
    expect(await notEligibleRows.getByRole("button", { name: /Generate/ }).count()).toBe(0);
    const generateButtons = page
      .getByRole("table", { name: "Sandbox orders" })
      .getByRole("button", { name: /^Generate the invoice of/ });
    expect(await generateButtons.count()).toBe(
      ofAcme(fx.ids.orders).filter((o) => o.invoice === "eligible").length,
    );

    await form.getByLabel("Order ID").fill(paid.id);
    await form.getByRole("button", { name: "Generate invoice" }).click();
    await page.getByText("Invoice requested").waitFor();
    await checkScreen("13-invoice", { axe: false });

    h.expectFailures({ status: 409, path: /\/invoice$/ });
    await form.getByLabel("Order ID").fill(draft.id);
    await form.getByRole("button", { name: "Generate invoice" }).click();
    await page.getByRole("alert").getByText("This order cannot be invoiced").waitFor();

    const noBilling = ofAcme(fx.ids.orders).find((o) => o.invoice === "missing_billing_details")!;
    h.expectFailures({ status: 422, path: /\/invoice$/ });
    await form.getByLabel("Order ID").fill(noBilling.id);
    await form.getByRole("button", { name: "Generate invoice" }).click();
    await page.getByRole("alert").getByText("Billing details missing").waitFor();
  });

  test("a refused session (expired token, missing scope) says so and links to another", async () => {
    const { page } = h;
    h.expectFailures({ status: 401, path: /\/v1\/products/ });
    await chooseSession("Acme Software · expired token (401 invalid_token)");
    await page.getByRole("link", { name: "Products" }).click();
    await page.getByRole("alert").getByText("Session refused").waitFor();
    await page.getByRole("link", { name: "Choose another session" }).waitFor();

    h.expectFailures({ status: 403, path: /\/v1\/products/ });
    await chooseSession("Acme Software · only events:read");
    await page.getByRole("alert").getByText("Not allowed").waitFor();
  });

  test("choosing a customer session on an organization screen opens the customer portal; the guard names sessions as the menu does", async () => {
    const { page } = h;
    await page.goto("/org/events");
    await page.getByRole("table", { name: "Events" }).waitFor();
    await chooseSession("Acme Software · customer session of Alice Johnson");
    await page.waitForURL(/\/portal\/subscriptions$/);
    await page.getByRole("table", { name: "Subscriptions" }).waitFor();

    // An organization address under a customer session: the guard offers organization tokens.
    await page.goto("/org/events");
    await page.getByText("This area needs an organization token").waitFor();
    // The choices come with the sandbox's fixtures, after the message: wait for them.
    const choices = page.locator(".empty .choice-list button");
    await expect
      .poll(() => choices.allTextContents())
      .toContain("Acme Software · organization access token, every scope");
    const offered = await choices.allTextContents();
    await page.locator(".session-menu summary").click();
    const inMenu = await page.locator(".session-menu-panel button").allTextContents();
    for (const label of offered) expect(inMenu).toContain(label);
    await page.keyboard.press("Escape");
    await checkScreen("14-wrong-area");
    await page.getByRole("link", { name: "Subscriptions" }).click();
    await page.waitForURL(/\/portal\/subscriptions$/);
  });

  test("listCustomerSubscriptions: my subscriptions, filtered", async () => {
    const { page } = h;
    const table = page.getByRole("table", { name: "Subscriptions" });
    const alice = fx.ids.customers.find((c) => c.name === "Alice Johnson")!;
    const listed = fx.ids.subscriptions.filter((s) => s.customer_id === alice.id && s.listed);
    await expect.poll(() => table.locator("tbody tr").count()).toBe(Math.min(listed.length, 10));
    // Periods end relative to the sandbox's today, and the screen says which day that is.
    await page.getByText(`Today in the sandbox is ${formatDate(fx.now, "en-US")}: its periods end`).waitFor();
    expect(await page.locator("main .panel-note time").getAttribute("datetime")).toBe(fx.now);
    await checkScreen("15-my-subscriptions", { axe: false });
    await page.getByLabel("Show").selectOption("true");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(async () => {
        const statuses = new Set(
          await table.locator("tbody tr td:nth-child(3) .badge:first-child").allTextContents(),
        );
        return [...statuses].every((s) => s === "Active" || s === "Trialing") && statuses.size > 0;
      })
      .toBe(true);
  });

  test("listMyPaymentMethods: my saved cards", async () => {
    const { page } = h;
    await page.getByRole("navigation").getByRole("link", { name: "Payment methods" }).last().click();
    const alice = fx.ids.customers.find((c) => c.name === "Alice Johnson")!;
    const table = page.getByRole("table", { name: "My payment methods" });
    await expect.poll(() => table.locator("tbody tr").count()).toBe(alice.payment_method_ids.length);
    await checkScreen("16-my-payment-methods", { axe: false });
  });

  test("getCustomerLicenseKey: my key with its activations; an unknown key is a 404", async () => {
    const { page } = h;
    await page.getByRole("navigation").getByRole("link", { name: "License keys" }).last().click();
    const alice = fx.ids.customers.find((c) => c.name === "Alice Johnson")!;
    const key = fx.ids.license_keys.find((k) => k.customer_id === alice.id && k.activation_ids.length > 1)!;
    const masked = `****-${key.key.slice(-6)}`;
    // One masking rule: the list shows the key as its page does.
    await page.getByRole("link", { name: `License key ${masked}`, exact: true }).click();
    await page.waitForURL(new RegExp(`/portal/license-keys/${key.id}$`));
    // One activation was deactivated by the organization above.
    await expect
      .poll(() => page.getByRole("table", { name: "Activations" }).locator("tbody tr").count())
      .toBe(key.activation_ids.length - 1);
    const value = page.locator(".secret-key-value");
    expect(await value.textContent()).toBe(masked);
    await page.getByRole("button", { name: "Reveal" }).click();
    expect(await value.textContent()).toBe(key.key);
    await page.getByRole("button", { name: "Hide" }).click();
    expect(await value.textContent()).toBe(masked);
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key.key);
    await checkScreen("17-my-license-key");

    h.expectFailures({ status: 404, path: /\/v1\/customer-portal\/license-keys\// });
    await page.goto("/portal/license-keys/00000000-0000-4000-8000-000000000000");
    await page.getByRole("alert").getByText("Not found", { exact: true }).waitFor();
  });

  test("getOrderReceipt: 'being generated', then the link", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "Orders & receipts" }).click();
    const alice = fx.ids.customers.find((c) => c.name === "Alice Johnson")!;
    const pending = fx.ids.orders.find((o) => o.customer_id === alice.id && o.receipt === "pending")!;
    // Each order as a customer recognizes it: what, when, how much.
    const orderRows = page.getByRole("table", { name: "Orders" }).locator("tbody tr");
    await expect
      .poll(() => orderRows.count())
      .toBe(fx.ids.orders.filter((o) => o.customer_id === alice.id).length);
    const row = orderRows.filter({ has: page.locator(`a[href="/portal/orders/${pending.id}/receipt"]`) });
    expect(await row.textContent()).toContain(pending.product_name);
    expect(await row.textContent()).toMatch(/\$\d+\.\d\d/);
    expect(await row.textContent()).toMatch(/\w{3} \d{1,2}, 20\d\d/);
    await page.locator(`a[href="/portal/orders/${pending.id}/receipt"]`).click();
    await page.getByText("The receipt is being generated").waitFor();
    await page.getByText(pending.product_name, { exact: true }).waitFor();
    expect(await page.locator("main").textContent()).not.toContain(pending.id);
    await checkScreen("18-receipt-pending", { axe: false });
    // The hook polls every 2 s while the service answers 202: jump the page's clock instead of waiting.
    const link = page.getByRole("link", { name: "Download receipt (PDF)" });
    await expect
      .poll(async () => {
        if (await link.isVisible()) return true;
        await page.clock.fastForward(2_000);
        return false;
      })
      .toBe(true);
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/__sandbox\/receipts\/.+\.pdf\?/);
    const pdf = await page.request.get(href!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    // The portal's kind of screen went through axe on the license key page.
    await checkScreen("19-receipt-ready", { axe: false });
  });

  test("reset brings the deleted records back; deep links and unknown pages work", async () => {
    const { page } = h;
    // From a customer screen, an organization session opens the organization's area.
    await chooseSession("Acme Software · organization access token, every scope");
    await page.waitForURL(/\/org\/events$/);
    await page.getByRole("table", { name: "Events" }).waitFor();
    await page.goto("/org/discounts");
    const rows = page.getByRole("table", { name: "Discounts" }).locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(ofAcme(fx.ids.discounts).length - 1);
    await page.getByRole("button", { name: "Reset sandbox" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Reset data" }).click();
    await expect.poll(() => rows.count()).toBe(ofAcme(fx.ids.discounts).length);

    await page.goto("/no/such/screen");
    await page.getByText("Page not found").waitFor();
    await checkScreen("20-not-found", { axe: false });

    // Keyboard first: the first Tab reaches "Skip to content", which moves focus to the screen.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  test("on a phone, as a German reader of the EUR organization: a compact header, the current screen's link in view, folded filters, tables as cards, euros and dates the German way", async () => {
    const phone = await h.openPage({ width: 390, height: 844, locale: "de-DE" });
    try {
      // A first visit in this (new) tab: signed in, on the events, the list on the first screen.
      await phone.goto("/");
      await phone.waitForURL(/\/org\/events$/);
      const events = phone.getByRole("table", { name: "Events" });
      await events.locator("tbody tr").first().waitFor();
      const heading = await phone.getByRole("heading", { name: "Events", level: 1 }).boundingBox();
      expect(heading!.y).toBeLessThan(844 * 0.2);
      // Folded: the fields are not rendered (checkVisibility knows a closed <details>).
      expect(await phone.getByLabel("Name").evaluate((input) => input.checkVisibility())).toBe(false);
      const firstRow = await events.locator("tbody tr").first().boundingBox();
      expect(firstRow!.y).toBeLessThan(844 * 0.5);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Each row is a card: the header row is for screen readers only, the column names are on the values.
      expect(
        await events.locator("thead").evaluate((head) => head.getBoundingClientRect().height),
      ).toBeLessThanOrEqual(1);
      expect(
        await events
          .locator("tbody tr")
          .first()
          .evaluate((row) => getComputedStyle(row).display),
      ).toBe("block");
      const label = await events
        .locator("tbody tr td")
        .first()
        .evaluate((cell) => getComputedStyle(cell, "::before").content);
      expect(label).toBe('"Time"');
      await h.screenshot("21-phone-events", phone);

      // Filters open on demand and say how many apply.
      await phone.getByText("Filters", { exact: true }).click();
      await phone.getByLabel("Name").fill("order.paid");
      await phone.getByRole("button", { name: "Apply filters" }).click();
      await phone.waitForURL(/name=order.paid/);
      await phone.getByText("Filters (1 applied)").waitFor();

      // Globex bills in euros: a German reader sees 29,00 € and German dates.
      await phone.locator(".session-menu summary").click();
      await phone
        .locator(".session-menu-panel")
        .getByRole("button", { name: "Globex Labs · organization access token, every scope", exact: true })
        .click();
      await phone.goto("/org/refunds");
      const refunds = phone.getByRole("table", { name: "Refunds" });
      await refunds.locator("tbody tr").first().waitFor();
      const amounts = await refunds.locator("tbody tr td:nth-child(1)").allTextContents();
      expect(amounts.length).toBeGreaterThan(0);
      for (const amount of amounts) expect(amount.replace(/\s/g, " ")).toMatch(/^\d{1,3}(\.\d{3})*,\d\d €$/);
      const created = await refunds.locator("tbody tr td:nth-child(7)").first().textContent();
      expect(created).toMatch(/^\d{1,2}\. [A-ZÄÖÜ][a-zä]+\.? 20\d\d$/);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await h.screenshot("22-phone-refunds-globex", phone);

      // The last screen of the strip: its link is scrolled into view.
      await phone.getByRole("navigation").getByRole("link", { name: "Discounts" }).click();
      await phone.getByRole("heading", { name: "Discounts", level: 1 }).waitFor();
      await expect
        .poll(async () => {
          const box = await phone
            .getByRole("navigation")
            .getByRole("link", { name: "Discounts" })
            .boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= 390;
        })
        .toBe(true);
      await h.screenshot("23-phone-discounts", phone);
      // One axe run on the phone, whole, on a short screen: the compact header, the strip of
      // links, a table as cards, a form, German text.
      expect(await h.axe({ whole: true, on: phone }), "axe on the phone").toEqual([]);
    } finally {
      await phone.context().close();
    }
  });
});
