// @vitest-environment happy-dom
/**
 * The hooks the screens stand on, rendered against the sandbox in process (React Testing
 * Library in happy-dom; `fetch` answered by the sandbox): the session and its storage, the
 * sandbox's records and the names they give, a key's owner view, the developer switch.
 */
import { createSandbox } from "@commerce-api/sandbox";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { loadConfig, type PortalConfig } from "../src/config.js";
import { useNames } from "../src/data/useNames.js";
import { useOwnerView } from "../src/data/useOwnerView.js";
import { useSandboxRecords } from "../src/data/useSandboxRecords.js";
import { useFirstVisitSession } from "../src/session/AreaGuard.js";
import { PortalProvider, usePortal } from "../src/session/PortalContext.js";
import { loadSession } from "../src/session/session.js";
import { useSwitchSession } from "../src/session/useSwitchSession.js";
import { DeveloperProvider, DeveloperToggle, DevOnly, useDeveloperMode } from "../src/ui/DeveloperMode.js";

configure({ asyncUtilTimeout: 60_000 });

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z") });
const { fixtures } = sandbox;
const sandboxConfig: PortalConfig = { mode: "sandbox", apiBaseUrl: "http://sandbox.test" };
const serviceConfig: PortalConfig = {
  mode: "service",
  apiBaseUrl: "http://service.test",
  token: "polar_oat_env",
};

/** Every request the app made (method and path); `failing` paths answer 500. */
let requests: string[] = [];
let failing = new Set<string>();

beforeEach(() => {
  requests = [];
  failing = new Set();
  sessionStorage.clear();
  localStorage.clear();
  sandbox.reset();
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(
      new URL(input instanceof Request ? input.url : String(input), "http://sandbox.test"),
      init ?? (input instanceof Request ? input : undefined),
    );
    const path = new URL(request.url).pathname;
    requests.push(`${request.method} ${path}`);
    if (failing.has(path)) return new Response("down", { status: 500 });
    return sandbox.fetch(request);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Providers(props: {
  config: PortalConfig;
  address: string;
  queryClient: QueryClient;
  children?: ReactNode;
}) {
  return (
    <MemoryRouter initialEntries={[props.address]}>
      <QueryClientProvider client={props.queryClient}>
        <PortalProvider config={props.config}>{props.children}</PortalProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/** The app's providers around a hook: the address, a fresh query cache, the portal's state. */
function wrapper(config: PortalConfig, address = "/") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    queryClient,
    wrapper: ({ children }: { children?: ReactNode }) => (
      <Providers config={config} address={address} queryClient={queryClient}>
        {children}
      </Providers>
    ),
  };
}

const acme = fixtures.ids.organizations.find((o) => o.name === "Acme Software")!;
const alice = fixtures.tokens.find((t) => t.token === "polar_cst_acme_alice")!;
const acmeSession = {
  token: "polar_oat_acme_all",
  area: "organization",
  label: "all",
  organizationId: acme.id,
} as const;

describe("the session", () => {
  test("a first visit to the sandbox has none yet; the environment's token is the session in service mode", () => {
    const first = renderHook(() => usePortal(), wrapper(sandboxConfig));
    expect(first.result.current.session).toBeUndefined();
    expect(first.result.current.firstVisit).toBe(true);
    act(() => first.result.current.landed());
    expect(first.result.current.firstVisit).toBe(false);
    const service = renderHook(() => usePortal(), wrapper(serviceConfig));
    expect(service.result.current.session).toEqual({
      token: "polar_oat_env",
      area: "organization",
      label: "Token from the environment",
    });
    expect(service.result.current.firstVisit).toBe(false);
    expect(service.result.current.fixtures).toBeUndefined();
  });

  test("a session chosen is kept for the tab, wins over the environment's, and drops what the last one read", async () => {
    const { queryClient, wrapper: Wrapper } = wrapper(serviceConfig);
    queryClient.setQueryData(["commerce-api", "listProducts"], ["Acme's products"]);
    queryClient.setQueryData(["sandbox", "fixtures"], "kept");
    const { result } = renderHook(() => usePortal(), { wrapper: Wrapper });
    act(() => result.current.choose(acmeSession));
    expect(result.current.session).toEqual(acmeSession);
    expect(loadSession()).toEqual(acmeSession);
    expect(queryClient.getQueryData(["commerce-api", "listProducts"])).toBeUndefined();
    expect(queryClient.getQueryData(["sandbox", "fixtures"])).toBe("kept");
    const reopened = renderHook(() => usePortal(), wrapper(serviceConfig));
    expect(reopened.result.current.session).toEqual(acmeSession);
    const sandboxTab = renderHook(() => usePortal(), wrapper(sandboxConfig));
    expect(sandboxTab.result.current.firstVisit).toBe(false);
    act(() => result.current.choose(undefined));
    expect(loadSession()).toBeUndefined();
  });

  test("the sandbox's fixtures are read once, in sandbox mode only", async () => {
    const { result } = renderHook(() => usePortal(), wrapper(sandboxConfig));
    await waitFor(() => expect(result.current.fixtures?.data?.tokens.length).toBe(fixtures.tokens.length));
    renderHook(() => usePortal(), wrapper(serviceConfig));
    expect(requests.filter((r) => r === "GET /__sandbox/fixtures")).toHaveLength(1);
  });

  test("reset: the sandbox's data back to the seed, and a failed reset says so", async () => {
    const { result } = renderHook(() => usePortal(), wrapper(sandboxConfig));
    const discount = fixtures.ids.discounts[0]!;
    await sandbox.fetch(
      new Request(`http://sandbox.test/v1/discounts/${discount.id}`, {
        method: "DELETE",
        headers: { authorization: "Bearer polar_oat_acme_all" },
      }),
    );
    expect(sandbox.state.discounts.some((d) => d.id === discount.id)).toBe(false);
    await act(() => result.current.resetSandbox());
    expect(sandbox.state.discounts.some((d) => d.id === discount.id)).toBe(true);
    failing.add("/__sandbox/reset");
    await expect(result.current.resetSandbox()).rejects.toThrow("The sandbox did not reset (500).");
  });

  test("outside its provider, a screen is told where it belongs", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => usePortal())).toThrow("usePortal: render inside <PortalProvider>");
  });
});

