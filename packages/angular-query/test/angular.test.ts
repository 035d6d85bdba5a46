import "@angular/compiler";
import { Component, provideZonelessChangeDetection, signal } from "@angular/core";
import { TestBed } from "@angular/core/testing";
import { BrowserTestingModule, platformBrowserTesting } from "@angular/platform-browser/testing";
import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { sandboxHandlers } from "@commerce-api/sandbox/msw";
import { provideTanStackQuery, QueryClient } from "@tanstack/angular-query-experimental";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  deleteCustomFieldMutationOptions,
  getCustomerLicenseKeyQueryOptions,
  injectCommerceInfiniteQuery,
  injectCommerceMutation,
  injectCommerceQuery,
  listEventsInfiniteQueryOptions,
  listProductsQueryOptions,
  provideCommerceClient,
} from "../src/index.js";

// The app's own client (no baseUrl: production), answered by the sandbox through MSW.
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

const limit = signal(100);

// A screen as an app writes it (decorator applied as a call: no decorator transform needed).
class Screen {
  readonly products = injectCommerceQuery(listProductsQueryOptions, () => ({ limit: limit() }));
  readonly events = injectCommerceInfiniteQuery(listEventsInfiniteQueryOptions, () => ({ limit: 3 }));
  readonly remove = injectCommerceMutation(deleteCustomFieldMutationOptions);
  readonly licenseKey = injectCommerceQuery(getCustomerLicenseKeyQueryOptions, () => ({ id: "missing" }));
  fields(): string[] {
    return (
      this.products.data()?.items.flatMap((p) => p.attached_custom_fields.map((f) => f.custom_field_id)) ?? []
    );
  }
}
Component({
  selector: "app-screen",
  template: `
    <p id="products">{{ products.data()?.items?.length ?? 0 }} products</p>
    <p id="fields">{{ fields().join(",") }}</p>
    <p id="events">{{ events.data()?.items?.length ?? 0 }} events</p>
    <p id="error">{{ licenseKey.error()?.name ?? "" }}</p>
  `,
})(Screen);

it("a list, an infinite list, a mutation that refetches the list, a typed error, a signal change refetching", async () => {
  TestBed.configureTestingModule({
    providers: [
      provideZonelessChangeDetection(),
      provideTanStackQuery(new QueryClient()),
      provideCommerceClient(createClient({ token: "polar_oat_acme_all" })),
    ],
  });
  const fixture = TestBed.createComponent(Screen);
  const element = fixture.nativeElement as HTMLElement;
  const text = (id: string) => element.querySelector(`#${id}`)!.textContent!.trim();
  const shows = async (check: () => void) =>
    expect
      .poll(async () => {
        await fixture.whenStable();
        fixture.detectChanges();
        check();
        return true;
      })
      .toBe(true);
  const productRequests = () => requests.filter((r) => r === "GET /v1/products/").length;

  await shows(() => expect(text("products")).not.toBe("0 products"));
  // The client's typed error: an id that is no UUID is refused before any request.
  await shows(() => expect(text("error")).toBe("InvalidInputError"));

  await shows(() => expect(text("events")).toBe("3 events"));
  await fixture.componentInstance.events.fetchNextPage();
  await shows(() => expect(text("events")).toBe("6 events"));

  const field = text("fields").split(",")[0]!;
  expect(productRequests()).toBe(1);
  await fixture.componentInstance.remove.mutateAsync({ id: field });
  await shows(() => expect(text("fields").split(",")).not.toContain(field));
  expect(productRequests()).toBe(2);

  limit.set(2);
  await shows(() => expect(text("products")).toBe("2 products"));
  expect(productRequests()).toBe(3);
});
