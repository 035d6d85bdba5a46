import { createClient } from "@commerce-api/client/core";
import type { QueryClient, UseMutationResult } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  getCustomerLicenseKeyQueryKey,
  getOrderReceiptQueryKey,
  listCustomerPaymentMethodsQueryKey,
  listCustomerSubscriptionsQueryKey,
  listEventsQueryKey,
  listMyPaymentMethodsQueryKey,
  listProductsQueryKey,
  listRefundsQueryKey,
  useDeactivateLicenseKey,
  useDeleteCheckoutLink,
  useDeleteCustomField,
  useDeleteDiscount,
  useGenerateOrderInvoice,
  useGetOrderReceipt,
  useListProducts,
  useValidateLicenseKey,
} from "../src/index.js";
import {
  fixtures,
  newQueryClient,
  orgToken,
  providers,
  recordingFetch,
  resetSandbox,
  sandboxClient,
} from "./support.js";

beforeEach(resetSandbox);

const acme = fixtures.ids.organizations[0]!.id;
const key = fixtures.ids.license_keys.find((k) => k.organization_id === acme && k.activation_ids.length > 0)!;
const uuid = "00000000-0000-4000-8000-000000000001";
const invoiceable = fixtures.ids.orders.find((o) => o.organization_id === acme && o.invoice === "eligible")!;

/** One cached entry per query operation (as if each screen had been visited), by operation id. */
const cachedQueries = {
  listEvents: listEventsQueryKey({}),
  listProducts: listProductsQueryKey({ limit: 10 }),
  listRefunds: listRefundsQueryKey({}),
  listCustomerPaymentMethods: listCustomerPaymentMethodsQueryKey({ id: uuid }),
  listCustomerSubscriptions: listCustomerSubscriptionsQueryKey({}),
  listMyPaymentMethods: listMyPaymentMethodsQueryKey({}),
  getCustomerLicenseKey: getCustomerLicenseKeyQueryKey({ id: uuid }),
  getOrderReceipt: getOrderReceiptQueryKey({ id: invoiceable.id }),
};

function seedCache(queryClient: QueryClient) {
  for (const queryKey of Object.values(cachedQueries)) queryClient.setQueryData(queryKey, { seeded: true });
}

function invalidated(queryClient: QueryClient): string[] {
  return Object.entries(cachedQueries)
    .filter(([, queryKey]) => queryClient.getQueryState(queryKey)?.isInvalidated)
    .map(([id]) => id);
}

// biome-ignore lint/suspicious/noExplicitAny: a table of different mutations, each called with its own input
type AnyMutation = UseMutationResult<any, any, any>;

const mutations: { name: string; use: () => AnyMutation; input: unknown; invalidates: string[] }[] = [
  {
    name: "useValidateLicenseKey",
    use: useValidateLicenseKey,
    input: { key: key.key, organization_id: key.organization_id },
    invalidates: ["getCustomerLicenseKey"],
  },
  {
    name: "useDeactivateLicenseKey",
    use: useDeactivateLicenseKey,
    input: { key: key.key, organization_id: key.organization_id, activation_id: key.activation_ids[0] },
    invalidates: ["getCustomerLicenseKey"],
  },
  {
    name: "useDeleteCustomField",
    use: useDeleteCustomField,
    input: { id: fixtures.ids.custom_fields.find((f) => f.organization_id === acme)!.id },
    invalidates: ["listProducts"],
  },
  {
    name: "useGenerateOrderInvoice",
    use: useGenerateOrderInvoice,
    input: { id: invoiceable.id },
    invalidates: ["getOrderReceipt"],
  },
  {
    name: "useDeleteCheckoutLink",
    use: useDeleteCheckoutLink,
    input: { id: fixtures.ids.checkout_links.find((l) => l.organization_id === acme)!.id },
    invalidates: [],
  },
  {
    name: "useDeleteDiscount",
    use: useDeleteDiscount,
    input: { id: fixtures.ids.discounts.find((d) => d.organization_id === acme)!.id },
    invalidates: [],
  },
];