describe("opening an area", () => {
  test("a first visit opens each area with its default session: the first organization's full token, the first customer", async () => {
    const org = renderHook(
      () => {
        useFirstVisitSession("organization");
        return usePortal();
      },
      wrapper(sandboxConfig, "/org/events"),
    );
    await waitFor(() => expect(org.result.current.session?.token).toBe("polar_oat_acme_all"));
    expect(org.result.current.session).toMatchObject({ area: "organization", organizationId: acme.id });
    sessionStorage.clear();
    const customer = renderHook(
      () => {
        useFirstVisitSession("customer");
        return usePortal();
      },
      wrapper(sandboxConfig, "/portal/orders"),
    );
    await waitFor(() => expect(customer.result.current.session?.token).toBe("polar_cst_acme_alice"));
    expect(customer.result.current.session?.customerId).toBe(alice.customer_id);
  });

  test("a session already chosen, or the service, is left as it is", async () => {
    sessionStorage.setItem("commerce-portal.session", JSON.stringify(acmeSession));
    const chosen = renderHook(
      () => {
        useFirstVisitSession("customer");
        return usePortal();
      },
      wrapper(sandboxConfig, "/portal/orders"),
    );
    await waitFor(() => expect(chosen.result.current.fixtures?.isSuccess).toBe(true));
    expect(chosen.result.current.session).toEqual(acmeSession);
    sessionStorage.clear();
    const service = renderHook(
      () => {
        useFirstVisitSession("organization");
        return usePortal();
      },
      wrapper({ mode: "service", apiBaseUrl: "http://service.test" }, "/org/events"),
    );
    expect(service.result.current.session).toBeUndefined();
  });

  test("choosing a session of the other kind opens its area; of the same kind, or from the start page, stays", () => {
    const customerSession = { token: alice.token, area: "customer", label: "Alice" } as const;
    const onEvents = renderHook(
      () => ({ switchTo: useSwitchSession(), location: useLocation(), portal: usePortal() }),
      wrapper(sandboxConfig, "/org/events?source=user"),
    );
    act(() => onEvents.result.current.switchTo(acmeSession));
    expect(onEvents.result.current.location.pathname).toBe("/org/events");
    act(() => onEvents.result.current.switchTo(customerSession));
    expect(onEvents.result.current.location.pathname).toBe("/portal/subscriptions");
    expect(onEvents.result.current.portal.session).toEqual(customerSession);
    act(() => onEvents.result.current.switchTo(acmeSession));
    expect(onEvents.result.current.location.pathname).toBe("/org/events");
    const home = renderHook(
      () => ({ switchTo: useSwitchSession(), location: useLocation() }),
      wrapper(sandboxConfig, "/"),
    );
    act(() => home.result.current.switchTo(customerSession));
    expect(home.result.current.location.pathname).toBe("/");
  });
});

