import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { sandboxHandlers } from "@commerce-api/sandbox/msw";
import { QueryClient } from "@tanstack/svelte-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import Screen from "./Screen.svelte";

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

it("a list, an infinite list, a mutation that refetches the list, a typed error, a prop change refetching", async () => {
  const client = createClient({ token: "polar_oat_acme_all" });
  const { rerender } = render(Screen, {
    queryClient: new QueryClient(),
    client,
    limit: 100,
    keyId: "missing",
  });

  await waitFor(() => expect(text("products")).not.toBe("0 products"));
  // The client's typed error: an id that is no UUID is refused before any request.
  await waitFor(() => expect(text("error")).toBe("InvalidInputError"));
  expect(requests.some((r) => r.includes("license-keys"))).toBe(false);

  await waitFor(() => expect(text("events")).toBe("3 events"));
  await fireEvent.click(screen.getByText("more"));
  await waitFor(() => expect(text("events")).toBe("6 events"));

  const field = text("fields")!.split(",")[0]!;
  expect(productRequests()).toBe(1);
  await fireEvent.click(screen.getByText("delete"));
  await waitFor(() => expect(text("fields")!.split(",")).not.toContain(field));
  expect(productRequests()).toBe(2);

  await rerender({ limit: 2 });
  await waitFor(() => expect(text("products")).toBe("2 products"));
  expect(productRequests()).toBe(3);
});