describe("mutation hooks", () => {
  it.each(mutations)("$name succeeds against the sandbox and invalidates exactly $invalidates", async (m) => {
    const queryClient = newQueryClient();
    seedCache(queryClient);
    const { result } = renderHook(m.use, { wrapper: providers(queryClient, sandboxClient(orgToken)) });
    expect(result.current.isIdle).toBe(true);
    await act(() => result.current.mutateAsync(m.input));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(invalidated(queryClient)).toEqual(m.invalidates);
  });

  it("runs the caller's onSuccess after invalidating", async () => {
    const queryClient = newQueryClient();
    seedCache(queryClient);
    const seen: string[][] = [];
    const { result } = renderHook(
      () => useDeleteCustomField({ onSuccess: () => void seen.push(invalidated(queryClient)) }),
      { wrapper: providers(queryClient, sandboxClient(orgToken)) },
    );
    await act(() => result.current.mutateAsync(mutations[2]!.input as { id: string }));
    expect(seen).toEqual([["listProducts"]]);
  });

  it("a failed mutation invalidates nothing", async () => {
    const queryClient = newQueryClient();
    seedCache(queryClient);
    const { result } = renderHook(useDeleteCustomField, {
      wrapper: providers(queryClient, sandboxClient(orgToken)),
    });
    await act(() => result.current.mutateAsync({ id: uuid }).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(invalidated(queryClient)).toEqual([]);
  });
});

describe("invalidating one entry (invalidates: { query, where })", () => {
  const orderA = "00000000-0000-4000-8000-00000000000a";
  const orderB = "00000000-0000-4000-8000-00000000000b";

  /** A stand-in for the service, no sandbox: receipts by order id, and invoices accepted (202). */
  function receiptService() {
    const asked: string[] = [];
    const fetch = async (request: Request) => {
      const { pathname } = new URL(request.url);
      asked.push(`${request.method} ${pathname}`);
      if (request.method === "POST") return new Response(null, { status: 202 });
      const order = pathname.split("/")[4];
      return Response.json({ url: `https://receipts.example/${order}.pdf?v=${asked.length}` });
    };
    return { asked, client: createClient({ baseUrl: "http://service.local", token: orgToken, fetch }) };
  }

  it("generating an order's invoice refetches that order's receipt, not another order's", async () => {
    const service = receiptService();
    const queryClient = newQueryClient();
    const { result } = renderHook(
      () => ({
        a: useGetOrderReceipt({ id: orderA }),
        b: useGetOrderReceipt({ id: orderB }),
        generate: useGenerateOrderInvoice(),
      }),
      { wrapper: providers(queryClient, service.client) },
    );
    await waitFor(() => expect(result.current.a.isSuccess && result.current.b.isSuccess).toBe(true));
    const receiptB = result.current.b.data;

    await act(() => result.current.generate.mutateAsync({ id: orderA }));

    const receipts = (order: string) =>
      service.asked.filter((r) => r === `GET /v1/customer-portal/orders/${order}/receipt`);
    expect(receipts(orderA)).toHaveLength(2);
    expect(receipts(orderB)).toHaveLength(1);
    expect(
      queryClient.getQueryState(getOrderReceiptQueryKey({ id: orderB }, service.client))?.isInvalidated,
    ).toBe(false);
    expect(result.current.b.data).toBe(receiptB);
  });
});

describe("mutateAsync resolves once the screen can show the change", () => {
  it("only after the active queries it invalidates have refetched", async () => {
    const events: string[] = [];
    let holding = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The products list's refetch waits until the test lets it through.
    const fetch = async (request: Request) => {
      const refetch =
        holding && request.method === "GET" && new URL(request.url).pathname === "/v1/products/";
      if (refetch) {
        events.push("refetch asked");
        await released;
      }
      const response = await recordingFetch(request);
      if (refetch) events.push("refetch answered");
      return response;
    };
    const { result } = renderHook(
      () => ({ products: useListProducts({ limit: 100 }), remove: useDeleteCustomField() }),
      { wrapper: providers(newQueryClient(), sandboxClient(orgToken, { fetch })) },
    );
    await waitFor(() => expect(result.current.products.isSuccess).toBe(true));

    holding = true;
    let mutation!: Promise<unknown>;
    act(() => {
      mutation = result.current.remove
        .mutateAsync(mutations[2]!.input as { id: string })
        .then(() => void events.push("mutateAsync resolved"));
    });
    await waitFor(() => expect(events).toContain("refetch asked"));
    // Held: the mutation itself is done on the service, but mutateAsync waits for the list.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(events).toEqual(["refetch asked"]);
    release();
    await act(() => mutation);
    expect(events).toEqual(["refetch asked", "refetch answered", "mutateAsync resolved"]);
  });
});