describe("the sandbox's records and the names they give", () => {
  test("names customers, products, benefits, meters and orders (by product and date)", async () => {
    const { result } = renderHook(() => useNames(), wrapper(sandboxConfig));
    const order = sandbox.state.orders[0]!;
    const product = sandbox.state.products.find((p) => p.id === order.product_id)!;
    const customer = sandbox.state.customers.find((c) => c.name)!;
    const benefit = sandbox.state.benefits[0]!;
    const meter = sandbox.state.meters[0]!;
    expect(result.current.customer(customer.id)).toBeUndefined();
    await waitFor(() => expect(result.current.customer(customer.id)).toBe(customer.name));
    await waitFor(() => expect(result.current.order(order.id)).toMatch(new RegExp(`^${product.name}, `)));
    expect(result.current.order(order.id)).toBe(
      `${product.name}, ${new Date(order.created_at).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" })}`,
    );
    expect(result.current.product(product.id)).toBe(product.name);
    await waitFor(() => expect(result.current.benefit(benefit.id)).toBe(benefit.description));
    await waitFor(() => expect(result.current.meter(meter.id)).toBe(meter.name));
    expect(result.current.customer("cus_unknown")).toBeUndefined();
  });

  test("against the service nothing is read and nothing is named", async () => {
    const { result } = renderHook(
      () => ({ names: useNames(), records: useSandboxRecords() }),
      wrapper(serviceConfig),
    );
    expect(result.current.records).toMatchObject({ sandbox: false, ready: false, orders: [], customers: [] });
    expect(result.current.names.customer(fixtures.ids.customers[0]!.id)).toBeUndefined();
    expect(requests.filter((r) => r.includes("/__sandbox/"))).toEqual([]);
  });

  test("the session's organization's records, and the signed-in customer's own", async () => {
    sessionStorage.setItem(
      "commerce-portal.session",
      JSON.stringify({
        token: alice.token,
        area: "customer",
        label: "Alice",
        organizationId: acme.id,
        customerId: alice.customer_id,
      }),
    );
    const { result } = renderHook(() => useSandboxRecords(), wrapper(sandboxConfig));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.sandbox).toBe(true);
    expect(result.current.error).toBeNull();
    const orders = result.current.inOrganization(result.current.orders);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.length).toBeLessThan(result.current.orders.length);
    expect(orders.every((o) => o.organization_id === acme.id)).toBe(true);
    const own = result.current.ofCustomer(result.current.orders);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((o) => o.customer_id === alice.customer_id)).toBe(true);
    expect(own.length).toBe(sandbox.state.orders.filter((o) => o.customer_id === alice.customer_id).length);
    // Orders carry their product's name; keys whether they expired by the sandbox's clock.
    const seeded = fixtures.ids.orders.find((o) => o.id === own[0]!.id)!;
    expect(own[0]!.product_name).toBe(seeded.product_name);
    expect(result.current.licenseKeys.map((k) => [k.id, k.expired])).toEqual(
      fixtures.ids.license_keys.map((k) => [k.id, k.expired]),
    );
  });

  test("a table that cannot be read is the error, and retry reads again what failed", async () => {
    failing.add("/__sandbox/state/licenseKeys");
    const { result } = renderHook(() => useSandboxRecords(), wrapper(sandboxConfig));
    await waitFor(() =>
      expect(result.current.error?.message).toBe("The sandbox's licenseKeys could not be read (500)."),
    );
    expect(result.current.ready).toBe(false);
    failing.clear();
    const before = requests.filter((r) => r.endsWith("/licenseKeys")).length;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.error).toBeNull();
    expect(requests.filter((r) => r.endsWith("/licenseKeys")).length).toBe(before + 1);
    expect(requests.filter((r) => r.endsWith("/state/orders"))).toHaveLength(1);
  });
});

