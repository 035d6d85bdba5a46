// What the functions promise beyond fetching: the caller's options reach TanStack (tracked like
// the input), the infinite list follows its input, the mutation runs the caller's callbacks
// after its invalidation, and a missing client says how to set one.
import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { sandboxHandlers } from "@commerce-api/sandbox/msw";
import { QueryClient } from "@tanstack/svelte-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { setupServer } from "msw/node";
import { tick } from "svelte";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listProductsQueryOptions } from "../src/index.js";
import NoClient from "./NoClient.svelte";
import Options from "./Options.svelte";

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
afterEach(() => document.body.replaceChildren());

const client = createClient({ token: "polar_oat_acme_all" });
const missing = "4e8c9d52-0000-4000-8000-000000000000";
const text = (id: string) => screen.getByTestId(id).textContent;

function renderOptions(props: { enabled?: boolean; eventsLimit?: number; removeId?: string } = {}) {
  const queryClient = new QueryClient();
  const seen: string[] = [];
  const view = render(Options, {
    queryClient,
    client,
    enabled: true,
    eventsLimit: 3,
    removeId: missing,
    seen,
    ...props,
  });
  return { ...view, queryClient, seen };
}

describe("@commerce-api/svelte-query: the caller's options", () => {
  it("a query and an infinite query wait while the caller's enabled is false, and fetch once it is true", async () => {
    const { rerender, queryClient } = renderOptions({ enabled: false });
    await tick();
    // A query that ignored `enabled` would be fetching from the moment it was created.
    expect([queryClient.isFetching(), text("products"), text("events")]).toEqual([
      0,
      "0 products",
      "0 events",
    ]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
    await rerender({ enabled: true });
    await waitFor(() => expect([text("products"), text("events")]).toEqual(["2 products", "3 events"]));
  });

  it("an infinite list refetches from its first page when its input changes", async () => {
    const { rerender } = renderOptions({ eventsLimit: 3 });
    await waitFor(() => expect(text("events")).toBe("3 events"));
    await rerender({ eventsLimit: 2 });
    await waitFor(() => expect(text("events")).toBe("2 events"));
    expect(requests.filter((r) => r === "GET /v1/events/")).toHaveLength(2);
  });

  it("a mutation runs the caller's onSuccess after invalidating, and its onError with the typed error", async () => {
    const { rerender, queryClient, seen } = renderOptions();
    const page = await queryClient.fetchQuery(listProductsQueryOptions(client, { limit: 100 }));
    await rerender({ removeId: page.items.flatMap((p) => p.attached_custom_fields)[0]!.custom_field_id });
    await fireEvent.click(screen.getByText("delete"));
    await waitFor(() => expect(seen).toEqual(["success, list invalidated: true"]));
    await rerender({ removeId: missing });
    await fireEvent.click(screen.getByText("delete"));
    await waitFor(() =>
      expect(seen).toEqual(["success, list invalidated: true", "error ResourceNotFoundError"]),
    );
  });

  it("without a client set, a function says how to set one", () => {
    render(NoClient);
    expect(text("message")).toMatch(
      /no client set; call setCommerceClient\(client\) in a parent component's script/,
    );
  });
});
