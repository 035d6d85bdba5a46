import { listEvents, listProducts } from "@commerce-api/client/core";
import { act, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  listProductsInfiniteQueryOptions,
  useListEventsInfinite,
  useListMyPaymentMethodsInfinite,
  useListProductsInfinite,
  useListProductsSuspenseInfinite,
} from "../src/index.js";
import {
  aliceToken,
  newQueryClient,
  orgToken,
  providers,
  requests,
  resetSandbox,
  sandboxClient,
} from "./support.js";

beforeEach(resetSandbox);

/** Fetches page after page while the hook says there is one, as a "load more" button would. */
async function walkToTheEnd(result: {
  current: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  for (let guard = 0; result.current.hasNextPage; guard++) {
    if (guard > 50) throw new Error("hasNextPage never turned false");
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.isFetchingNextPage).toBe(false));
  }
}

describe("infinite lists", () => {
  it("offset form: walks to max_page, then hasNextPage is false; data.items is every item in order", async () => {
    const client = sandboxClient(orgToken);
    const expected = await listProducts(client, { limit: 100 });
    requests.length = 0;
    const { result } = renderHook(() => useListProductsInfinite({ limit: 4 }), {
      wrapper: providers(newQueryClient(), client),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const { total_count } = expected.pagination as { total_count: number };
    const max_page = Math.ceil(total_count / 4);
    expect(max_page).toBeGreaterThan(2);
    expect(result.current.hasNextPage).toBe(true);
    await walkToTheEnd(result);

    expect(result.current.hasNextPage).toBe(false);
    expect(result.current.data?.pages).toHaveLength(max_page);
    expect(result.current.data?.pageParams).toEqual(Array.from({ length: max_page }, (_, i) => i + 1));
    expect(result.current.data?.items.map((p) => p.id)).toEqual(expected.items.map((p) => p.id));
    expect(result.current.data?.items).toHaveLength(total_count);
    // One request per page, none past the last.
    expect(requests).toHaveLength(max_page);
  });

  it("cursor form (events, cursor_pagination): walks until has_next_page is false", async () => {
    const client = sandboxClient(orgToken);
    const input = { source: "user" as const, depth: 0, limit: 10, cursor_pagination: true };
    const all = await listEvents(client, { ...input, limit: 100, cursor_pagination: false });
    const total = (all.pagination as { total_count: number }).total_count;
    expect(total).toBeGreaterThan(20);

    const { result } = renderHook(() => useListEventsInfinite(input), {
      wrapper: providers(newQueryClient(), client),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.pages[0]?.pagination).toEqual({ has_next_page: true });
    await walkToTheEnd(result);

    const pages = result.current.data!.pages;
    expect(pages.at(-1)?.pagination).toEqual({ has_next_page: false });
    expect(pages).toHaveLength(Math.ceil(total / 10));
    expect(result.current.data?.items).toHaveLength(total);
    expect(new Set(result.current.data?.items.map((e) => e.id)).size).toBe(total);
  });

  it("a list that fits on one page has no next page", async () => {
    const { result } = renderHook(() => useListMyPaymentMethodsInfinite({ limit: 100 }), {
      wrapper: providers(newQueryClient(), sandboxClient(aliceToken)),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(false);
    expect(result.current.data?.pages).toHaveLength(1);
  });

  it("the options factory works without React (fetchInfiniteQuery), in its own cache entry", async () => {
    const queryClient = newQueryClient();
    const client = sandboxClient(orgToken);
    const options = listProductsInfiniteQueryOptions(client, { limit: 2 });
    const data = await queryClient.fetchInfiniteQuery({ ...options, pages: 2 });
    expect(data.pages).toHaveLength(2);
    expect(data.pageParams).toEqual([1, 2]);
    expect(queryClient.getQueryData(options.queryKey)?.pages[1]?.items).toHaveLength(2);
    expect(options.queryKey.at(-1)).toMatchObject({ infinite: true });
  });
});

function Products() {
  const { data, hasNextPage, fetchNextPage } = useListProductsSuspenseInfinite({ limit: 4 });
  // No `data?`: the first page is there on the first render after suspending.
  return (
    <>
      <p>{data.items.map((p) => p.name).join(", ")}</p>
      {hasNextPage && (
        <button type="button" onClick={() => fetchNextPage()}>
          More
        </button>
      )}
    </>
  );
}

describe("Suspense infinite lists", () => {
  it("suspends for the first page, then pages on like the infinite hook", async () => {
    const client = sandboxClient(orgToken);
    const expected = await listProducts(client, { limit: 8 });
    requests.length = 0;
    render(
      <Suspense fallback={<p>loading</p>}>
        <Products />
      </Suspense>,
      { wrapper: providers(newQueryClient(), client) },
    );
    expect(screen.getByText("loading")).toBeTruthy();
    const names = expected.items.map((p) => p.name);
    expect(await screen.findByText(names.slice(0, 4).join(", "))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "More" }));
    expect(await screen.findByText(names.join(", "))).toBeTruthy();
    expect(requests).toHaveLength(2);
  });
});
