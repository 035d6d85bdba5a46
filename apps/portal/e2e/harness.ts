/**
 * The browser side of the e2e walk: the built app and a fresh sandbox on an ephemeral port
 * (the same server `pnpm serve` runs for the built app), Chromium through playwright-core, and a page that
 * fails the test on any console error or failed request it was not told to expect.
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { createSandbox } from "@commerce-api/sandbox";
import { type Browser, chromium, type Page, type Response } from "playwright-core";
import { chromiumLaunchOptions, chromiumPath, testLimits } from "../../../vitest.shared";
import { startPortalServer } from "../server/serve.mjs";

export { chromiumPath };
export const hasChromium = existsSync(chromiumPath);
export const appDir = join(import.meta.dirname, "..");
/**
 * Screenshots are for people reviewing the screens, not for the assertions: taken only when
 * asked for (`PORTAL_SCREENSHOTS=1` → .tmp/screenshots/, or a directory), so `npm test` skips their cost.
 */
export const screenshotDir = screenshotsWanted(process.env.PORTAL_SCREENSHOTS);

function screenshotsWanted(setting: string | undefined): string | undefined {
  if (!setting || setting === "0") return undefined;
  return setting === "1" ? join(appDir, ".tmp", "screenshots") : setting;
}

/** A failed response the current step provoked on purpose, e.g. `{ status: 404, path: /license-keys/ }`. */
export interface ExpectedFailure {
  status: number;
  path: RegExp;
}

export interface Harness {
  url: string;
  page: Page;
  sandbox: ReturnType<typeof createSandbox>;
  /** Problems seen since the last check that no step expected. */
  unexpected: string[];
  expectFailures(...failures: ExpectedFailure[]): void;
  /** Every failed API request seen so far, in order (method, path, status). */
  failures: string[];
  /** API requests made since the last call (method + path), to prove a form sent nothing. */
  takeRequests(): string[];
  /**
   * Saves the current page as <name>.png and, narrowed to a phone's width, <name>-390.png
   * (or `other` as it is, alone), when screenshots are asked for.
   */
  screenshot(name: string, other?: Page): Promise<void>;
  /**
   * A second page in the same browser (a new context: its own storage, size and locale),
   * watched like the first: a phone, or a reader in another country.
   */
  openPage(options: { width: number; height: number; locale?: string }): Promise<Page>;
  /** Serious or critical axe violations: of the screen's content, or `whole` page; of `on` (default: the main page). */
  axe(options?: { whole?: boolean; on?: Page }): Promise<string[]>;
  /** Time spent in axe so far. */
  readonly axeMs: number;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  // PORTAL_DIST: another build to walk (e.g. an older one, to see a new check fail against it).
  const distDir = process.env.PORTAL_DIST ?? join(appDir, "dist");
  if (!existsSync(join(distDir, "index.html"))) {
    throw new Error("apps/portal/dist is missing: run `pnpm --filter @commerce-api/portal build` first.");
  }
  // The sandbox sends its webhooks to the app's endpoint, as `pnpm serve`'s does.
  let made: ReturnType<typeof createSandbox> | undefined;
  const server = await startPortalServer({
    distDir,
    port: 0,
    makeSandbox: (endpoint) => {
      made = createSandbox({ webhooks: [endpoint] });
      return made;
    },
  });
  const sandbox = made!;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(chromiumLaunchOptions);
  } catch (error) {
    await server.close();
    throw error;
  }
  const openBrowser = browser;
  const newPage = async (options: { width: number; height: number; locale?: string }) => {
    const context = await openBrowser.newContext({
      viewport: { width: options.width, height: options.height },
      baseURL: server.url,
      locale: options.locale ?? "en-US",
      // The license key screen copies a key; headless Chromium asks for the permission.
      permissions: ["clipboard-read", "clipboard-write"],
    });
    // Fake timers that still flow with real time: a step can jump ahead (page.clock.fastForward)
    // instead of waiting for an interval, e.g. the receipt's 2 s polling.
    await context.clock.install();
    const opened = await context.newPage();
    // A wait ends a step that hangs, never judges speed: as long as the walk's expect.poll
    // (the shared limits), not Playwright's 30 s, which a loaded machine can reach.
    opened.setDefaultTimeout(testLimits.expect.poll.timeout);
    watch(opened);
    return opened;
  };
  if (screenshotDir) await mkdir(screenshotDir, { recursive: true });

  const unexpected: string[] = [];
  const failures: string[] = [];
  let expected: ExpectedFailure[] = [];
  let requests: string[] = [];
  let axeMs = 0;
  /** Statuses of expected failures, to recognise Chromium's console line about each of them. */
  const excusedStatuses: number[] = [];

  function watch(target: Page) {
    target.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/v1/")) requests.push(`${request.method()} ${url.pathname}`);
    });
    target.on("response", (response: Response) => {
      if (response.status() < 400) return;
      const url = new URL(response.url());
      const line = `${response.request().method()} ${url.pathname} → ${response.status()}`;
      failures.push(line);
      const index = expected.findIndex((e) => e.status === response.status() && e.path.test(url.pathname));
      if (index === -1) {
        unexpected.push(`unexpected response: ${line}`);
        return;
      }
      expected.splice(index, 1);
      excusedStatuses.push(response.status());
    });
    target.on("requestfailed", (request) => {
      // Leaving a page cancels its requests in flight; that is the browser's doing, not a failure.
      if (request.failure()?.errorText === "net::ERR_ABORTED") return;
      unexpected.push(
        `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`,
      );
    });
    target.on("pageerror", (error) => unexpected.push(`page error: ${error.message}`));
    target.on("console", (message) => {
      if (message.type() !== "error") return;
      // Chromium logs every failed response once; an expected one is not a problem.
      const status = /status of (\d{3})/.exec(message.text())?.[1];
      const at = status ? excusedStatuses.indexOf(Number(status)) : -1;
      if (at !== -1) {
        excusedStatuses.splice(at, 1);
        return;
      }
      unexpected.push(`console error: ${message.text()}`);
    });
  }
  const page = await newPage({ width: 1280, height: 860 });

  return {
    url: server.url,
    page,
    sandbox,
    unexpected,
    failures,
    expectFailures(...next) {
      expected = [...expected, ...next];
    },
    takeRequests() {
      const taken = requests;
      requests = [];
      return taken;
    },
    async screenshot(name, other) {
      if (!screenshotDir) return;
      await (other ?? page).screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
      if (other) return;
      // The same screen on a phone: the layout follows the width (CSS and matchMedia), the state stays.
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      await page.screenshot({ path: join(screenshotDir, `${name}-390.png`), fullPage: true });
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    },
    openPage: newPage,
    async axe({ whole = false, on = page } = {}) {
      const started = Date.now();
      const builder = new AxeBuilder({ page: on })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        // Only violations are read: axe then skips collecting the nodes of every pass, which is most of its time.
        .options({ resultTypes: ["violations"] })
        // axe.run in the page itself. The default (axe.runPartial per frame) opens a blank page
        // for each run to merge the frames' results: half of axe's time here, and the app has
        // no frames to merge.
        .setLegacyMode(true);
      // The header and the navigation are the same on every screen: checked whole once, then
      // each screen's content (its dialogs are inside it), which is what differs.
      const results = await (whole ? builder : builder.include("#main")).analyze();
      axeMs += Date.now() - started;
      return results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
    },
    get axeMs() {
      return axeMs;
    },
    async close() {
      await browser?.close();
      await server.close();
    },
  };
}
