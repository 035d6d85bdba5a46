// A query hands its AbortSignal to the request: cancelling the query, or its last observer
// moving to another input, aborts the request itself. The client's timeout is off here and
// the fetch never answers on its own, so only the query's own abort can end a request; and
// each test checks the abort right after the cancellation, failing at once without it.
import { createClient } from "@commerce-api/client/core";
import { CancelledError, QueryClient, QueryObserver } from "@tanstack/query-core";
import { describe, expect, it, vi } from "vitest";
import { listEventsInfiniteQueryOptions, listProductsQueryOptions } from "../src/index.js";

/** A client whose requests hang until aborted; `pending` holds each one's signal. */
function hangingClient() {
  const pending: AbortSignal[] = [];
  const client = createClient({
    baseUrl: "http://sandbox.local",
    token: "polar_oat_acme_all",
    timeoutMs: 0,
    fetch: (request: Request) => {
      pending.push(request.signal);
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
      });
    },
  });
  return { client, pending };
}

/** Waits (a few seconds at most) until `count` requests are in flight. */
async function inFlight(pending: readonly AbortSignal[], count: number) {
  await vi.waitFor(() => expect(pending).toHaveLength(count), { timeout: 5_000, interval: 5 });
}

/** The abort came from the query (TanStack's AbortError), not from a timeout. */
function expectAbortedByTheQuery(signal: AbortSignal) {
  expect(signal.aborted).toBe(true);
  expect((signal.reason as Error).name).toBe("AbortError");
}

describe("cancelling a query aborts its request", () => {
  it("cancelQueries aborts a query's request", async () => {
    const { client, pending } = hangingClient();
    const queryClient = new QueryClient();
    const options = listProductsQueryOptions(client, { limit: 2 });
    const result = queryClient.fetchQuery(options).catch((error: unknown) => error);
    await inFlight(pending, 1);
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    expectAbortedByTheQuery(pending[0]!);
    expect(await result).toBeInstanceOf(CancelledError);
  });

  it("cancelQueries aborts an infinite query's page request", async () => {
    const { client, pending } = hangingClient();
    const queryClient = new QueryClient();
    const options = listEventsInfiniteQueryOptions(client, { limit: 5 });
    const result = queryClient.fetchInfiniteQuery(options).catch((error: unknown) => error);
    await inFlight(pending, 1);
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    expectAbortedByTheQuery(pending[0]!);
    expect(await result).toBeInstanceOf(CancelledError);
  });

  it("an observer moving to a newer input aborts the older input's request", async () => {
    const { client, pending } = hangingClient();
    const observer = new QueryObserver(new QueryClient(), listProductsQueryOptions(client, { limit: 2 }));
    const unsubscribe = observer.subscribe(() => undefined);
    await inFlight(pending, 1);
    observer.setOptions(listProductsQueryOptions(client, { limit: 3 }));
    expectAbortedByTheQuery(pending[0]!);
    await inFlight(pending, 2);
    expect(pending[1]!.aborted).toBe(false);
    unsubscribe();
    // The last observer gone: the newer request is aborted too (an unmounted screen's).
    expectAbortedByTheQuery(pending[1]!);
  });
});
