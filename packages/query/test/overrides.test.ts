// The caller's options pass through every factory, beside what the operation decides (its key,
// its call, the infinite paging): `enabled`, `staleTime`, a `retry` of one's own, and a
// mutation's callbacks, the caller's `onSuccess` running after the invalidation.
import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { MutationObserver, QueryClient } from "@tanstack/query-core";
import { beforeEach, describe, expect, it } from "vitest";
import {
  deleteCustomFieldMutationOptions,
  deleteDiscountMutationKey,
  deleteDiscountMutationOptions,
  firstPage,
  listEventsInfiniteQueryKey,
  listEventsInfiniteQueryOptions,
  listProductsQueryKey,
  listProductsQueryOptions,
  nextPageParam,
  withItems,
} from "../src/index.js";

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z") });
const org = createClient({
  baseUrl: "http://sandbox.local",
  token: "polar_oat_acme_all",
  fetch: (request: Request) => sandbox.fetch(request),
});
const missing = "4e8c9d52-0000-4000-8000-000000000000";

beforeEach(() => sandbox.reset());

describe("a query's options", () => {
  it("take the caller's options, its retry over the default, and keep the operation's key", () => {
    const options = listProductsQueryOptions(org, { limit: 2 }, {
      enabled: false,
      staleTime: 5_000,
      retry: 2,
      queryKey: ["not", "this"],
    } as never);
    expect(options).toMatchObject({ enabled: false, staleTime: 5_000, retry: 2 });
    expect(options.queryKey).toEqual(listProductsQueryKey({ limit: 2 }, org));
  });

  it("an infinite query's take the caller's options and keep its paging", () => {
    const options = listEventsInfiniteQueryOptions(org, { limit: 5 }, {
      enabled: false,
      staleTime: 5_000,
      retry: 1,
      initialPageParam: 7,
      getNextPageParam: () => undefined,
    } as never);
    expect(options).toMatchObject({ enabled: false, staleTime: 5_000, retry: 1 });
    expect(options).toMatchObject({
      initialPageParam: firstPage,
      getNextPageParam: nextPageParam,
      select: withItems,
    });
    expect(options.queryKey).toEqual(listEventsInfiniteQueryKey({ limit: 5 }, org));
  });
});

describe("a mutation's options", () => {
  it("run the caller's onSuccess after the invalidation, and wait for what it returns", async () => {
    const queryClient = new QueryClient();
    const products = listProductsQueryKey({ limit: 100 }, org);
    const page = await queryClient.fetchQuery(listProductsQueryOptions(org, { limit: 100 }));
    const field = page.items.flatMap((p) => p.attached_custom_fields)[0]!.custom_field_id;
    const seen: string[] = [];
    const options = deleteCustomFieldMutationOptions(org, {
      onMutate: (input) => void seen.push(`mutate ${input.id === field}`),
      onSuccess: async (_data, input) => {
        seen.push(
          `success ${input.id === field}, invalidated ${queryClient.getQueryState(products)?.isInvalidated}`,
        );
        // A macrotask: the mutation must wait for this, not only for a few microtasks.
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push("success done");
      },
      onSettled: () => void seen.push("settled"),
    });
    await new MutationObserver(queryClient, options).mutate({ id: field });
    expect(seen).toEqual(["mutate true", "success true, invalidated true", "success done", "settled"]);
  });

  it("run the caller's onError on a failure, invalidating nothing", async () => {
    const queryClient = new QueryClient();
    const products = listProductsQueryKey({ limit: 100 }, org);
    await queryClient.fetchQuery(listProductsQueryOptions(org, { limit: 100 }));
    const errors: unknown[] = [];
    const options = deleteCustomFieldMutationOptions(org, {
      onError: (error) => void errors.push(error.name),
    });
    await new MutationObserver(queryClient, options).mutate({ id: missing }).catch(() => undefined);
    expect(errors).toEqual(["ResourceNotFoundError"]);
    expect(queryClient.getQueryState(products)?.isInvalidated).toBe(false);
  });

  it("of an operation that invalidates nothing still take the caller's callbacks, and keep their key", async () => {
    const succeeded: unknown[] = [];
    const failed: unknown[] = [];
    const callbacks = {
      onSuccess: (data: unknown) => void succeeded.push(data),
      onError: (error: Error) => void failed.push(error.name),
    };
    // A mutationKey slipped past the types: the operation's own key stays.
    const options = deleteDiscountMutationOptions(org, {
      ...callbacks,
      mutationKey: ["not", "this"],
    } as typeof callbacks);
    expect(options.mutationKey).toEqual(deleteDiscountMutationKey());
    await new MutationObserver(new QueryClient(), options).mutate({ id: missing }).catch(() => undefined);
    expect([succeeded, failed]).toEqual([[], ["ResourceNotFoundError"]]);
  });
});
