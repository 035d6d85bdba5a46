// @vitest-environment happy-dom
/**
 * The list screens read their filters from the address and ask the API for exactly those:
 * each screen rendered at a filtered address (happy-dom, the sandbox in process) lists what
 * the API itself answers for the same filters, asked directly.
 */
import { createSandbox } from "@commerce-api/sandbox";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import { formatMoney } from "../src/lib/format.js";
import { PaymentMethodsPage } from "../src/screens/org/PaymentMethodsPage.js";
import { ProductsPage } from "../src/screens/org/ProductsPage.js";
import { RefundsPage } from "../src/screens/org/RefundsPage.js";
import { MySubscriptionsPage } from "../src/screens/portal/MySubscriptionsPage.js";
import { PortalProvider } from "../src/session/PortalContext.js";

configure({ asyncUtilTimeout: 60_000 });

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z") });
const acme = sandbox.fixtures.ids.organizations.find((o) => o.name === "Acme Software")!;
const alice = sandbox.fixtures.tokens.find((t) => t.token === "polar_cst_acme_alice")!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** Renders `page` at `address` under `token`, the sandbox answering every request. */
function show(page: ReactNode, address: string, session: object) {
  sessionStorage.setItem("commerce-portal.session", JSON.stringify(session));
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    sandbox.fetch(
      input instanceof Request ? input : new Request(new URL(String(input), "http://portal.test"), init),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[address]}>
      <QueryClientProvider client={queryClient}>
        <PortalProvider config={{ mode: "sandbox", apiBaseUrl: "http://portal.test" }}>{page}</PortalProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** What the API answers for `path` under `token`, asked directly. */
async function api<T>(path: string, token: string): Promise<T[]> {
  const response = await sandbox.fetch(
    new Request(`http://portal.test${path}`, { headers: { authorization: `Bearer ${token}` } }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: T[] }).items;
}

/** The first cell's main text, row by row, once the table named `label` is there. */
async function firstCells(label: string) {
  const table = await screen.findByRole("table", { name: label });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => {
      const cell = within(row).getAllByRole("cell")[0]!;
      return (cell.querySelector(".cell-main") ?? cell).textContent!.trim();
    });
}

const org = { token: "polar_oat_acme_all", area: "organization", label: "all", organizationId: acme.id };

describe("a list screen asks the API for what its address says", () => {
  test("products: billing, archived and visibility filters, the search and the sort", async () => {
    show(<ProductsPage />, "/org/products?is_recurring=true&sorting=name", org);
    const expected = await api<{ name: string }>(
      "/v1/products/?is_recurring=true&is_archived=false&sorting=name&limit=10",
      org.token,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(await firstCells("Products")).toEqual(expected.map((p) => p.name));
    cleanup();
    show(
      <ProductsPage />,
      "/org/products?is_recurring=false&is_archived=&visibility=public&sorting=-name",
      org,
    );
    const oneTime = await api<{ name: string; is_archived: boolean }>(
      "/v1/products/?is_recurring=false&visibility=public&sorting=-name&limit=10",
      org.token,
    );
    expect(await firstCells("Products")).toEqual(
      oneTime.map((p) => (p.is_archived ? `${p.name} Archived` : p.name)),
    );
    cleanup();
    const [first] = expected;
    show(<ProductsPage />, `/org/products?query=${encodeURIComponent(` ${first!.name} `)}`, org);
    const found = await api<{ name: string }>(
      `/v1/products/?query=${encodeURIComponent(first!.name)}&is_archived=false&limit=10`,
      org.token,
    );
    expect(await firstCells("Products")).toEqual(found.map((p) => p.name));
  });

  test("refunds: the outcome filter and the sort", async () => {
    show(<RefundsPage />, "/org/refunds?succeeded=true&sorting=-amount", org);
    const expected = await api<{ amount: number; currency: string }>(
      "/v1/refunds/?succeeded=true&sorting=-amount&limit=10",
      org.token,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await firstCells("Refunds")).toEqual(expected.map((r) => formatMoney(r.amount, r.currency)));
  });

  test("my subscriptions: active or not, and the sort", async () => {
    const session = {
      token: alice.token,
      area: "customer",
      label: "Alice",
      organizationId: acme.id,
      customerId: alice.customer_id,
    };
    show(<MySubscriptionsPage />, "/portal/subscriptions?active=false&sorting=started_at", session);
    const expected = await api<{ product: { name: string } }>(
      "/v1/customer-portal/subscriptions/?active=false&sorting=started_at&limit=10",
      alice.token,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await firstCells("Subscriptions")).toEqual(expected.map((s) => s.product.name));
  });

  test("payment methods: the customer in the address, asked for first, refused when not an ID", async () => {
    show(<PaymentMethodsPage />, "/org/payment-methods", org);
    await screen.findByText("Choose a customer to see their cards");

    cleanup();
    show(<PaymentMethodsPage />, "/org/payment-methods?customer=not-an-id", org);
    expect((await screen.findByRole("alert")).textContent).toMatch(/filters in this address are not valid/);
    expect(screen.queryByRole("table")).toBeNull();

    cleanup();
    const customerId = alice.customer_id!;
    show(<PaymentMethodsPage />, `/org/payment-methods?customer=${customerId}`, org);
    const expected = await api<{ id: string }>(
      `/v1/customers/${customerId}/payment-methods?limit=10`,
      org.token,
    );
    expect(expected.length).toBeGreaterThan(0);
    const table = await screen.findByRole("table", { name: "Customer payment methods" });
    expect(within(table).getAllByRole("row").slice(1)).toHaveLength(expected.length);
  });
});
