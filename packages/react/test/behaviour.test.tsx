import type { ListProductsResponse } from "@commerce-api/client";
import { ApiError, createClient, getOrderReceipt, listProducts } from "@commerce-api/client/core";
import { dehydrate, hydrate, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CommerceProvider,
  listEventsInfiniteQueryOptions,
  listEventsQueryOptions,
  listProductsQueryKey,
  listProductsQueryOptions,
  pendingPollIntervalMs,
  setClientCacheId,
  useDeactivateLicenseKey,
  useDeleteCustomField,
  useGetCustomerLicenseKey,
  useGetOrderReceipt,
  useListMyPaymentMethods,
  useListProducts,
  useListProductsSuspense,
  useListRefundsInfinite,
  useValidateLicenseKey,
} from "../src/index.js";
import {
  aliceToken,
  bobToken,
  customerOf,
  fixtures,
  newQueryClient,
  orgToken,
  providers,
  recordingFetch,
  requests,
  resetSandbox,
  sandbox,
  sandboxClient,
} from "./support.js";

beforeEach(resetSandbox);

const alice = customerOf(aliceToken);

describe("suspense", () => {
  it("suspends until the data is there, then renders it", async () => {
    const wrapper = providers(newQueryClient(), sandboxClient(orgToken));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Products />
      </Suspense>,
      { wrapper },
    );
    expect(screen.getByText("loading")).toBeTruthy();
    const expected = await listProducts(sandboxClient(orgToken), { limit: 2 });
    expect(await screen.findByText(expected.items.map((p) => p.name).join(", "))).toBeTruthy();
  });
});

describe("mutations invalidate what they change", () => {
  it("deleting a custom field refetches the products list, which no longer shows it", async () => {
    const client = sandboxClient(orgToken);
    const queryClient = newQueryClient();
    const { result } = renderHook(
      () => ({ products: useListProducts({ limit: 100 }), remove: useDeleteCustomField() }),
      { wrapper: providers(queryClient, client) },
    );
    await waitFor(() => expect(result.current.products.isSuccess).toBe(true));
    const attached = result.current.products.data!.items.flatMap((p) => p.attached_custom_fields);
    const field = attached[0]!.custom_field_id;
    const fieldsOf = (list: ListProductsResponse | undefined) =>
      (list?.items ?? []).flatMap((p) => p.attached_custom_fields).map((f) => f.custom_field_id);

    // mutateAsync resolves after the active list has refetched: the cache has the new list the
    // moment it resolves, read before act() goes on (not told by dataUpdatedAt: both fetches can
    // land in the same millisecond).
    let cached: string[] = [];
    await act(async () => {
      await result.current.remove.mutateAsync({ id: field });
      cached = fieldsOf(queryClient.getQueryData(listProductsQueryKey({ limit: 100 }, client)));
    });
    expect(cached).not.toContain(field);
    expect(cached.length).toBeLessThan(attached.length);
    expect(requests.filter((r) => r === "GET /v1/products/")).toHaveLength(2);
    // The component hears of it on TanStack's next notification tick (a timer, which a stalled
    // process can run after act() has returned), so wait for the render.
    await waitFor(() => expect(fieldsOf(result.current.products.data)).toEqual(cached));
  });

  it("validating with increment_usage (organization token) refetches the key the customer portal shows", async () => {
    const key = fixtures.ids.license_keys.find(
      (k) => k.customer_id === alice && k.status === "granted" && !k.expired,
    )!;
    const queryClient = newQueryClient();
    const customer = renderHook(() => useGetCustomerLicenseKey({ id: key.id }), {
      wrapper: providers(queryClient, sandboxClient(aliceToken)),
    });
    const organization = renderHook(() => useValidateLicenseKey(), {
      wrapper: providers(queryClient, sandboxClient(orgToken)),
    });
    await waitFor(() => expect(customer.result.current.isSuccess).toBe(true));
    expect(customer.result.current.data?.usage).toBe(key.usage);

    await act(() =>
      organization.result.current.mutateAsync({
        key: key.key,
        organization_id: key.organization_id,
        increment_usage: 1,
      }),
    );
    // Another render root (the portal's) re-renders with the refetched key.
    await waitFor(() => expect(customer.result.current.data?.usage).toBe(key.usage + 1));
    expect(requests.filter((r) => r.startsWith("GET"))).toHaveLength(2);
  });

  it("deactivating an activation refetches the key without it", async () => {
    const key = fixtures.ids.license_keys.find(
      (k) => k.customer_id === alice && k.activation_ids.length > 0,
    )!;
    const activation = key.activation_ids[0]!;
    const queryClient = newQueryClient();
    const customer = renderHook(() => useGetCustomerLicenseKey({ id: key.id }), {
      wrapper: providers(queryClient, sandboxClient(aliceToken)),
    });
    const organization = renderHook(() => useDeactivateLicenseKey(), {
      wrapper: providers(queryClient, sandboxClient(orgToken)),
    });
    await waitFor(() => expect(customer.result.current.isSuccess).toBe(true));
    expect(customer.result.current.data?.activations.map((a) => a.id)).toContain(activation);

    await act(() =>
      organization.result.current.mutateAsync({
        key: key.key,
        organization_id: key.organization_id,
        activation_id: activation,
      }),
    );
    await waitFor(() =>
      expect(customer.result.current.data?.activations.map((a) => a.id)).not.toContain(activation),
    );
  });

  it("a failed mutation is a typed error and invalidates nothing", async () => {
    const key = fixtures.ids.license_keys.find(
      (k) => k.customer_id === alice && k.activation_ids.length > 0,
    )!;
    const { result } = renderHook(
      () => ({ key: useGetCustomerLicenseKey({ id: key.id }), deactivate: useDeactivateLicenseKey() }),
      { wrapper: providers(newQueryClient(), sandboxClient(aliceToken)) },
    );
    await waitFor(() => expect(result.current.key.isSuccess).toBe(true));
    // A customer session may not deactivate (organization tokens only).
    await act(async () => {
      await result.current.deactivate
        .mutateAsync({
          key: key.key,
          organization_id: key.organization_id,
          activation_id: key.activation_ids[0]!,
        })
        .catch(() => undefined);
    });
    // The mutation's state reaches the component after the rejected promise, so wait for it.
    await waitFor(() => expect(result.current.deactivate.error).toBeInstanceOf(ApiError));
    expect((result.current.deactivate.error as ApiError).status).toBe(401);
    expect(requests.filter((r) => r.startsWith("GET"))).toHaveLength(1);
  });
});