describe("a key as its owner sees it", () => {
  test("read through the owner's own session, with its devices; nothing without a key", async () => {
    // Not Alice's key: the session read through is the key's owner's, not the first one seeded.
    const seeded = fixtures.ids.license_keys.find(
      (k) => k.activation_ids.length > 0 && k.customer_id !== alice.customer_id && k.status === "granted",
    )!;
    const key = { id: seeded.id, customer_id: seeded.customer_id };
    const { result } = renderHook(
      () => ({ portal: usePortal(), owned: useOwnerView(key), none: useOwnerView(undefined) }),
      wrapper(sandboxConfig),
    );
    await waitFor(() => expect(result.current.owned.data?.id).toBe(key.id));
    expect(result.current.owned.data?.activations.map((a) => a.id).sort()).toEqual(
      [...seeded.activation_ids].sort(),
    );
    expect(result.current.none.fetchStatus).toBe("idle");
    expect(requests.filter((r) => r.startsWith("GET /v1/customer-portal/license-keys/"))).toEqual([
      `GET /v1/customer-portal/license-keys/${key.id}`,
    ]);
  });
});

describe("the developer switch", () => {
  const developer = () =>
    renderHook(() => useDeveloperMode(), {
      wrapper: ({ children }: { children?: ReactNode }) => <DeveloperProvider>{children}</DeveloperProvider>,
    });

  test("off by default; on when this browser remembers it on; follows another tab", () => {
    expect(developer().result.current).toBe(false);
    localStorage.setItem("commerce-portal.developer", "1");
    const { result } = developer();
    expect(result.current).toBe(true);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "commerce-portal.developer", newValue: "0" }));
    });
    expect(result.current).toBe(false);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "another.key", newValue: "1" }));
    });
    expect(result.current).toBe(false);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "commerce-portal.developer", newValue: "1" }));
    });
    expect(result.current).toBe(true);
  });

  test("the header's switch shows what only developers see, and is remembered in this browser", () => {
    render(
      <DeveloperProvider>
        <DeveloperToggle />
        <DevOnly>
          <p>useListEventsInfinite</p>
        </DevOnly>
      </DeveloperProvider>,
    );
    const toggle = screen.getByRole("checkbox", { name: "Developer" }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.queryByText("useListEventsInfinite")).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByText("useListEventsInfinite")).toBeTruthy();
    expect(localStorage.getItem("commerce-portal.developer")).toBe("1");
    fireEvent.click(toggle);
    expect(screen.queryByText("useListEventsInfinite")).toBeNull();
    expect(localStorage.getItem("commerce-portal.developer")).toBe("0");
  });
});

describe("where the app sends its calls, as it starts", () => {
  const serving = (response: () => Response | Promise<Response>) =>
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return response();
    });

  test("the portal server's settings, read from /portal-config.json", async () => {
    serving(() =>
      Response.json({ mode: "service", apiBaseUrl: "https://api.example.com", token: "polar_oat_env" }),
    );
    expect(await loadConfig()).toEqual({
      mode: "service",
      apiBaseUrl: "https://api.example.com",
      token: "polar_oat_env",
    });
    expect(requests).toEqual(["/portal-config.json"]);
  });

  test("no portal server (an HTML page, a 404, no answer at all): the sandbox at the page's origin", async () => {
    const sandboxHere = { mode: "sandbox", apiBaseUrl: window.location.origin };
    serving(() => new Response("<!doctype html>", { headers: { "content-type": "text/html" } }));
    expect(await loadConfig()).toEqual(sandboxHere);
    serving(() => Response.json({ mode: "service", apiBaseUrl: "https://api.example.com" }, { status: 404 }));
    expect(await loadConfig()).toEqual(sandboxHere);
    serving(() => {
      throw new TypeError("fetch failed");
    });
    expect(await loadConfig()).toEqual(sandboxHere);
  });
});
