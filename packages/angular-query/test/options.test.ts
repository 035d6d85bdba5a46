// What the functions promise beyond fetching: the caller's options reach TanStack (tracked like
// the input), the infinite list follows its input, the mutation runs the caller's callbacks
// after its invalidation, and a missing provider says how to add one.
import "@angular/compiler";
import { provideZonelessChangeDetection, signal } from "@angular/core";
import { TestBed } from "@angular/core/testing";
import { BrowserTestingModule, platformBrowserTesting } from "@angular/platform-browser/testing";
import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { sandboxHandlers } from "@commerce-api/sandbox/msw";
import { provideTanStackQuery, QueryClient } from "@tanstack/angular-query-experimental";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  deleteCustomFieldMutationOptions,
  injectCommerceClient,
  injectCommerceInfiniteQuery,
  injectCommerceMutation,
  injectCommerceQuery,
  listEventsInfiniteQueryOptions,
  listProductsQueryKey,
  listProductsQueryOptions,
  provideCommerceClient,
} from "../src/index.js";

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z"), instantRetries: true });
const server = setupServer(...sandboxHandlers(sandbox));
const requests: string[] = [];
server.events.on("request:start", ({ request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
});
beforeAll(() => {
  TestBed.initTestEnvironment(BrowserTestingModule, platformBrowserTesting());
  server.listen({ onUnhandledRequest: "error" });
});
afterAll(() => {
  server.close();
  // The next test file of this worker sets up its own (the files share the worker's imports).
  TestBed.resetTestEnvironment();
});
beforeEach(() => {
  sandbox.reset();
  requests.length = 0;
});
afterEach(() => TestBed.resetTestingModule());

const client = createClient({ token: "polar_oat_acme_all" });
const missing = "4e8c9d52-0000-4000-8000-000000000000";

/** A testing module with a QueryClient and the client provided; `inject` runs in its injection context. */
function provided() {
  const queryClient = new QueryClient();
  TestBed.configureTestingModule({
    providers: [
      provideZonelessChangeDetection(),
      provideTanStackQuery(queryClient),
      provideCommerceClient(client),
    ],
  });
  return { queryClient, inject: <T>(work: () => T) => TestBed.runInInjectionContext(work) };
}

/** Runs Angular's effects until `check` passes (the sandbox answers asynchronously). */
async function until(check: () => void) {
  await expect
    .poll(async () => {
      TestBed.tick();
      await new Promise((resolve) => setTimeout(resolve, 0));
      check();
      return true;
    })
    .toBe(true);
}

describe("@commerce-api/angular-query: the caller's options", () => {
  it("a query and an infinite query wait while the caller's enabled is false, and fetch once it is true", async () => {
    const { queryClient, inject } = provided();
    const enabled = signal(false);
    const products = inject(() =>
      injectCommerceQuery(
        listProductsQueryOptions,
        () => ({ limit: 2 }),
        () => ({ enabled: enabled() }),
      ),
    );
    const events = inject(() =>
      injectCommerceInfiniteQuery(
        listEventsInfiniteQueryOptions,
        () => ({ limit: 3 }),
        () => ({
          enabled: enabled(),
        }),
      ),
    );
    TestBed.tick();
    // A query that ignored `enabled` would be fetching from the moment it was created.
    expect([queryClient.isFetching(), products.data(), events.data(), requests]).toEqual([
      0,
      undefined,
      undefined,
      [],
    ]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
    enabled.set(true);
    await until(() => expect([products.data()?.items.length, events.data()?.items.length]).toEqual([2, 3]));
  });

  it("an infinite list refetches from its first page when its input changes", async () => {
    const { inject } = provided();
    const limit = signal(3);
    const events = inject(() =>
      injectCommerceInfiniteQuery(listEventsInfiniteQueryOptions, () => ({ limit: limit() })),
    );
    await until(() => expect(events.data()?.items).toHaveLength(3));
    limit.set(2);
    await until(() => expect(events.data()?.items).toHaveLength(2));
    expect(requests).toEqual(["GET /v1/events/", "GET /v1/events/"]);
  });

  it("a mutation runs the caller's onSuccess after invalidating, and its onError with the typed error", async () => {
    const { queryClient, inject } = provided();
    const seen: string[] = [];
    const mutation = inject(() =>
      injectCommerceMutation(deleteCustomFieldMutationOptions, () => ({
        onSuccess: () => {
          const state = queryClient.getQueryState(listProductsQueryKey({ limit: 100 }, client));
          seen.push(`success, list invalidated: ${state?.isInvalidated}`);
        },
        onError: (error) => void seen.push(`error ${error.name}`),
      })),
    );
    TestBed.tick();
    const page = await queryClient.fetchQuery(listProductsQueryOptions(client, { limit: 100 }));
    await mutation.mutateAsync({
      id: page.items.flatMap((p) => p.attached_custom_fields)[0]!.custom_field_id,
    });
    await mutation.mutateAsync({ id: missing }).catch(() => undefined);
    expect(seen).toEqual(["success, list invalidated: true", "error ResourceNotFoundError"]);
  });

  it("without a client provided, a function says how to provide one", () => {
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection()] });
    expect(() => TestBed.runInInjectionContext(injectCommerceClient)).toThrow(
      /no client provided; add provideCommerceClient\(client\) to your application's providers/,
    );
  });
});
