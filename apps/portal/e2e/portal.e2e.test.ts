/**
 * The sample app in Chromium, as a user goes through it: each operation the app offers, from
 * its UI; what appears on screen, the errors a user meets (a form refused before sending, a 404,
 * a 409, a refused session), and both areas: the organization's dashboard and the customer
 * portal in its own merchant-branded shell. Every screen is read as a product at 1280 and 390 px
 * (no raw ID, no hook name, no form asking for an ID, a title of its own, no sideways scrolling,
 * who you are in view) and the distinct kinds go through axe.
 */
import { connectSandbox, type Fixtures } from "@commerce-api/sandbox";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { formatDate, formatMoney } from "../src/lib/format.js";
import { chromiumPath, type Harness, hasChromium, startHarness } from "./harness.js";

if (!hasChromium) {
  console.log(
    `SKIPPED: portal e2e: no Chromium at ${chromiumPath} (install it: apt-get install -y chromium, or set CHROMIUM_PATH)`,
  );
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b[0-9a-f]{8}…/i;
const HOOK_NAME = /\buse[A-Z][A-Za-z]+\b/;
const RAW_WORD = /\b[a-z]+_[a-z_]+\b|Expected \w+\.|scopes?:|\w+:(read|write)\b|sandbox knows/;
const money = (amount: number, currency: string) => formatMoney(amount, currency, "en-US");

describe.skipIf(!hasChromium)("the portal in a browser", () => {
  let h: Harness;
  let fx: Fixtures;
  let acme: string;
  const ofAcme = <T extends { organization_id: string }>(list: readonly T[]) =>
    list.filter((item) => item.organization_id === acme);
  const customerNamed = (name: string) => fx.ids.customers.find((c) => c.name === name)!;

  /** Orders the seed already invoiced: they offer no Generate. */
  let invoicedInSeed: Set<string>;
  const invoiceable = (o: { id: string; invoice: string }) =>
    o.invoice === "eligible" && !invoicedInSeed.has(o.id);

  beforeAll(async () => {
    h = await startHarness();
    fx = h.sandbox.fixtures;
    acme = fx.ids.organizations.find((o) => o.slug === "acme")!.id;
    const orders = await connectSandbox(h.url).state("orders");
    invoicedInSeed = new Set(orders.filter((o) => o.invoice_generated_at !== null).map((o) => o.id));
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
  async function chooseSession(title: string, page: Page = h.page) {
    await page.locator(".session-menu summary").click();
    await page.locator(".session-menu-panel").getByRole("button", { name: title, exact: true }).click();
    await expect.poll(() => page.locator(".session-menu").getAttribute("open")).toBe(null);
  }

  /** The developer switch, at the end of the navigation. */
  async function developer(on: boolean, page: Page = h.page) {
    const toggle = page.getByRole("checkbox", { name: "Developer" });
    if ((await toggle.isChecked()) !== on) await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(on);
  }

  /**
   * What a user reads, with the developer switch off: no raw ID (whole or shortened), no hook
   * name, no field asking for an ID, and a tab title naming the screen and whose it is.
   */
  async function readsAsProduct(where: string, page: Page = h.page) {
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text, `a raw ID on ${where}`).not.toMatch(UUID);
    expect(text, `a hook name on ${where}`).not.toMatch(HOOK_NAME);
    const labels = await page.locator("main label").allInnerTexts();
    expect(
      labels.filter((label) => /\bIDs?\b/.test(label)),
      `a field asking for an ID on ${where}`,
    ).toEqual([]);
    expect(await page.title(), `the tab's title on ${where}`).toMatch(/^[^·]+ · [^·]+$/);
    // No raw words: a snake_case value ("missing_features"), a schema's "Expected int.", scopes.
    expect(text, `a raw word on ${where}`).not.toMatch(RAW_WORD);
    // The session chip says the whole session where there is room for it (not "organization access tok…").
    const name = page.locator(".session-menu-name");
    if ((await name.count()) && (await name.isVisible())) {
      expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth), `the chip cut on ${where}`).toBe(
        true,
      );
      expect(await name.textContent(), `a raw word in the chip on ${where}`).not.toMatch(RAW_WORD);
    }
  }

  /** The same screen at 390 px: nothing sideways, and the session chip says who you are. */
  async function fitsPhone(where: string, page: Page = h.page) {
    const size = page.viewportSize()!;
    if (size.width !== 390) await page.setViewportSize({ width: 390, height: 844 });
    try {
      await readsOnPhone(where, page);
    } finally {
      // A failed check leaves the next steps at the width they expect.
      if (size.width !== 390) {
        await page.setViewportSize(size);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      }
    }
  }

  async function readsOnPhone(where: string, page: Page) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `sideways scrolling on ${where}`,
    ).toBeLessThanOrEqual(390);
    const chip = page.locator(".session-menu summary");
    if (await chip.count()) {
      // The area and the person (or organization), whole, not cut to "Acme Software · or…".
      for (const part of [".session-menu-kind", ".session-menu-short"]) {
        const element = chip.locator(part);
        expect(await element.isVisible(), `${part} on ${where}`).toBe(true);
        expect(await element.evaluate((e) => e.scrollWidth <= e.clientWidth), `${part} cut on ${where}`).toBe(
          true,
        );
      }
    }
    // Where a finger aims, at least 24 px each way (WCAG 2.5.8); a link inside a sentence is exempt.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("a, button, select, summary, input:not([type=hidden])")]
        .filter((e) => e.checkVisibility() && !e.closest(".sr-only, .skip-link"))
        .filter(
          (e) =>
            e.tagName !== "A" || (e.parentElement?.textContent ?? "").trim() === (e.textContent ?? "").trim(),
        )
        .map((e) => ({ e, box: e.getBoundingClientRect() }))
        .filter(({ box }) => box.height < 24 || box.width < 24)
        .map(
          ({ e, box }) =>
            `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute("aria-label") || "").trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    );
    expect(small, `tap targets under 24 px on ${where}`).toEqual([]);
    const nav = page.getByRole("navigation", { name: "Screens" });
    if (await nav.count()) {
      // The strip's heading is whole or absent, never "GANIZATION"; the current place is marked.
      const cut = await nav.evaluate((strip) => {
        const edge = strip.getBoundingClientRect();
        return [...strip.querySelectorAll<HTMLElement>(".nav-heading")]
          .filter((h) => h.checkVisibility())
          .some(
            (h) =>
              h.getBoundingClientRect().left < edge.left - 1 ||
              h.getBoundingClientRect().right > edge.right + 1,
          );
      });
      expect(cut, `the navigation's heading cut on ${where}`).toBe(false);
      const path = new URL(page.url()).pathname;
      if (/^\/(org|portal)\//.test(path)) {
        expect(
          await nav.locator("a.active").count(),
          `the current place unmarked on ${where}`,
        ).toBeGreaterThan(0);
      }
    }
  }

  /** Every screen: read as a product at both widths, saved; the distinct kinds go through axe too. */
  async function checkScreen(name: string, { axe = true, whole = false } = {}) {
    await readsAsProduct(name);
    await fitsPhone(name);
    await h.screenshot(name);
    if (axe) expect(await h.axe({ whole }), `axe on ${name}`).toEqual([]);
  }

  const rowsOf = (name: string) => h.page.getByRole("table", { name }).locator("tbody tr");

  /**
   * Every page of the list on screen. Waits for the list's foot each time: after a reload the
   * first page may still be loading, and while a page loads the button reads "Loading…".
   */
  async function loadWholeList(page: Page = h.page) {
    const more = page.getByRole("button", { name: "Load more" });
    const end = page.locator(".load-more").getByText("End of the list");
    for (;;) {
      await more.or(end).waitFor();
      if (await end.isVisible()) return;
      await more.click();
    }
  }

  test("a first visit lands on a working screen, signed in; the start page offers both areas", async () => {
    const { page } = h;
    await page.goto("/");
    // No session yet: the sandbox opens the first organization's events, not a picker.
    await page.waitForURL(/\/org\/events$/);
    await expect.poll(() => page.title()).toBe("Events · Acme Software");
    const rows = rowsOf("Events");
    await expect.poll(() => rows.count()).toBe(20);
    await expect.poll(() => page.getByText(/^20 of \d+ shown$/).isVisible()).toBe(true);
    expect(await page.locator(".session-menu summary").getAttribute("aria-label")).toBe(
      "Session: Acme Software · organization access token, every scope",
    );
    await checkScreen("02-events", { axe: false });
    // Every kind of page has a place in the sidebar: Customers and Orders too.
    const links = await page.getByRole("navigation", { name: "Screens" }).getByRole("link").allTextContents();
    expect(links).toEqual(expect.arrayContaining(["Customers", "Orders"]));

    // The menu is grouped by organization and kind, and names sessions as the start page does.
    await page.locator(".session-menu summary").click();
    const panel = page.locator(".session-menu-panel");
    await panel.getByRole("list", { name: "Globex Labs: customer and member sessions" }).waitFor();
    // The working sessions read as words ("(billing manager)"); the error tokens keep their codes on purpose.
    expect(
      await panel.getByRole("list", { name: "Acme Software: customer and member sessions" }).textContent(),
    ).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    await h.screenshot("01-session-menu");
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

  test("the developer switch, off by default, shows the hooks, the ID forms and the API's notes", async () => {
    const { page } = h;
    expect(await page.locator(".page-hooks").count()).toBe(0);
    expect(await page.getByLabel("Pagination").count()).toBe(0);
    await developer(true);
    await page.locator(".page-hooks").getByText("useListEventsInfinite").waitFor();
    // …and the API version every call sends.
    await page.locator(".page-hooks").getByText("Polar-Version: 2026-10").waitFor();
    await page.getByLabel("Customer ID").waitFor();
    await page.getByLabel("Pagination").waitFor();
    // Remembered in the browser: a reload keeps it on.
    await page.reload();
    await page.locator(".page-hooks").getByText("useListEventsInfinite").waitFor();
    await h.screenshot("02-events-developer");
    await developer(false);
    await expect.poll(() => page.locator(".page-hooks").count()).toBe(0);
  });

  test("listEvents: each event in words, amounts as money and records by name; filters in the address, applied at once", async () => {
    const { page } = h;
    const rows = rowsOf("Events");
    // Offset form: the next page adds rows and the count knows the total.
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count()).toBe(40);

    // A dropdown applies as soon as it changes: no Apply button to find.
    await page.getByLabel("Source").selectOption("user");
    await page.waitForURL(/source=user/);
    await expect
      .poll(async () => new Set(await rows.locator(".badge").allTextContents()))
      .toEqual(new Set(["Usage"]));
    await page.getByLabel("Source").selectOption("");
    await page.waitForURL((url) => !url.search.includes("source"));

    // A period that credited nothing is one quiet line, not a sentence about "0 units"; it is
    // still a row, so the foot's count stays the service's.
    await page.getByLabel("Event name").fill("meter.credited");
    await page.getByLabel("Event name").press("Enter");
    await page.waitForURL(/name=meter.credited/);
    // The address changes before the list renders for it: wait until every row is a credit (the
    // unfiltered rows before it hold some too), then until nothing is loading.
    await expect
      .poll(async () => (await rows.count()) - (await rows.filter({ hasText: /credited/ }).count()))
      .toBe(0);
    await expect.poll(() => page.locator("[aria-busy=true]").count()).toBe(0);
    const quiet = rows.filter({ hasText: "No LLM completions credited to " });
    expect(await quiet.count()).toBeGreaterThan(0);
    expect(await page.getByRole("table", { name: "Events" }).textContent()).not.toMatch(/credited 0 units/);
    expect(await quiet.evaluateAll((trs) => trs.every((tr) => tr.classList.contains("row-quiet")))).toBe(
      true,
    );
    expect(
      await rows
        .filter({ hasText: /was credited [\d,]+ units/ })
        .evaluateAll((trs) => trs.every((tr) => !tr.classList.contains("row-quiet"))),
    ).toBe(true);
    expect(await quiet.first().locator(".cell-main, .badge").count()).toBe(0);
    // The foot's count ("N shown", "N of M shown"), beside "End of the list" on a last page.
    const foot = page.locator(".load-more > span[aria-live]");
    const shown = Number(/^(\d+)/.exec((await foot.textContent()) ?? "")?.[1]);
    expect(shown).toBe(await rows.count());

    // A paid order reads as what happened: who paid how much for what.
    const order = ofAcme(fx.ids.orders).find((o) => o.status === "paid" && o.amount > 0)!;
    const customer = fx.ids.customers.find((c) => c.id === order.customer_id)!;
    // The name as every row shows it ("Order Paid") finds the same events as the slug.
    await page.getByLabel("Event name").fill("Order Paid");
    await page.getByLabel("Event name").press("Enter");
    await page.waitForURL(/name=Order/);
    await expect
      .poll(async () => new Set(await rows.locator(".cell-sub").allTextContents()))
      .toEqual(new Set(["Order Paid"]));
    // The search says what the service searches.
    expect(await page.locator(".field", { has: page.getByLabel("Search") }).textContent()).toMatch(
      /name, its customer's name and e-mail, and its metadata/,
    );
    await page.getByLabel("Event name").fill("order.paid");
    await page.getByLabel("Event name").press("Enter");
    await page.waitForURL(/name=order.paid/);
    await page.getByLabel("Customer", { exact: true }).selectOption(customer.id);
    await page.waitForURL(new RegExp(`customer_id=${customer.id}`));
    const sentence = `${customer.name} paid ${money(order.amount, order.currency)} for ${order.product_name}`;
    const paidRow = rows.filter({ hasText: sentence }).first();
    await paidRow.waitFor();
    // The customer filter names the customer, not a UUID in a box.
    expect(await page.getByLabel("Customer", { exact: true }).locator("option:checked").textContent()).toBe(
      customer.name,
    );

    // Its details: money in the order's currency, the product by name, the order opening the order.
    await paidRow.getByRole("button", { name: /^Details of / }).click();
    const details = page.locator("tr.row-details").first();
    await details.locator("dt", { hasText: /^Amount$/ }).waitFor();
    const facts = Object.fromEntries(
      await details
        .locator("dl.facts")
        .first()
        .evaluate((dl) =>
          [...dl.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
        ),
    );
    expect(facts.Amount).toBe(money(order.amount, order.currency));
    expect(facts.Product).toBe(order.product_name);
    expect(facts.Tax).toMatch(/^\$\d+\.\d\d$/);
    // The same money is said once: no "Net amount" equal to the amount beside it.
    if ("Net amount" in facts) expect(facts["Net amount"]).not.toBe(facts.Amount);
    expect(Object.values(facts).join(" ")).not.toMatch(UUID);
    await checkScreen("03-event-opened");
    await details
      .getByRole("link", { name: `${order.product_name}, ${formatDate(order.created_at, "en-US")}` })
      .click();
    await page.waitForURL(new RegExp(`/org/orders/${order.id}$`));
    await page
      .getByRole("heading", {
        name: `${order.product_name}, ${formatDate(order.created_at, "en-US")}`,
        level: 1,
      })
      .waitFor();
    await page.goBack();
    await rows.first().waitFor();

    // Back steps through the filters, and the fields follow the address.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("customer_id"));
    await expect.poll(() => page.getByLabel("Customer", { exact: true }).inputValue()).toBe("");
    await expect.poll(() => page.getByLabel("Event name").inputValue()).toBe("order.paid");
    await page.goForward();
    await expect.poll(() => page.getByLabel("Customer", { exact: true }).inputValue()).toBe(customer.id);

    // Trees: root events only, a root opens into what followed it.
    await page.getByRole("button", { name: "Clear" }).click();
    await page.waitForURL((url) => url.search === "");
    await page.getByLabel("Source").selectOption("system");
    await page.getByLabel(/Group into trees/).check();
    await page.waitForURL(/tree=1/);
    const table = page.getByRole("table", { name: "Events" });
    const expand = table.getByRole("button", { name: /^Show \d+ events?$/ }).first();
    await expand.waitFor();
    // The previous rows stay (inert) until the roots arrive: act on the new ones.
    await expect.poll(() => page.locator("[aria-busy=true]").count()).toBe(0);
    const count = Number(/Show (\d+)/.exec((await expand.textContent()) ?? "")![1]);
    const before = await rows.count();
    await expand.click();
    await expect.poll(() => table.locator("tbody tr.row-child").count()).toBe(count);
    expect(await rows.count()).toBe(before + count);
    const root = table.locator("tbody tr", { has: page.getByRole("button", { name: /^Hide \d+ events?$/ }) });
    await root.getByRole("button", { name: /^Details of / }).click();
    await expect
      .poll(() =>
        table.locator("tr.row-details").getByRole("list", { name: "What followed" }).locator("li").count(),
      )
      .toBe(count);
    expect(await table.locator("td[data-label='Followed by']").allTextContents()).not.toContain("nothing");
    // One axe run covers the tree, an opened row and its details.
    await checkScreen("03-events-tree");
  });

  test("the previous rows stay while new filters load", async () => {
    const { page } = h;
    await page.goto("/org/events");
    const rows = rowsOf("Events");
    await expect.poll(() => rows.count()).toBe(20);
    // Hold the next answer: the page keeps its rows (marked busy) instead of a one-line spinner.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route(/\/v1\/events\/?\?.*source=user/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Source").selectOption("user");
    await page.waitForURL(/source=user/);
    await page.locator("[aria-busy=true]").waitFor();
    expect(await rows.count()).toBe(20);
    release();
    await expect.poll(() => page.locator("[aria-busy=true]").count()).toBe(0);
    await page.unrouteAll();
  });

  test("an invalid filter is refused on its field before any request", async () => {
    const { page } = h;
    await page.goto("/org/events");
    await rowsOf("Events").first().waitFor();
    h.takeRequests();
    await page.getByLabel("Search").fill("ab");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Enter at least 3 characters.").waitFor();
    expect(await page.getByLabel("Search").getAttribute("aria-invalid")).toBe("true");
    expect(h.takeRequests()).toEqual([]);
    await checkScreen("04-events-invalid");

    // A reversed date range is a field error, not "No events match".
    await page.getByLabel("Search").fill("");
    await page.getByLabel("From", { exact: true }).fill("2026-04-10T10:00");
    await page.getByLabel("Until", { exact: true }).fill("2026-04-01T10:00");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Until must be after From.").waitFor();
    expect(await page.getByLabel("Until", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(h.takeRequests()).toEqual([]);
    await page.getByLabel("From", { exact: true }).fill("");
    await page.getByLabel("Until", { exact: true }).fill("");

    // The developer view takes raw IDs: checked before sending, and a 422 on the same field.
    await developer(true);
    await page.getByLabel("Customer ID").fill("not-an-id");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Enter an ID in UUID form (8-4-4-4-12 hex digits).").first().waitFor();
    expect(h.takeRequests()).toEqual([]);
    await page.getByLabel("Customer ID").fill("");
    h.expectFailures({ status: 422, path: /\/v1\/events/ });
    await page.getByLabel("Meter ID").fill("00000000-0000-4000-8000-000000000000");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Meter not found.").first().waitFor();
    expect(await page.getByLabel("Meter ID").getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("alert").getByText("Check the highlighted fields").waitFor();
    // The cursor form: no total, but "Load more" still follows has_next_page.
    await page.goto("/org/events?pagination=cursor");
    await expect.poll(() => page.getByText(/^20 shown$/).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => page.getByText(/^40 shown$/).isVisible()).toBe(true);
    await developer(false);
  });

  test("listProducts: a dropdown applies at once, and Back undoes it without leaving the page", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "Products" }).click();
    // Every filter form applies with the same words.
    expect(
      await page.getByRole("form", { name: "Product filters" }).getByRole("button").allTextContents(),
    ).toEqual(["Apply filters"]);
    const table = page.getByRole("table", { name: "Products" });
    await table.waitFor();
    await page.getByLabel("Sort by").selectOption("name");
    await page.waitForURL(/sorting=name/);
    await expect
      .poll(async () => {
        const names = await table.locator("tbody tr td:first-child .cell-main").allTextContents();
        return (
          names.length > 1 && names.join("|") === [...names].sort((a, b) => a.localeCompare(b)).join("|")
        );
      })
      .toBe(true);
    await page.getByLabel("Billing").selectOption("false");
    await page.waitForURL(/is_recurring=false/);
    await expect
      .poll(async () => new Set(await table.locator("tbody tr td:nth-child(2)").allTextContents()))
      .toEqual(new Set(["One-time"]));
    await checkScreen("05-products", { axe: false });
    // Back: the previous filters, on the same screen.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/org/products" && !url.search.includes("is_recurring"));
    await expect.poll(() => page.getByLabel("Billing").inputValue()).toBe("");
    await expect.poll(() => page.getByLabel("Sort by").inputValue()).toBe("name");

    // Prices in words: a free product says Free, a seat price says its rate.
    await page.getByLabel("Name").fill("Beta");
    await page.getByLabel("Name").press("Enter");
    await expect
      .poll(() =>
        table.locator("tbody tr", { hasText: "Acme Beta Access" }).locator("td:nth-child(3)").textContent(),
      )
      .toBe("Free");
    await page.getByLabel("Name").fill("Team");
    await page.getByLabel("Name").press("Enter");
    await expect
      .poll(() =>
        table.locator("tbody tr", { hasText: "Acme Team" }).locator("td:nth-child(3)").textContent(),
      )
      .toMatch(/^(From )?\$\d+\.\d\d per seat$/);
  });

  test("listRefunds: statuses and disputes; an order and a customer open what they name", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "Refunds" }).click();
    const rows = rowsOf("Refunds");
    await expect.poll(() => rows.count()).toBe(Math.min(ofAcme(fx.ids.refunds).length, 10));
    await page.getByLabel("Outcome").selectOption("true");
    await page.waitForURL(/succeeded=true/);
    const succeeded = ofAcme(fx.ids.refunds).filter((r) => r.status === "succeeded").length;
    // The address changes before the list renders for it: the statuses show when it has.
    await expect
      .poll(async () => new Set(await rows.locator("td:nth-child(2)").allTextContents()))
      .toEqual(new Set(["Succeeded"]));
    await expect.poll(() => rows.count()).toBe(Math.min(succeeded, 10));
    await checkScreen("06-refunds", { axe: false });

    // The service failing with a 500 (the client does not retry a 500): a message and "Try again".
    h.sandbox.failNext(1, 500);
    h.expectFailures({ status: 500, path: /\/v1\/refunds/ });
    await page.getByLabel("Sort by").selectOption("-amount");
    await page.getByRole("alert").getByText("The service is having trouble").waitFor();
    await checkScreen("06-refunds-failed", { axe: false });
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => rows.count()).toBe(Math.min(succeeded, 10));

    // The order link opens the order: what, who, how much.
    const refund = rows.first();
    const customerName = (await refund.locator("td:nth-child(5)").textContent())!;
    const orderName = (await refund.locator("td:nth-child(4)").textContent())!;
    await refund.locator("td:nth-child(4)").getByRole("link").click();
    await page.waitForURL(/\/org\/orders\/[^/]+$/);
    await page.getByRole("heading", { name: orderName, level: 1 }).waitFor();
    await page.getByRole("region", { name: "Order" }).getByRole("link", { name: customerName }).waitFor();
    await page.getByRole("region", { name: "What happened" }).locator("li").first().waitFor();
    await checkScreen("06-order");
    // "← All orders" goes to the orders, where the sidebar marks Orders.
    expect(await page.getByRole("link", { name: "← All orders" }).getAttribute("href")).toBe("/org/orders");
    expect(await page.getByRole("navigation").locator("a.active").textContent()).toBe("Orders");
    await page.goBack();

    // The customer's name opens the customer: their cards, orders and recent activity.
    await rows.getByRole("link", { name: customerName, exact: true }).first().click();
    await page.waitForURL(/\/org\/customers\/[^/]+$/);
    await page.getByRole("heading", { name: customerName, level: 1 }).waitFor();
    await page.getByRole("table", { name: "Customer payment methods" }).waitFor();
    await page.getByRole("region", { name: "Recent activity" }).locator("li").first().waitFor();
    // Everything they have: subscriptions and keys too, each in words.
    await page.getByRole("region", { name: "Subscriptions" }).waitFor();
    await page.getByRole("region", { name: "License keys" }).waitFor();
    await checkScreen("06-customer");
    await page.goBack();
    await rows.first().waitFor();
  });

  test("listCustomerPaymentMethods: a customer chosen by name, at once; wallets in words", async () => {
    const { page } = h;
    await page.getByRole("navigation").getByRole("link", { name: "Payment methods" }).first().click();
    await page.getByText("Choose a customer to see their cards").waitFor();
    const alice = customerNamed("Alice Johnson");
    await page.getByLabel("Customer", { exact: true }).selectOption(alice.id);
    await page.waitForURL(new RegExp(`customer=${alice.id}`));
    const table = page.getByRole("table", { name: "Customer payment methods" });
    await expect.poll(() => table.locator("tbody tr").count()).toBe(alice.payment_method_ids.length);
    // No raw values: the wallet in words, and no "Default" column (the API has no such flag).
    const text = (await table.textContent()) ?? "";
    expect(text).not.toMatch(/_|Default/);
    expect(alice.payment_method_ids).toHaveLength(2);
    expect(text).toContain("Apple Pay");
    await checkScreen("07-customer-payment-methods", { axe: false });
  });

  test("validateLicenseKey: a key by owner and product, a device by name, conditions and usage; refusals in words", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "License keys" }).first().click();
    const key = ofAcme(fx.ids.license_keys).find((k) => Object.keys(k.activation_conditions).length > 0)!;
    const [activationId, conditions] = Object.entries(key.activation_conditions)[0]!;
    const owner = fx.ids.customers.find((c) => c.id === key.customer_id)!;
    const form = page.getByRole("form", { name: "Validate a license key" });
    // Nothing chosen: a message on the field, and the focus there, not nothing at all.
    h.takeRequests();
    await form.getByRole("button", { name: "Validate" }).click();
    await form.getByText("Choose a key to validate.").waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid")))
      .toBe("true");
    const deactivateForm = page.getByRole("form", { name: "Deactivate a license key activation" });
    await deactivateForm.getByRole("button", { name: "Deactivate…" }).click();
    await deactivateForm.getByText("Choose a key, then the device to free.").waitFor();
    expect(h.takeRequests()).toEqual([]);
    // Keys are named by their owner and what they unlock, with their status in words.
    const keyOptions = form.getByLabel("Key", { exact: true }).locator("option");
    await expect.poll(() => keyOptions.count()).toBe(ofAcme(fx.ids.license_keys).length + 1);
    const options = await keyOptions.allTextContents();
    // What tells keys apart comes first, so a phone's narrow picker still shows it: owner, then the key.
    expect(options).toContainEqual(expect.stringMatching(/^[^·]+ · \*{4}-\w{6} · .+ \(Revoked\)$/));
    expect(options).toContainEqual(expect.stringMatching(/ \(Expired\)$/));
    expect(options.join("|")).toContain(owner.name!);
    await form.getByLabel("Key", { exact: true }).selectOption(key.key);
    // The device by its name (read live), not an activation ID.
    const device = form.getByLabel("Device");
    await expect.poll(() => device.locator("option").count()).toBe(key.activation_ids.length + 1);
    await device.selectOption(activationId);
    expect(await device.locator("option:checked").textContent()).not.toMatch(UUID);
    await form.getByLabel("Conditions").fill(
      Object.entries(conditions)
        .map(([k, v]) => `${k}=${v}`)
        .join("\n"),
    );
    // The increment says what it changes, and is bounded by what the key allows.
    expect(
      await form.locator(".field", { has: page.getByLabel("Increment usage by") }).textContent(),
    ).toMatch(/its owner sees/);
    h.takeRequests();
    await form.getByLabel("Increment usage by").fill("99999999999");
    await form.getByRole("button", { name: "Validate" }).click();
    await form.getByText(/^(This key allows [\d,]+ more|Enter 1,000,000 or less)/).waitFor();
    expect(h.takeRequests()).toEqual([]);
    // A keyboard submit keeps the focus where it was while the request runs.
    await form.getByLabel("Increment usage by").fill("2");
    await form.getByRole("button", { name: "Validate" }).press("Enter");
    await page.getByText("The key is valid").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Validate");
    await page
      .getByText(`${key.usage + 2}${key.limit_usage === null ? " (no limit)" : ` of ${key.limit_usage}`}`)
      .waitFor();
    await checkScreen("08-license-validate");
    // The app speaks API version 2026-10: a validated key says who holds it.
    await page.getByText(`${owner.name} (the customer)`).waitFor();
    const held = ofAcme(fx.ids.license_keys).find((k) => k.member_id !== null)!;
    const holder = h.sandbox.state.members.find((m) => m.id === held.member_id)!;
    await form.getByLabel("Key", { exact: true }).selectOption(held.key);
    await form.getByLabel("Conditions").fill("");
    await form.getByLabel("Increment usage by").fill("0");
    await form.getByRole("button", { name: "Validate" }).click();
    await page.getByText(`${holder.email} (a seat member)`).waitFor();
    await form.getByLabel("Key", { exact: true }).selectOption(key.key);

    // A negative increment is refused on its field before sending.
    h.takeRequests();
    await form.getByLabel("Increment usage by").fill("-1");
    await form.getByRole("button", { name: "Validate" }).click();
    await form.getByText("Enter 0 or more.").waitFor();
    expect(h.takeRequests()).toEqual([]);

    // A revoked key: what happened to it, in words (the service says it with a 404).
    const revoked = ofAcme(fx.ids.license_keys).find((k) => k.status === "revoked")!;
    h.expectFailures({ status: 404, path: /\/v1\/license-keys\/validate/ });
    await form.getByLabel("Key", { exact: true }).selectOption(revoked.key);
    await form.getByLabel("Increment usage by").fill("");
    await form.getByRole("button", { name: "Validate" }).click();
    const refusal = page.getByRole("region", { name: "Validate a key" }).getByRole("alert");
    await refusal.getByText("This key is no longer active").waitFor();
    expect(await refusal.textContent()).toMatch(/revoked or disabled/);
    await checkScreen("08-license-refused", { axe: false });

    // An expired key: the service's "License key has expired", said as what happened.
    const expired = ofAcme(fx.ids.license_keys).find((k) => k.expired && k.status === "granted")!;
    h.expectFailures({ status: 404, path: /\/v1\/license-keys\/validate/ });
    await form.getByLabel("Key", { exact: true }).selectOption(expired.key);
    await form.getByRole("button", { name: "Validate" }).click();
    await refusal.getByText("This key has expired", { exact: true }).waitFor();
    expect(await refusal.textContent()).toMatch(/expiry date has passed/);

    // The right device with other conditions: "does not match required conditions", in words.
    h.expectFailures({ status: 404, path: /\/v1\/license-keys\/validate/ });
    await form.getByLabel("Key", { exact: true }).selectOption(key.key);
    await expect.poll(() => device.locator("option").count()).toBe(key.activation_ids.length + 1);
    await device.selectOption(activationId);
    await form.getByLabel("Conditions").fill("platform=windows");
    await form.getByRole("button", { name: "Validate" }).click();
    await refusal.getByText("The conditions do not match", { exact: true }).waitFor();
    expect(await refusal.textContent()).toMatch(/conditions it was activated with/);

    // A key that does not exist (typed in the developer view): said plainly.
    await developer(true);
    h.expectFailures({ status: 404, path: /\/v1\/license-keys\/validate/ });
    await form.getByLabel("Key", { exact: true }).selectOption("");
    await form.getByLabel("License key").fill("ACME-NOT-A-REAL-KEY");
    await form.getByRole("button", { name: "Validate" }).click();
    await refusal.getByText("Key not found", { exact: true }).waitFor();
    await developer(false);
  });

  test("deactivateLicenseKey: a device by name, confirmed; nothing refilled; gone in a new tab too", async () => {
    const { page } = h;
    const key = ofAcme(fx.ids.license_keys).find((k) => k.activation_ids.length > 1)!;
    const form = page.getByRole("form", { name: "Deactivate a license key activation" });
    await form.getByLabel("Key", { exact: true }).selectOption(key.key);
    const device = form.getByLabel("Device");
    await expect.poll(() => device.locator("option").count()).toBe(key.activation_ids.length + 1);
    const devices = (await device.locator("option").allTextContents()).slice(1);
    const name = devices[0]!;
    await device.selectOption({ label: name });
    await form.getByRole("button", { name: "Deactivate…" }).click();
    const dialog = page.getByRole("dialog", { name: "Deactivate this device?" });
    await dialog.waitFor();
    // The confirmation names the device as its owner does.
    expect(await dialog.textContent()).toContain(`${name} will have to activate the key again`);
    await checkScreen("09-license-deactivate-confirm");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await page.getByText(`${name} deactivated`).waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // No next device chosen for one more click, and the removed one is offered nowhere.
    expect(await device.inputValue()).toBe("");
    await expect.poll(() => device.locator("option").allTextContents()).not.toContain(name);

    // A new tab reads the key's current devices: the removed one does not come back.
    const tab = await page.context().newPage();
    try {
      await tab.goto("/org/license-keys");
      const again = tab.getByRole("form", { name: "Deactivate a license key activation" });
      await again.getByLabel("Key", { exact: true }).selectOption(key.key);
      await expect
        .poll(() => again.getByLabel("Device").locator("option").count())
        .toBe(key.activation_ids.length);
      expect(await again.getByLabel("Device").locator("option").allTextContents()).not.toContain(name);
    } finally {
      await tab.close();
    }
  });

  test("webhooks: none yet, and the screen says what to do to see one", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "Webhooks" }).click();
    const empty = page.getByRole("status").filter({ hasText: "No webhooks yet" });
    await empty.waitFor();
    await empty.getByRole("link", { name: "delete a discount" }).waitFor();
    await empty.getByRole("link", { name: "generate an invoice" }).waitFor();
    await checkScreen("09b-webhooks-empty", { axe: false });
  });

  for (const [link, fixture, ordinal] of [
    ["Checkout links", "checkout_links", "10"],
    ["Custom fields", "custom_fields", "11"],
    ["Discounts", "discounts", "12"],
  ] as const) {
    test(`delete from ${link}: by name, confirmed, gone, and still gone in a new tab`, async () => {
      const { page } = h;
      await page.getByRole("link", { name: link }).click();
      const rows = page.getByRole("list", { name: link }).locator("li");
      const known = ofAcme(fx.ids[fixture]);
      await expect.poll(() => rows.count()).toBe(known.length);
      // Each row is named as a person knows it: no ID beside it, no form asking for one.
      expect(await rows.first().locator(".cell-main").textContent()).toBe(known[0]!.name);
      await checkScreen(`${ordinal}-${fixture}`, { axe: ordinal === "10" });
      // What a merchant recognises them by, and where new ones are made.
      expect(await page.locator(".page-description").textContent()).toMatch(
        /made in the service's dashboard/,
      );
      if (fixture === "discounts") {
        expect(await rows.filter({ hasText: "Launch week" }).textContent()).toContain("20 % off, once");
      }
      if (fixture === "checkout_links") {
        expect(await rows.first().textContent()).toMatch(/https:\/\//);
        await rows
          .first()
          .getByRole("button", { name: /^Copy the link of / })
          .click();
        await rows
          .first()
          .getByRole("button", { name: /^Copied the link of / })
          .waitFor();
      }
      const first = known[0]!;
      await rows
        .filter({ hasText: first.name })
        .getByRole("button", { name: /^Delete / })
        .click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(first.name);
      await dialog.getByRole("button", { name: "Delete" }).click();
      await page.getByText(`${first.name} was deleted`).waitFor();
      await expect.poll(() => rows.count()).toBe(known.length - 1);

      // Another tab does not bring it back, nor (for discounts) a fresh browser profile with
      // nothing stored: the list is the sandbox's current state, not the seed minus a memory.
      const tab =
        fixture === "discounts"
          ? await h.openPage({ width: 1280, height: 860 })
          : await page.context().newPage();
      try {
        if (fixture === "discounts") {
          await tab.goto("/");
          await tab.waitForURL(/\/org\/events$/);
        }
        await tab.goto(page.url());
        const again = tab.getByRole("list", { name: link }).locator("li");
        await expect.poll(() => again.count()).toBe(known.length - 1);
        expect(await again.allTextContents()).not.toContainEqual(expect.stringContaining(first.name));
      } finally {
        await (fixture === "discounts" ? tab.context().close() : tab.close());
      }

      // Deleting it again by ID (developer view) is the service's 404.
      await developer(true);
      h.expectFailures({ status: 404, path: /\/v1\// });
      const byId = page.getByRole("form", { name: /by ID/ });
      await byId.getByRole("textbox").fill(first.id);
      await byId.getByRole("button", { name: "Delete…" }).click();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("alert").getByText("Not found", { exact: true }).waitFor();
      await developer(false);
    });
  }

  test("generateOrderInvoice: orders newest first; Generate answers on its row", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "Orders", exact: true }).click();
    const rows = rowsOf("Orders");
    await expect.poll(() => rows.count()).toBe(Math.min(ofAcme(fx.ids.orders).length, 10));
    // Newest first, each order by product and date, its amount as money.
    const newest = [...ofAcme(fx.ids.orders)].sort((a, b) => b.created_at.localeCompare(a.created_at));
    expect(await rows.locator("td:first-child").allTextContents()).toEqual(
      newest.slice(0, 10).map((o) => `${o.product_name}, ${formatDate(o.created_at, "en-US")}`),
    );
    expect(await rows.first().locator("td:nth-child(3)").textContent()).toMatch(
      new RegExp(`^\\${money(newest[0]!.amount, newest[0]!.currency)}( incl\\. |$)`),
    );
    // The page says what it does: no promise of a download the customer portal does not have.
    expect(await page.locator(".page-description").textContent()).not.toMatch(
      /downloads? (it|invoices) from their portal/,
    );
    // Orders that cannot be invoiced offer no Generate button, and say why.
    expect(await rows.filter({ hasText: "Not invoiceable" }).getByRole("button").count()).toBe(0);

    // Generate on a row far down: the answer is on that row.
    await loadWholeList();
    const eligible = newest.filter(invoiceable);
    // One the seed invoiced says so at once, and offers nothing to click.
    const seedInvoiced = newest.find((o) => invoicedInSeed.has(o.id));
    if (seedInvoiced) {
      const seedRow = rows.filter({
        has: page.getByRole("link", {
          name: `${seedInvoiced.product_name}, ${formatDate(seedInvoiced.created_at, "en-US")}`,
          exact: true,
        }),
      });
      await seedRow.getByText(/^Generated /).waitFor();
    }
    const last = eligible[eligible.length - 1]!;
    const named = `${last.product_name}, ${formatDate(last.created_at, "en-US")}`;
    const row = rows.filter({ has: page.getByRole("link", { name: named, exact: true }) });
    expect(await row.count()).toBe(1);
    await row.getByRole("button", { name: /^Generate/ }).click();
    // "Invoice requested", then the order's record read again says "Generated <date>".
    await row.getByText(/^(Invoice requested|Generated )/).waitFor();
    expect(await row.getByRole("button").count()).toBe(0);
    await checkScreen("13-invoices", { axe: false });
    // Remembered: the order's record says its invoice was generated, after a reload too; no second Generate.
    await page.reload();
    await loadWholeList();
    await row.getByText(/^Generated /).waitFor();
    expect(await row.getByRole("button").count()).toBe(0);
    // What was paid says its tax; a refunded order says so.
    expect(await rows.locator("td:nth-child(3)").allTextContents()).toContainEqual(
      expect.stringMatching(/incl\. \$\d+\.\d\d tax/),
    );
    const refunded = newest.find((o) =>
      fx.ids.refunds.some((r) => r.order_id === o.id && r.status === "succeeded"),
    );
    if (refunded) {
      const refundedRow = rows.filter({
        has: page.getByRole("link", {
          name: `${refunded.product_name}, ${formatDate(refunded.created_at, "en-US")}`,
          exact: true,
        }),
      });
      expect(await refundedRow.first().locator("td:nth-child(3)").textContent()).toMatch(/refunded/);
    }

    // The service's refusals, through the developer view's form.
    await developer(true);
    const form = page.getByRole("form", { name: "Generate an order invoice" });
    const draft = ofAcme(fx.ids.orders).find((o) => o.invoice === "not_eligible")!;
    h.expectFailures({ status: 409, path: /\/invoice$/ });
    await form.getByLabel("Order ID").fill(draft.id);
    await form.getByRole("button", { name: "Generate invoice" }).click();
    await page.getByRole("alert").getByText("This order cannot be invoiced").waitFor();
    const noBilling = ofAcme(fx.ids.orders).find((o) => o.invoice === "missing_billing_details")!;
    h.expectFailures({ status: 422, path: /\/invoice$/ });
    await form.getByLabel("Order ID").fill(noBilling.id);
    await form.getByRole("button", { name: "Generate invoice" }).click();
    await page.getByRole("alert").getByText("Billing details missing").waitFor();
    await developer(false);
  });

  test("webhooks: the deleted discount and the generated invoice arrived, verified, in words; a new one appears live", async () => {
    const { page } = h;
    const eligible = ofAcme(fx.ids.orders)
      .filter(invoiceable)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const invoiced = eligible[eligible.length - 1]!;
    const discount = ofAcme(fx.ids.discounts)[0]!;
    const who = (order: { customer_id: string }) =>
      fx.ids.customers.find((c) => c.id === order.customer_id)!.name;
    const orderName = (order: (typeof eligible)[number]) =>
      `${order.product_name}, ${formatDate(order.created_at, "en-US")}`;

    await page.getByRole("link", { name: "Webhooks" }).click();
    const rows = rowsOf("Webhooks received");
    // Newest first: the invoice's order.updated, then the discount's discount.deleted.
    await expect
      .poll(() => rows.locator("td:first-child").allTextContents())
      .toEqual([
        `Order for ${who(invoiced)} updated, ${money(invoiced.amount, invoiced.currency)}: invoice generated`,
        `Discount ${discount.name} deleted`,
      ]);
    expect(await rows.first().getByRole("link").textContent()).toBe(orderName(invoiced));
    expect(await rows.locator("td:last-child").allTextContents()).toEqual(["Verified", "Verified"]);
    // The app's endpoint answered each delivery 2xx, as the sandbox's log says.
    const statuses = h.sandbox.webhooks.deliveries.map((d) => `${d.type} ${d.status}`);
    expect(statuses).toContain("discount.deleted 204");
    expect(statuses).toContain("order.updated 204");
    await checkScreen("13b-webhooks");

    // An invoice generated in another tab shows up here without a reload.
    const next = eligible[0]!;
    const tab = await page.context().newPage();
    try {
      await tab.goto("/org/orders");
      const row = tab
        .getByRole("table", { name: "Orders" })
        .locator("tbody tr")
        .filter({ has: tab.getByRole("link", { name: orderName(next), exact: true }) });
      await expect.poll(() => row.count()).toBe(1);
      await row.getByRole("button", { name: /^Generate/ }).click();
      // "Invoice requested", then the order's record read again says "Generated <date>".
      await row.getByText(/^(Invoice requested|Generated )/).waitFor();
    } finally {
      await tab.close();
    }
    await expect
      .poll(() => rows.first().locator("td:first-child").textContent())
      .toBe(`Order for ${who(next)} updated, ${money(next.amount, next.currency)}: invoice generated`);
    // The record it concerns opens it.
    await rows
      .first()
      .getByRole("link", { name: orderName(next) })
      .click();
    await page.waitForURL(new RegExp(`/org/orders/${next.id}$`));
    await page.getByRole("link", { name: "Orders", exact: true }).click();
  });

  test("an order made after the seed: on Invoices, the Webhooks screen links it, its page opens with who and how much", async () => {
    const { page } = h;
    // Made through the sandbox's HTTP route (POST /__sandbox/add/order), as a test script would.
    const buyer = ofAcme(fx.ids.customers).find((c) => c.name && !/Alice|Bob/.test(c.name))!;
    const product = ofAcme(fx.ids.products).find((p) => !p.is_archived)!;
    const order = await connectSandbox(h.url).add.order({
      customer: buyer.id,
      product: product.id,
      amount: 12_345,
      tax: 655,
    });
    const name = `${product.name}, ${formatDate(order.created_at, "en-US")}`;
    const amount = money(13_000, order.currency);

    // The Webhooks screen says it was paid, and links the order by name.
    await page.getByRole("link", { name: "Webhooks" }).click();
    const webhooks = rowsOf("Webhooks received");
    await expect
      .poll(() => webhooks.first().locator("td:first-child").textContent())
      .toBe(`Order for ${buyer.name} paid, ${amount}`);
    await webhooks.first().getByRole("link", { name }).click();
    await page.waitForURL(new RegExp(`/org/orders/${order.id}$`));
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    // Each fact is a <dt> and its <dd>: "Customer" then the name, "Amount" then the money.
    const facts = await page.getByRole("region", { name: "Order", exact: true }).textContent();
    expect(facts).toContain(`Customer${buyer.name}`);
    expect(facts).toContain(`Amount${amount} incl. ${money(655, order.currency)} tax`);
    await readsAsProduct("a new order's page");

    // Listed on Invoices, newest first, and on its customer's page.
    await page.getByRole("link", { name: "← All orders" }).click();
    await expect.poll(() => rowsOf("Orders").first().locator("td:first-child").textContent()).toBe(name);
    expect(await rowsOf("Orders").first().locator("td:nth-child(3)").textContent()).toBe(
      `${amount} incl. ${money(655, order.currency)} tax`,
    );
    await rowsOf("Orders").first().getByRole("link", { name: buyer.name! }).click();
    await page.getByRole("region", { name: "Orders" }).getByRole("link", { name }).waitFor();
    await page.goto("/org/orders");
    await rowsOf("Orders").first().waitFor();
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
    // The scopes the service names are for a developer: not said with the switch off.
    expect(await page.getByRole("alert").textContent()).not.toMatch(/scope|:read/);
  });

  test("the customer portal is its own shell: the merchant's name, only the customer's pages", async () => {
    const { page } = h;
    await page.goto("/org/events");
    await rowsOf("Events").first().waitFor();
    await chooseSession("Acme Software · customer session of Bob Smith");
    await page.waitForURL(/\/portal\/subscriptions$/);
    await page.getByRole("table", { name: "Subscriptions" }).waitFor();
    const brand = page.locator("header .brand");
    expect(await brand.textContent()).toContain("Acme Software");
    expect(await brand.textContent()).not.toContain("Commerce Portal");
    expect(await page.getByRole("navigation").getByRole("link").allTextContents()).toEqual([
      "Subscriptions",
      "Payment methods",
      "License keys",
      "Orders & receipts",
    ]);
    await expect.poll(() => page.title()).toBe("My subscriptions · Acme Software");

    // An organization address under a customer session: the guard offers organization tokens.
    await page.goto("/org/events");
    await page.getByText("This area needs an organization token").waitFor();
    const choices = page.locator(".empty .choice-list button");
    await expect
      .poll(() => choices.allTextContents())
      .toContain("Acme Software · organization access token, every scope");
    await checkScreen("14-wrong-area");
  });

  test("listCustomerSubscriptions: what comes next for each; filters in the address", async () => {
    const { page } = h;
    await page.goto("/portal/subscriptions");
    const rows = rowsOf("Subscriptions");
    const bob = customerNamed("Bob Smith");
    const listed = fx.ids.subscriptions.filter((s) => s.customer_id === bob.id && s.listed);
    await expect.poll(() => rows.count()).toBe(Math.min(listed.length, 10));
    await page.getByText(`Today in the sandbox is ${formatDate(fx.now, "en-US")}`).waitFor();
    // Past due: what to do about it, with a way there.
    const pastDue = rows.filter({ hasText: "Past due" });
    // The API cannot change a card: the row says where that is done, with no link that looks like it helps.
    expect(await pastDue.textContent()).toMatch(
      /The last payment failed\. Update your payment method in Acme Software's customer portal, hosted by the payment service/,
    );
    expect(await pastDue.getByRole("link").count()).toBe(0);
    // A renewal's price says tax comes on top (the charges include it).
    expect(await rows.locator("td:nth-child(2)").allTextContents()).toContainEqual(
      expect.stringMatching(/per (month|year) before tax$/),
    );
    // Trialing: when the trial ends and what follows.
    expect(await rows.filter({ hasText: "Trialing" }).textContent()).toMatch(
      /Trial ends \w{3} \d{1,2}, \d{4}, then \$\d+\.\d\d per (month|year)/,
    );
    await checkScreen("15-my-subscriptions");
    await page.getByLabel("Show").selectOption("true");
    await page.waitForURL(/active=true/);
    await expect
      .poll(async () => {
        const statuses = await rows.locator("td:nth-child(3)").allTextContents();
        return statuses.length > 0 && statuses.every((s) => s === "Active" || s === "Trialing");
      })
      .toBe(true);
    await page.goBack();
    await expect.poll(() => rows.count()).toBe(Math.min(listed.length, 10));

    // A receipt only where something was paid: Bob's void order offers none, his paid ones one each.
    await page.getByRole("link", { name: "Orders & receipts" }).click();
    const bobsOrders = fx.ids.orders.filter((o) => o.customer_id === bob.id);
    expect(bobsOrders.map((o) => o.status)).toContain("void");
    await expect.poll(() => rowsOf("Orders").count()).toBe(bobsOrders.length);
    for (const order of bobsOrders) {
      const unpaid = order.status === "void" || order.status === "draft";
      expect(await page.locator(`a[href="/portal/orders/${order.id}/receipt"]`).count(), order.status).toBe(
        unpaid ? 0 : 1,
      );
    }

    // A canceled plan has ended: it says so, with no period ending in the past.
    await chooseSession("Acme Software · customer session of Alice Johnson");
    await page.goto("/portal/subscriptions");
    const canceled = rows.filter({ hasText: "Canceled" });
    await expect.poll(() => canceled.textContent()).toMatch(/Ended \w{3} \d{1,2}, \d{4}/);
    expect(await canceled.textContent()).not.toMatch(/Renews|period ends/i);
  });

  test("listMyPaymentMethods: my saved cards", async () => {
    const { page } = h;
    await page.getByRole("navigation").getByRole("link", { name: "Payment methods" }).click();
    const alice = customerNamed("Alice Johnson");
    const table = page.getByRole("table", { name: "My payment methods" });
    await expect.poll(() => table.locator("tbody tr").count()).toBe(alice.payment_method_ids.length);
    await checkScreen("16-my-payment-methods", { axe: false });
  });

  test("getCustomerLicenseKey: my keys by product, one with its devices; an unknown key is a 404", async () => {
    const { page } = h;
    await page.getByRole("navigation").getByRole("link", { name: "License keys" }).click();
    const alice = customerNamed("Alice Johnson");
    const key = fx.ids.license_keys.find((k) => k.customer_id === alice.id && k.activation_ids.length > 1)!;
    const benefit = fx.ids.benefits.find((b) => b.id === key.benefit_id)!;
    const masked = `****-${key.key.slice(-6)}`;
    // Each key names what it unlocks, then the masked key.
    const link = page.getByRole("link", { name: `${benefit.description} ${masked}`, exact: true });
    await link.waitFor();
    await checkScreen("17-my-license-keys", { axe: false });
    await link.click();
    await page.waitForURL(new RegExp(`/portal/license-keys/${key.id}$`));
    // The key's page is named as the list names it, not just "License key".
    await page.getByRole("heading", { name: `${benefit.description} ${masked}`, level: 1 }).waitFor();
    // One device was deactivated by the organization above.
    await expect.poll(() => rowsOf("Activations").count()).toBe(key.activation_ids.length - 1);
    const value = page.locator(".secret-key-value");
    expect(await value.textContent()).toBe(masked);
    await page.getByRole("button", { name: "Reveal" }).click();
    expect(await value.textContent()).toBe(key.key);
    await page.getByRole("button", { name: "Hide" }).click();
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key.key);
    // Who holds it (API version 2026-10): the customer themself, no seat member.
    expect(await page.locator("dt:has-text('Held by') + dd").textContent()).toBe("You");
    await checkScreen("17-my-license-key");

    h.expectFailures({ status: 404, path: /\/v1\/customer-portal\/license-keys\// });
    await page.goto("/portal/license-keys/00000000-0000-4000-8000-000000000000");
    await page.getByRole("alert").getByText("Not found", { exact: true }).waitFor();
  });

  test("getOrderReceipt: 'being generated', then the link", async () => {
    const { page } = h;
    await page.getByRole("link", { name: "Orders & receipts" }).click();
    const alice = customerNamed("Alice Johnson");
    const pending = fx.ids.orders.find((o) => o.customer_id === alice.id && o.receipt === "pending")!;
    const orderRows = rowsOf("Orders");
    await expect
      .poll(() => orderRows.count())
      .toBe(fx.ids.orders.filter((o) => o.customer_id === alice.id).length);
    const row = orderRows.filter({ has: page.locator(`a[href="/portal/orders/${pending.id}/receipt"]`) });
    expect(await row.textContent()).toContain(pending.product_name);
    expect(await row.textContent()).toMatch(/\$\d+\.\d\d/);
    const mine = fx.ids.orders.filter((o) => o.customer_id === alice.id);
    await checkScreen("18-my-orders", { axe: false });
    await page.locator(`a[href="/portal/orders/${pending.id}/receipt"]`).click();
    await page.getByText("The receipt is being generated").waitFor();
    await page.getByText(pending.product_name, { exact: true }).waitFor();
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

    // A refunded order's receipt page says what was refunded.
    const refunded = mine.find((o) => o.status === "partially_refunded" || o.status === "refunded")!;
    await page.goto(`/portal/orders/${refunded.id}/receipt`);
    await page.getByText(/of this order was refunded/).waitFor();
  });

  test("reset brings the deleted records back; deep links and unknown pages work", async () => {
    const { page } = h;
    await chooseSession("Acme Software · organization access token, every scope");
    await page.waitForURL(/\/org\/events$/);
    await rowsOf("Events").first().waitFor();
    await page.goto("/org/discounts");
    const rows = page.getByRole("list", { name: "Discounts" }).locator("li");
    await expect.poll(() => rows.count()).toBe(ofAcme(fx.ids.discounts).length - 1);
    await page.getByRole("button", { name: "Reset sandbox" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Reset data" }).click();
    await expect.poll(() => rows.count()).toBe(ofAcme(fx.ids.discounts).length);
    // Said to everyone, not only to screen readers.
    await expect.poll(() => page.getByText("Sandbox reset: the seed data is back.").isVisible()).toBe(true);
    // The Webhooks screen starts again with the sandbox: the events from before the reset are gone.
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.getByRole("status").filter({ hasText: "No webhooks yet" }).waitFor();

    await page.goto("/no/such/screen");
    await page.getByText("Page not found").waitFor();
    await h.screenshot("20-not-found");

    // Keyboard first: the first Tab reaches "Skip to content", which moves focus to the screen.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  test("on a phone, as a German reader of the EUR organization: who you are in view, events compact, folded filters, euros and dates the German way", async () => {
    const phone = await h.openPage({ width: 390, height: 844, locale: "de-DE" });
    try {
      await phone.goto("/");
      await phone.waitForURL(/\/org\/events$/);
      const events = phone.getByRole("table", { name: "Events" });
      await expect.poll(() => events.locator("tbody tr").count()).toBe(20);
      const heading = await phone.getByRole("heading", { name: "Events", level: 1 }).boundingBox();
      expect(heading!.y).toBeLessThan(844 * 0.2);
      // Folded: the fields are not rendered (checkVisibility knows a closed <details>).
      expect(await phone.getByLabel("Event name").evaluate((input) => input.checkVisibility())).toBe(false);
      const firstRow = await events.locator("tbody tr").first().boundingBox();
      expect(firstRow!.y).toBeLessThan(844 * 0.5);
      // Twenty events make a list you can scroll through, not 5,000 px of label rows.
      const height = await phone.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(2400);
      await readsAsProduct("the phone's events", phone);
      await fitsPhone("the phone's events", phone);
      await h.screenshot("21-phone-events", phone);

      // Filters open on demand and say how many apply.
      await phone.getByText("Filters", { exact: true }).click();
      await phone.getByLabel("Event name").fill("order.paid");
      await phone.getByLabel("Event name").press("Enter");
      await phone.waitForURL(/name=order.paid/);
      await phone.getByText("Filters (1 applied)").waitFor();

      // Globex bills in euros: a German reader sees 29,00 € and German dates; a refund is a few lines.
      await chooseSession("Globex Labs · organization access token, every scope", phone);
      await phone.goto("/org/refunds");
      const refunds = phone.getByRole("table", { name: "Refunds" });
      await refunds.locator("tbody tr").first().waitFor();
      const amounts = await refunds.locator("tbody tr td:nth-child(1)").allTextContents();
      for (const amount of amounts) expect(amount.replace(/\s/g, " ")).toMatch(/^\d{1,3}(\.\d{3})*,\d\d €$/);
      const created = refunds.locator("tbody tr td:nth-child(7)").first();
      // The interface is English: dates in German order, in digits, not "März" in an English sentence.
      expect(await created.textContent()).toMatch(/^\d\d\.\d\d\.20\d\d$/);
      // …and the row says which date it is.
      expect(await created.evaluate((td) => getComputedStyle(td, "::before").content)).toContain(
        "Refunded on",
      );
      expect(await phone.evaluate(() => document.documentElement.lang)).toBe("en");
      expect(await phone.locator("main").textContent()).not.toMatch(
        /\b(Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)\.? 20\d\d/,
      );
      const refundHeight = await refunds
        .locator("tbody tr")
        .first()
        .evaluate((row) => row.getBoundingClientRect().height);
      expect(refundHeight).toBeLessThan(110);
      await fitsPhone("the phone's refunds", phone);
      await h.screenshot("22-phone-refunds-globex", phone);

      // A customer on a phone: the person's name in the chip, the merchant's portal.
      await chooseSession("Globex Labs · customer session of Greta Müller", phone);
      await phone.waitForURL(/\/portal\/subscriptions$/);
      await phone.getByRole("table", { name: "Subscriptions" }).waitFor();
      expect(await phone.locator(".session-menu-short").textContent()).toBe("Greta Müller");
      // …and whose portal it is: the merchant's name stays in view (the strip of links says it).
      const merchant = phone.getByRole("navigation", { name: "Screens" }).getByText("Globex Labs");
      expect(
        await merchant.evaluate((name) => name.checkVisibility() && name.getBoundingClientRect().width > 40),
      ).toBe(true);
      // A customer sees their portal, not the sample app's tools.
      expect(await phone.getByRole("checkbox", { name: "Developer" }).isVisible()).toBe(false);
      expect(await phone.getByRole("button", { name: /^Reset/ }).isVisible()).toBe(false);
      expect(await phone.locator("main").textContent()).not.toMatch(
        /\b(Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)\.? 20\d\d/,
      );
      await readsAsProduct("the phone's subscriptions", phone);
      await fitsPhone("the phone's subscriptions", phone);
      await h.screenshot("23-phone-subscriptions", phone);
      expect(await h.axe({ whole: true, on: phone }), "axe on the phone").toEqual([]);
    } finally {
      await phone.context().close();
    }
  });
});
