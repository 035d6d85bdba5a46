// @vitest-environment happy-dom
/**
 * The Webhooks screen (src/screens/org/WebhooksPage.tsx) over what the app's endpoint kept
 * (`GET /api/webhooks/received`, answered here by the test): each organization sees its own,
 * each arrival in words with its record linked, when, and whether its signature verified.
 */
import { createSandbox } from "@commerce-api/sandbox";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { ReceivedWebhook } from "../src/lib/webhook-words.js";
import { WebhooksPage } from "../src/screens/org/WebhooksPage.js";
import { PortalProvider } from "../src/session/PortalContext.js";

configure({ asyncUtilTimeout: 60_000 });

const sandbox = createSandbox();
const acme = sandbox.fixtures.ids.organizations.find((o) => o.name === "Acme Software")!;
const globex = sandbox.fixtures.ids.organizations.find((o) => o.id !== acme.id)!;

/** What GET /api/webhooks/received answers in each test. */
let answer: () => Response;

beforeEach(() => {
  sessionStorage.setItem(
    "commerce-portal.session",
    JSON.stringify({
      token: "polar_oat_acme_all",
      area: "organization",
      label: "all",
      organizationId: acme.id,
    }),
  );
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://portal.test");
    if (url.pathname === "/api/webhooks/received") return answer();
    return sandbox.fetch(new Request(url, init));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function showWebhooks() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={["/org/webhooks"]}>
      <QueryClientProvider client={queryClient}>
        <PortalProvider config={{ mode: "sandbox", apiBaseUrl: "http://portal.test" }}>
          <WebhooksPage />
        </PortalProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

const verified = (type: string, data: unknown, timestamp: string): ReceivedWebhook => ({
  webhookId: `msg_${type}`,
  receivedAt: "2026-04-20T09:00:00Z",
  verified: true,
  type,
  timestamp,
  data,
});

describe("the Webhooks screen", () => {
  test("this organization's arrivals and the refused ones, in words, linked, with when and whether verified", async () => {
    const received: ReceivedWebhook[] = [
      verified(
        "discount.updated",
        { name: "Launch week", code: "LAUNCH", organization_id: acme.id },
        "2026-04-18T10:00:00Z",
      ),
      verified(
        "customer.updated",
        { id: "cus_g", name: "Globex's customer", organization_id: globex.id },
        "2026-04-18T11:00:00Z",
      ),
      {
        webhookId: "msg_forged",
        receivedAt: "2026-04-19T08:30:00Z",
        verified: false,
        type: "order.paid",
        reason: "bad_signature",
      },
    ];
    answer = () => json({ receiving: true, endpoint: "/api/webhooks", received });
    showWebhooks();
    const table = await screen.findByRole("table", { name: "Webhooks received" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]!.textContent)).toEqual([
      "Discount Launch week (LAUNCH) updated",
      "A delivery was refused: not signed with this endpoint's secret (it claimed to be order.paid)",
    ]);
    const [discount, forged] = rows.map((row) => within(row).getAllByRole("cell"));
    expect(
      within(discount![1]!).getByRole("link", { name: "Launch week (LAUNCH)" }).getAttribute("href"),
    ).toBe("/org/discounts");
    // When it happened (the event's own time); a refused one has only when it arrived.
    expect(discount![2]!.textContent).toBe(when("2026-04-18T10:00:00Z"));
    expect(discount![3]!.textContent).toBe("Verified");
    expect(forged![1]!.textContent).toBe("Nothing named");
    expect(forged![2]!.textContent).toBe(when("2026-04-19T08:30:00Z"));
    expect(forged![3]!.textContent).toBe("Not verified");
    expect(screen.queryByText(/Globex's customer/)).toBeNull();
  });

  test("with none yet, it says how to see one", async () => {
    answer = () => json({ receiving: true, endpoint: "/api/webhooks", received: [] });
    showWebhooks();
    expect(await screen.findByText("No webhooks yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "delete a discount" }).getAttribute("href")).toBe(
      "/org/discounts",
    );
    expect(screen.getByText(/Change something and the sandbox sends its event here/)).toBeTruthy();
  });

  test("a server that receives none (no secret, or no endpoint at all) says what to set", async () => {
    answer = () => json({ receiving: false, endpoint: "/api/webhooks", received: [] });
    showWebhooks();
    expect(await screen.findByText("This app receives no webhooks here")).toBeTruthy();
    cleanup();
    answer = () => new Response("Not found", { status: 404 });
    showWebhooks();
    expect(await screen.findByText("This app receives no webhooks here")).toBeTruthy();
  });

  test("a list it cannot read says so, and Try again reads it again", async () => {
    answer = () => new Response("down", { status: 500 });
    showWebhooks();
    expect(await screen.findByText("The webhooks received could not be read (500).")).toBeTruthy();
    answer = () => json({ receiving: true, endpoint: "/api/webhooks", received: [] });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No webhooks yet")).toBeTruthy();
  });
});
