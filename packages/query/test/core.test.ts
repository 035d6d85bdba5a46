import { ApiError, createClient, listProducts } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { MutationObserver, QueryClient } from "@tanstack/query-core";
import { beforeEach, describe, expect, it } from "vitest";
import {
  commerceCache,
  deleteCustomFieldMutationOptions,
  generateOrderInvoiceMutationOptions,
  getCustomerLicenseKeyQueryOptions,
  getOrderReceiptQueryKey,
  getOrderReceiptQueryOptions,
  listEventsInfiniteQueryOptions,
  listProductsQueryKey,
  listProductsQueryOptions,
  pendingPollIntervalMs,
} from "../src/index.js";

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z") });
const requests: string[] = [];
const clientOf = (token: string) =>
  createClient({
    baseUrl: "http://sandbox.local",
    token,
    fetch: (request: Request) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return sandbox.fetch(request);
    },
  });
const org = clientOf("polar_oat_acme_all");

beforeEach(() => {
  sandbox.reset();
  requests.length = 0;
});

describe("@commerce-api/query with a plain QueryClient (no framework)", () => {
  it("fetchQuery(<op>QueryOptions(client, input)) caches the operation's answer under its key", async () => {
    const queryClient = new QueryClient();
    const options = listProductsQueryOptions(org, { limit: 2 });
    const data = await queryClient.fetchQuery(options);
    expect(data).toEqual(await listProducts(org, { limit: 2 }));
    expect(queryClient.getQueryData(listProductsQueryKey({ limit: 2 }, org))).toEqual(data);
    expect(options.retry).toBe(false);
  });

  it("an infinite query walks the pages from the first and flattens their items", async () => {
    const queryClient = new QueryClient();
    const options = listEventsInfiniteQueryOptions(org, { limit: 5 });
    expect(options.initialPageParam).toBe(1);
    const pages = await queryClient.fetchInfiniteQuery({ ...options, pages: 2 });
    expect(pages.pageParams).toEqual([1, 2]);
    expect(requests).toEqual(["GET /v1/events/", "GET /v1/events/"]);
    const selected = options.select!(pages);
    expect(selected.items).toHaveLength(10);
    expect(options.getNextPageParam(pages.pages[1]!, pages.pages, 2, pages.pageParams)).toBe(3);
  });

  it("a mutation invalidates what the spec says in its own QueryClient, only the entries it names", async () => {
    const customer = clientOf("polar_cst_acme_alice");
    const queryClient = new QueryClient();
    const receipt = (id: string) => getOrderReceiptQueryKey({ id }, customer);
    queryClient.setQueryData(receipt("a"), null);
    queryClient.setQueryData(receipt("b"), null);
    const observer = new MutationObserver(queryClient, generateOrderInvoiceMutationOptions(customer));
    await observer.mutate({ id: "a" }).catch(() => undefined);
    // The call failed (no such order): nothing is invalidated.
    expect(queryClient.getQueryState(receipt("a"))?.isInvalidated).toBe(false);

    const products = listProductsQueryOptions(org, { limit: 100 });
    const fields = (await queryClient.fetchQuery(products)).items.flatMap((p) =>
      p.attached_custom_fields.map((f) => f.custom_field_id),
    );
    await new MutationObserver(queryClient, deleteCustomFieldMutationOptions(org)).mutate({ id: fields[0]! });
    expect(queryClient.getQueryState(products.queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(receipt("b"))?.isInvalidated).toBe(false);
  });

  it("an operation that answers null while not ready polls until it has data", () => {
    const options = getOrderReceiptQueryOptions(org, { id: "x" });
    const interval = options.refetchInterval as (query: unknown) => number | false;
    expect(interval({ state: { status: "success", data: null } })).toBe(pendingPollIntervalMs);
    expect(interval({ state: { status: "success", data: { url: "u" } } })).toBe(false);
    expect(listProductsQueryOptions(org).refetchInterval).toBeUndefined();
  });

  it("the cache helpers are typed by operation and scoped to the client", async () => {
    const queryClient = new QueryClient();
    const cache = commerceCache(queryClient, org);
    await cache.prefetch(listProductsQueryOptions, { limit: 2 });
    expect(requests).toEqual(["GET /v1/products/"]);
    const page = await cache.ensure(listProductsQueryOptions, { limit: 2 });
    expect(requests).toHaveLength(1); // fresh in the cache: not fetched again
    expect(cache.getQueryData(listProductsQueryOptions, { limit: 2 })).toBe(page);
    cache.setQueryData(listProductsQueryOptions, { limit: 2 }, (old) => old && { ...old, items: [] });
    expect(cache.getQueryData(listProductsQueryOptions, { limit: 2 })?.items).toEqual([]);
    await cache.invalidate(listProductsQueryKey);
    expect(queryClient.getQueryState(listProductsQueryKey({ limit: 2 }, org))?.isInvalidated).toBe(true);
    // The typed error of the operation, from ensure.
    const missing = commerceCache(queryClient, clientOf("polar_cst_acme_alice")).ensure(
      getCustomerLicenseKeyQueryOptions,
      { id: "00000000-0000-0000-0000-000000000000" },
    );
    await expect(missing).rejects.toBeInstanceOf(ApiError);
  });
});
