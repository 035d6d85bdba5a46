// What the primitives promise beyond fetching: the caller's options reach TanStack (tracked like
// the input), the infinite list follows its input, the mutation runs the caller's callbacks
// after its invalidation, and a missing provider says how to add one.
import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { sandboxHandlers } from "@commerce-api/sandbox/msw";
import { cleanup, render, screen, waitFor } from "@solidjs/testing-library";
import { QueryClient, QueryClientProvider } from "@tanstack/solid-query";
import { setupServer } from "msw/node";
import { createSignal, type JSX } from "solid-js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CommerceProvider,
  deleteCustomFieldMutationOptions,
  listEventsInfiniteQueryOptions,
  listProductsQueryKey,
  listProductsQueryOptions,
  useCommerceClient,
  useCommerceInfiniteQuery,
  useCommerceMutation,
  useCommerceQuery,
} from "../src/index.js";

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z"), instantRetries: true });
const server = setupServer(...sandboxHandlers(sandbox));
const requests: string[] = [];
server.events.on("request:start", ({ request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
});
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  sandbox.reset();
  requests.length = 0;
});
afterEach(cleanup);

const client = createClient({ token: "polar_oat_acme_all" });
const missing = "4e8c9d52-0000-4000-8000-000000000000";
const text = (id: string) => screen.getByTestId(id).textContent;

/** Renders `Screen` as a component: its body runs once, untracked, as an app's does. */
function renderWithClient(Screen: () => JSX.Element) {
  const queryClient = new QueryClient();
  render(() => (
    <QueryClientProvider client={queryClient}>
      <CommerceProvider client={client}>
        <Screen />
      </CommerceProvider>
    </QueryClientProvider>
  ));
  return queryClient;
}

describe("@commerce-api/solid-query: the caller's options", () => {
  it("a query and an infinite query wait while the caller's enabled is false, and fetch once it is true", async () => {
    const [enabled, setEnabled] = createSignal(false);
    const queryClient = renderWithClient(() => {
      const products = useCommerceQuery(
        listProductsQueryOptions,
        () => ({ limit: 2 }),
        () => ({ enabled: enabled() }),
      );
      const events = useCommerceInfiniteQuery(
        listEventsInfiniteQueryOptions,
        () => ({ limit: 3 }),
        () => ({
          enabled: enabled(),
        }),
      );
      return (
        <p data-testid="counts">
          {products.data?.items.length ?? 0} products, {events.data?.items.length ?? 0} events
        </p>
      );
    });
    await Promise.resolve();
    // A query that ignored `enabled` would be fetching from the moment it was created.
    expect([queryClient.isFetching(), text("counts"), requests]).toEqual([0, "0 products, 0 events", []]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
    setEnabled(true);
    await waitFor(() => expect(text("counts")).toBe("2 products, 3 events"));
  });

  it("an infinite list refetches from its first page when its input changes", async () => {
    const [limit, setLimit] = createSignal(3);
    renderWithClient(() => {
      const events = useCommerceInfiniteQuery(listEventsInfiniteQueryOptions, () => ({ limit: limit() }));
      return <p data-testid="events">{events.data?.items.length ?? 0} events</p>;
    });
    await waitFor(() => expect(text("events")).toBe("3 events"));
    setLimit(2);
    await waitFor(() => expect(text("events")).toBe("2 events"));
    expect(requests).toEqual(["GET /v1/events/", "GET /v1/events/"]);
  });

  it("a mutation runs the caller's onSuccess after invalidating, and its onError with the typed error", async () => {
    const seen: string[] = [];
    let mutate: (id: string) => Promise<unknown> = async () => undefined;
    const queryClient = renderWithClient(() => {
      const mutation = useCommerceMutation(deleteCustomFieldMutationOptions, () => ({
        onSuccess: () => {
          const state = queryClient.getQueryState(listProductsQueryKey({ limit: 100 }, client));
          seen.push(`success, list invalidated: ${state?.isInvalidated}`);
        },
        onError: (error) => void seen.push(`error ${error.name}`),
      }));
      mutate = (id) => mutation.mutateAsync({ id });
      return <p />;
    });
    const page = await queryClient.fetchQuery(listProductsQueryOptions(client, { limit: 100 }));
    await mutate(page.items.flatMap((p) => p.attached_custom_fields)[0]!.custom_field_id);
    await mutate(missing).catch(() => undefined);
    expect(seen).toEqual(["success, list invalidated: true", "error ResourceNotFoundError"]);
  });

  it("without a CommerceProvider, a primitive says how to add one", () => {
    let message = "";
    render(() => {
      try {
        useCommerceClient();
      } catch (error) {
        message = (error as Error).message;
      }
      return <p />;
    });
    expect(message).toMatch(/no client found; wrap your components in <CommerceProvider client=\{client\}>/);
  });
});
