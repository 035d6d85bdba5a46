import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { sandboxHandlers } from "@commerce-api/sandbox/msw";
import { fireEvent, render, screen, waitFor } from "@solidjs/testing-library";
import { QueryClient, QueryClientProvider } from "@tanstack/solid-query";
import { setupServer } from "msw/node";
import { createSignal } from "solid-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  CommerceProvider,
  deleteCustomFieldMutationOptions,
  getCustomerLicenseKeyQueryOptions,
  listEventsInfiniteQueryOptions,
  listProductsQueryOptions,
  useCommerceInfiniteQuery,
  useCommerceMutation,
  useCommerceQuery,
} from "../src/index.js";

// The app's own client (no baseUrl: production), answered by the sandbox through MSW.
const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z"), instantRetries: true });
const server = setupServer(...sandboxHandlers(sandbox));
const requests: string[] = [];
server.events.on("request:start", ({ request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
});
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const text = (id: string) => screen.getByTestId(id).textContent;
const productRequests = () => requests.filter((r) => r === "GET /v1/products/").length;

it("a list, an infinite list, a mutation that refetches the list, a typed error, an accessor change refetching", async () => {
  const [limit, setLimit] = createSignal(100);
  function Screen() {
    const products = useCommerceQuery(listProductsQueryOptions, () => ({ limit: limit() }));
    const events = useCommerceInfiniteQuery(listEventsInfiniteQueryOptions, () => ({ limit: 3 }));
    const remove = useCommerceMutation(deleteCustomFieldMutationOptions);
    const licenseKey = useCommerceQuery(getCustomerLicenseKeyQueryOptions, () => ({ id: "missing" }));
    const fields = () =>
      products.data?.items.flatMap((p) => p.attached_custom_fields.map((f) => f.custom_field_id)) ?? [];
    return (
      <>
        <p data-testid="products">{products.data?.items.length ?? 0} products</p>
        <p data-testid="fields">{fields().join(",")}</p>
        <p data-testid="events">{events.data?.items.length ?? 0} events</p>
        <button type="button" onClick={() => events.fetchNextPage()}>
          more
        </button>
        <button type="button" onClick={() => remove.mutate({ id: fields()[0]! })}>
          delete
        </button>
        <p data-testid="error">{licenseKey.error?.name ?? ""}</p>
      </>
    );
  }
  const client = createClient({ token: "polar_oat_acme_all" });
  render(() => (
    <QueryClientProvider client={new QueryClient()}>
      <CommerceProvider client={client}>
        <Screen />
      </CommerceProvider>
    </QueryClientProvider>
  ));

  await waitFor(() => expect(text("products")).not.toBe("0 products"));
  // The client's typed error: an id that is no UUID is refused before any request.
  await waitFor(() => expect(text("error")).toBe("InvalidInputError"));

  await waitFor(() => expect(text("events")).toBe("3 events"));
  fireEvent.click(screen.getByText("more"));
  await waitFor(() => expect(text("events")).toBe("6 events"));

  const field = text("fields")!.split(",")[0]!;
  expect(productRequests()).toBe(1);
  fireEvent.click(screen.getByText("delete"));
  await waitFor(() => expect(text("fields")!.split(",")).not.toContain(field));
  expect(productRequests()).toBe(2);

  setLimit(2);
  await waitFor(() => expect(text("products")).toBe("2 products"));
  expect(productRequests()).toBe(3);
});