describe("cancellation", () => {
  /** A fetch that answers only when released, and records the signals it was given. */
  function heldFetch() {
    const signals: AbortSignal[] = [];
    const fetch = (request: Request) => {
      signals.push(request.signal);
      return new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
      });
    };
    return { fetch, signals };
  }

  it("unmounting aborts the request", async () => {
    const held = heldFetch();
    const client = createClient({ baseUrl: "http://sandbox.local", token: orgToken, fetch: held.fetch });
    const { unmount } = renderHook(() => useListProducts(), { wrapper: providers(newQueryClient(), client) });
    await waitFor(() => expect(held.signals).toHaveLength(1));
    expect(held.signals[0]!.aborted).toBe(false);
    unmount();
    await waitFor(() => expect(held.signals[0]!.aborted).toBe(true));
  });

  it("a newer input aborts the request of the older one", async () => {
    const held = heldFetch();
    const client = createClient({ baseUrl: "http://sandbox.local", token: orgToken, fetch: held.fetch });
    const { rerender } = renderHook(({ limit }) => useListProducts({ limit }), {
      wrapper: providers(newQueryClient(), client),
      initialProps: { limit: 1 },
    });
    await waitFor(() => expect(held.signals).toHaveLength(1));
    rerender({ limit: 2 });
    await waitFor(() => expect(held.signals).toHaveLength(2));
    await waitFor(() => expect(held.signals[0]!.aborted).toBe(true));
    expect(held.signals[1]!.aborted).toBe(false);
  });
});

describe("retries: the client's, never multiplied", () => {
  it("503s: the client's 1 + 2 attempts, even when the QueryClient says retry: 3", async () => {
    sandbox.failNext(10, 503);
    const queryClient = newQueryClient({ defaultOptions: { queries: { retry: 3 } } });
    const { result } = renderHook(() => useListProducts(), {
      wrapper: providers(queryClient, sandboxClient(orgToken)),
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as ApiError).status).toBe(503);
    expect(requests).toEqual(["GET /v1/products/", "GET /v1/products/", "GET /v1/products/"]);
    expect(result.current.failureCount).toBe(1);
  });

  it("a 503 then success: the client's retry hides it, the hook just succeeds", async () => {
    sandbox.failNext(1, 503);
    const { result } = renderHook(() => useListProducts(), {
      wrapper: providers(newQueryClient(), sandboxClient(orgToken)),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(2);
  });

  it("a 4xx is never retried", async () => {
    const queryClient = newQueryClient({ defaultOptions: { queries: { retry: 3 } } });
    const { result } = renderHook(
      () => useGetCustomerLicenseKey({ id: "00000000-0000-4000-8000-000000000000" }),
      {
        wrapper: providers(queryClient, sandboxClient(aliceToken)),
      },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(requests).toHaveLength(1);
  });
});

describe("a query's own retry wins over the package's default", () => {
  it("the options factories keep the retry they are given, and default to none", () => {
    const client = sandboxClient(orgToken);
    expect(listEventsQueryOptions(client, {}, { retry: 2 }).retry).toBe(2);
    expect(listEventsInfiniteQueryOptions(client, {}, { retry: 2 }).retry).toBe(2);
    expect(listEventsQueryOptions(client).retry).toBe(false);
    expect(listEventsInfiniteQueryOptions(client).retry).toBe(false);
  });

  it("a hook given retry: 2 asks twice more after a 404", async () => {
    const { result } = renderHook(
      () => useGetCustomerLicenseKey({ id: "00000000-0000-4000-8000-000000000000" }, { retry: 2 }),
      { wrapper: providers(newQueryClient(), sandboxClient(aliceToken)) },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.failureCount).toBe(3);
    expect(requests).toHaveLength(3);
  });

  it("an infinite hook given retry: 1 asks once more after a refusal", async () => {
    // A customer's session may not list the organization's refunds: 401 or 403, not retried by the client.
    const { result } = renderHook(() => useListRefundsInfinite({}, { retry: 1 }), {
      wrapper: providers(newQueryClient(), sandboxClient(aliceToken)),
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(requests).toHaveLength(2);
  });
});

describe("getOrderReceipt polls while the receipt is being generated", () => {
  const pending = fixtures.ids.orders.find((o) => o.customer_id === alice && o.receipt === "pending")!;
  // The hook asks again every 2 s: fake timers step through the interval instead of waiting it out.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Lets `ms` of fake time pass, the sandbox's answers and React's updates included. */
  const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const receiptUrl = /^http:\/\/sandbox\.local\/__sandbox\/receipts\//;

  it("null (202) twice, then the URL; then it stops asking", async () => {
    const { result } = renderHook(() => useGetOrderReceipt({ id: pending.id }), {
      wrapper: providers(newQueryClient(), sandboxClient(aliceToken)),
    });
    await elapse(100);
    expect(result.current.isSuccess).toBe(true);
    expect(result.current.data).toBeNull();
    expect(requests).toHaveLength(1);
    await elapse(pendingPollIntervalMs);
    expect(result.current.data).toBeNull();
    expect(requests).toHaveLength(2);
    await elapse(pendingPollIntervalMs);
    expect(result.current.data?.url).toMatch(receiptUrl);
    expect(requests).toHaveLength(3);
    await elapse(pendingPollIntervalMs * 5);
    expect(requests).toHaveLength(3);
  });

  it("stops on unmount", async () => {
    const { result, unmount } = renderHook(() => useGetOrderReceipt({ id: pending.id }), {
      wrapper: providers(newQueryClient(), sandboxClient(aliceToken)),
    });
    await elapse(100);
    expect(result.current.data).toBeNull();
    unmount();
    await elapse(pendingPollIntervalMs * 5);
    expect(requests).toHaveLength(1);
  });

  it("stops on error", async () => {
    const { result } = renderHook(() => useGetOrderReceipt({ id: pending.id }), {
      wrapper: providers(newQueryClient(), sandboxClient(aliceToken, { retry: false })),
    });
    await elapse(100);
    // Read as a component would render it (TanStack re-renders only for the fields read).
    expect(result.current).toMatchObject({ data: null, isError: false });
    sandbox.failNext(1, 500);
    await elapse(pendingPollIntervalMs);
    expect(result.current.isError).toBe(true);
    await elapse(pendingPollIntervalMs * 5);
    expect(requests).toHaveLength(2);
  });

  it("the plain function answers null the same way (the hook adds only the polling)", async () => {
    await expect(getOrderReceipt(sandboxClient(aliceToken), { id: pending.id })).resolves.toBeNull();
  });
});

describe("cache entries per client", () => {
  it("two clients (two customers' sessions) never share an entry, even for the same input", async () => {
    const queryClient = newQueryClient();
    const asAlice = renderHook(() => useListMyPaymentMethods(), {
      wrapper: providers(queryClient, sandboxClient(aliceToken)),
    });
    const asBob = renderHook(() => useListMyPaymentMethods(), {
      wrapper: providers(queryClient, sandboxClient(bobToken)),
    });
    await waitFor(() =>
      expect(asAlice.result.current.isSuccess && asBob.result.current.isSuccess).toBe(true),
    );
    const aliceIds = asAlice.result.current.data!.items.map((m) => m.id);
    const bobIds = asBob.result.current.data!.items.map((m) => m.id);
    expect(aliceIds).not.toEqual(bobIds);
    expect(requests).toHaveLength(2);
    expect(
      queryClient.getQueryCache().findAll({ queryKey: ["commerce-api", "customerPortal"] }),
    ).toHaveLength(2);
  });

  it("keys are rooted at commerce-api and the group path, so group invalidation reaches every client's entries", async () => {
    const queryClient = newQueryClient();
    const client = sandboxClient(orgToken);
    await queryClient.fetchQuery(listProductsQueryOptions(client, { limit: 1 }));
    const key = listProductsQueryOptions(client, { limit: 1 }).queryKey;
    expect(key.slice(0, 4)).toEqual(["commerce-api", "products", "list", { limit: 1 }]);
    expect(listProductsQueryKey({ limit: 1 })).toEqual(["commerce-api", "products", "list", { limit: 1 }]);
    await queryClient.invalidateQueries({ queryKey: ["commerce-api", "products"] });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("the same client in two places shares its entry (one request)", async () => {
    const queryClient = newQueryClient();
    const client = sandboxClient(orgToken);
    const wrapper = providers(queryClient, client);
    const first = renderHook(() => useListProducts({ limit: 3 }), { wrapper });
    const second = renderHook(() => useListProducts({ limit: 3 }), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess && second.result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(1);
  });
});

describe("dehydrate / hydrate", () => {
  it("a server's prefetched data renders in the browser without a request (named clients, JSON in between)", async () => {
    const serverClient = sandboxClient(orgToken);
    setClientCacheId(serverClient, "acme-org");
    const serverCache = newQueryClient();
    await serverCache.prefetchQuery(listProductsQueryOptions(serverClient, { limit: 3 }));
    const wire = JSON.stringify(dehydrate(serverCache));
    requests.length = 0;

    const browserClient = sandboxClient(orgToken);
    setClientCacheId(browserClient, "acme-org");
    const browserCache = newQueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    hydrate(browserCache, JSON.parse(wire));
    const { result } = renderHook(() => useListProducts({ limit: 3 }), {
      wrapper: providers(browserCache, browserClient),
    });
    expect(result.current.isSuccess).toBe(true);
    const direct = await listProducts(sandboxClient(orgToken), { limit: 3 });
    expect(result.current.data).toEqual(direct);
    expect(typeof result.current.data?.items[0]?.created_at).toBe("string");
    expect(requests).toEqual(["GET /v1/products/"]); // only the direct call above
  });

  it("an unnamed client never picks up another client's hydrated entry", async () => {
    const serverClient = sandboxClient(orgToken);
    const serverCache = newQueryClient();
    await serverCache.prefetchQuery(listProductsQueryOptions(serverClient, { limit: 3 }));
    const browserCache = newQueryClient();
    hydrate(browserCache, JSON.parse(JSON.stringify(dehydrate(serverCache))));
    requests.length = 0;
    const { result } = renderHook(() => useListProducts({ limit: 3 }), {
      wrapper: providers(browserCache, sandboxClient(orgToken)),
    });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(1);
  });
});

describe("outside a CommerceProvider", () => {
  it("a hook explains the fix", () => {
    expect(() =>
      render(
        <QueryClientProvider client={newQueryClient()}>
          <Probe />
        </QueryClientProvider>,
      ),
    ).toThrow(/wrap your components in <CommerceProvider/);
  });

  it("the provider's client is the one the hooks call", async () => {
    const client = createClient({ baseUrl: "http://sandbox.local", token: orgToken, fetch: recordingFetch });
    render(
      <QueryClientProvider client={newQueryClient()}>
        <CommerceProvider client={client}>
          <Count />
        </CommerceProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/products: \d+/)).toBeTruthy();
  });
});

function Count() {
  const { data } = useListProducts();
  return <p>{data ? `products: ${data.pagination.total_count}` : "…"}</p>;
}

function Products() {
  const { data } = useListProductsSuspense({ limit: 2 });
  return <p>{data.items.map((p) => p.name).join(", ")}</p>;
}

function Probe() {
  useQueryClient();
  useListProducts();
  return null;
}
