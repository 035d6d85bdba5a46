import type { Event } from "@commerce-api/schemas";
import { describe, expect, it } from "vitest";
import {
  balanceOrderEvent,
  benefitGrantedEvent,
  childUserEvent,
  customerUpdatedEvent,
  llmUserEvent,
  meterCreditedEvent,
  orderPaidEvent,
  subscriptionCanceledEvent,
  unknownSystemEvent,
} from "../../../schemas/test/fixtures/events.js";
import { CUSTOMER_ID, ORGANIZATION_ID } from "../../../schemas/test/fixtures/ids.js";
import {
  customerPaymentMethodsPage,
  myPaymentMethodsPage,
} from "../../../schemas/test/fixtures/payment-methods.js";
import { lifetimeProduct, proProduct } from "../../../schemas/test/fixtures/products.js";
import { refundWithDispute, refundWithoutDispute } from "../../../schemas/test/fixtures/refunds.js";
import { activeSubscription, canceledSubscription } from "../../../schemas/test/fixtures/subscriptions.js";
import {
  listCustomerPaymentMethods,
  listCustomerSubscriptions,
  listEvents,
  listMyPaymentMethods,
  listProducts,
  listRefunds,
  type PageOperation,
  paginate,
} from "../../src/index.js";
import { clientFor, type FakeFetch, fakeFetch, json } from "./support.js";

/*
 * `paginate` over the real list operations, against a fake service that
 * answers by the `page` it is asked for and fails the test on any page past
 * the end: so stopping too late shows up as an error, too early as missing items.
 */

type Page = { items: unknown[]; pagination: unknown };

/** Answers `?page=n` with `pages[n-1]`; any other page is a test failure. */
function pagedService(pages: readonly Page[]): FakeFetch {
  return fakeFetch((request) => {
    const page = Number(new URL(request.url).searchParams.get("page"));
    const body = pages[page - 1];
    if (body === undefined) throw new Error(`fake service: page ${page} was not expected`);
    return json(200, body);
  });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const values: T[] = [];
  for await (const value of iterable) values.push(value);
  return values;
}

const pageParams = (fetch: FakeFetch) => fetch.calls.map((call) => call.url.searchParams.get("page"));

const offset = (items: unknown[], totalCount: number, maxPage: number): Page => ({
  items,
  pagination: { total_count: totalCount, max_page: maxPage },
});
const cursor = (items: unknown[], hasNextPage: boolean): Page => ({
  items,
  pagination: { has_next_page: hasNextPage },
});

describe("paginate(listEvents)", () => {
  const offsetPages = [
    offset([llmUserEvent, orderPaidEvent], 5, 3),
    offset([balanceOrderEvent, benefitGrantedEvent], 5, 3),
    offset([meterCreditedEvent], 5, 3),
  ];
  const cursorPages = [
    cursor([unknownSystemEvent, childUserEvent], true),
    cursor([subscriptionCanceledEvent, customerUpdatedEvent], true),
    cursor([llmUserEvent], false),
  ];

  it("offset form: every item to the end, stopping at max_page", async () => {
    const fetch = pagedService(offsetPages);
    const events = await collect(
      paginate(listEvents, clientFor(fetch), { organization_id: ORGANIZATION_ID, limit: 2 }),
    );
    expect(events).toEqual(offsetPages.flatMap((page) => page.items));
    expect(events.map((event) => event.name)).toEqual([
      "ai_usage",
      "order.paid",
      "balance.order",
      "benefit.granted",
      "meter.credited",
    ]);
    expect(pageParams(fetch)).toEqual(["1", "2", "3"]);
    // The rest of the input goes along on every page.
    for (const call of fetch.calls) {
      expect(call.url.searchParams.get("organization_id")).toBe(ORGANIZATION_ID);
      expect(call.url.searchParams.get("limit")).toBe("2");
      expect(call.url.searchParams.has("cursor_pagination")).toBe(false);
    }
  });

  it("cursor form: every item to the end, stopping when has_next_page is false", async () => {
    const fetch = pagedService(cursorPages);
    const events = await collect(
      paginate(listEvents, clientFor(fetch), { cursor_pagination: true, limit: 2 }),
    );
    expect(events).toEqual(cursorPages.flatMap((page) => page.items));
    expect(events.map((event) => event.name)).toEqual([
      "meter.drained",
      "tool_call",
      "subscription.canceled",
      "customer.updated",
      "ai_usage",
    ]);
    expect(pageParams(fetch)).toEqual(["1", "2", "3"]);
    expect(fetch.calls.map((call) => call.url.search)).toEqual([
      "?page=1&limit=2&cursor_pagination=true",
      "?page=2&limit=2&cursor_pagination=true",
      "?page=3&limit=2&cursor_pagination=true",
    ]);
  });

  it("a grouped method walks the same pages: paginate(client.events.list, input, options)", async () => {
    const fetch = pagedService(cursorPages);
    const client = clientFor(fetch);
    const controller = new AbortController();
    const events = await collect(
      paginate(client.events.list, { cursor_pagination: true, limit: 2 }, { signal: controller.signal }),
    );
    expect(events).toEqual(cursorPages.flatMap((page) => page.items));
    expect(pageParams(fetch)).toEqual(["1", "2", "3"]);
    for (const call of fetch.calls) expect(call.url.searchParams.get("limit")).toBe("2");

    const pages = await collect(paginate(client.events.list, { cursor_pagination: true, limit: 2 }).pages());
    expect(pages).toEqual(cursorPages);
  });

  it("a grouped method's options reach every page: an aborted signal ends the walk with its reason", async () => {
    const fetch = pagedService(cursorPages);
    const controller = new AbortController();
    const reason = new Error("stop");
    const walk = paginate(
      clientFor(fetch).events.list,
      { cursor_pagination: true },
      { signal: controller.signal },
    );
    const seen: unknown[] = [];
    const run = (async () => {
      for await (const event of walk) {
        seen.push(event);
        controller.abort(reason);
      }
    })();
    await expect(run).rejects.toBe(reason);
    expect(seen).toHaveLength(2);
    expect(pageParams(fetch)).toEqual(["1"]);
  });

  it("a grouped method's per-call headers and signal go with every page's request, not only the first", async () => {
    const fetch = pagedService(offsetPages);
    const controller = new AbortController();
    const walk = paginate(
      clientFor(fetch).events.list,
      { limit: 2 },
      {
        headers: { "x-request-tag": "export-7" },
        signal: controller.signal,
      },
    );
    expect(await collect(walk)).toHaveLength(5);
    expect(fetch.calls.map((call) => call.headers.get("x-request-tag"))).toEqual([
      "export-7",
      "export-7",
      "export-7",
    ]);
  });

  it("a grouped method's signal reaches a later page's request while it is under way", async () => {
    const controller = new AbortController();
    const reason = new Error("user left the page");
    // Page 1 answers; page 2 hangs until its request is aborted, as real fetch does.
    const fetch = fakeFetch(
      json(200, offsetPages[0]),
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal.addEventListener("abort", () => reject(request.signal.reason));
          controller.abort(reason);
          if (!request.signal.aborted) reject(new Error("the caller's signal did not reach page 2"));
        }),
    );
    const walk = paginate(clientFor(fetch).events.list, { limit: 2 }, { signal: controller.signal });
    await expect(collect(walk)).rejects.toBe(reason);
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[1]!.signal.aborted).toBe(true);
  });

  it(".pages() yields the whole pages, pagination included, in both forms", async () => {
    const offsetFetch = pagedService(offsetPages);
    const offsetResult = await collect(paginate(listEvents, clientFor(offsetFetch), { limit: 2 }).pages());
    expect(offsetResult).toEqual(offsetPages);

    const cursorFetch = pagedService(cursorPages);
    const cursorResult = await collect(
      paginate(listEvents, clientFor(cursorFetch), { limit: 2, cursor_pagination: true }).pages(),
    );
    expect(cursorResult).toEqual(cursorPages);
    expect(cursorResult.map((page) => page.pagination)).toEqual([
      { has_next_page: true },
      { has_next_page: true },
      { has_next_page: false },
    ]);
  });

  it("starts at input.page", async () => {
    const fetch = pagedService(cursorPages);
    const events = await collect(
      paginate(listEvents, clientFor(fetch), { cursor_pagination: true, page: 2 }),
    );
    expect(events).toHaveLength(3);
    expect(pageParams(fetch)).toEqual(["2", "3"]);
  });

  it("is lazy: nothing is fetched before iterating, and break stops fetching", async () => {
    const fetch = pagedService(cursorPages);
    const paginator = paginate(listEvents, clientFor(fetch), { cursor_pagination: true });
    expect(fetch.calls).toHaveLength(0);
    const seen: Event[] = [];
    for await (const event of paginator) {
      seen.push(event);
      if (seen.length === 3) break;
    }
    expect(seen.map((event) => event.id)).toEqual([
      unknownSystemEvent.id,
      childUserEvent.id,
      subscriptionCanceledEvent.id,
    ]);
    expect(pageParams(fetch)).toEqual(["1", "2"]);
  });

  it("a single page (max_page 1) is one request", async () => {
    const fetch = pagedService([offset([llmUserEvent], 1, 1)]);
    expect(await collect(paginate(listEvents, clientFor(fetch), {}))).toHaveLength(1);
    expect(fetch.calls).toHaveLength(1);
  });

  it("no results at all (total_count 0, max_page 0) is one request and no items", async () => {
    const fetch = pagedService([offset([], 0, 0)]);
    expect(await collect(paginate(listEvents, clientFor(fetch), {}))).toEqual([]);
    expect(fetch.calls).toHaveLength(1);
  });
});

describe("paginate(listProducts)", () => {
  const pages = [offset([proProduct], 2, 2), offset([lifetimeProduct], 2, 2)];

  it("items across pages", async () => {
    const fetch = pagedService(pages);
    const products = await collect(
      paginate(listProducts, clientFor(fetch), {
        organization_id: ORGANIZATION_ID,
        limit: 1,
        is_archived: false,
      }),
    );
    expect(products).toEqual([proProduct, lifetimeProduct]);
    expect(products.map((product) => product.name)).toEqual(["Pro", "Lifetime license"]);
    expect(fetch.calls.map((call) => call.url.search)).toEqual([
      `?organization_id=${ORGANIZATION_ID}&is_archived=false&page=1&limit=1`,
      `?organization_id=${ORGANIZATION_ID}&is_archived=false&page=2&limit=1`,
    ]);
  });

  it(".pages()", async () => {
    const fetch = pagedService(pages);
    const result = await collect(paginate(listProducts, clientFor(fetch), { limit: 1 }).pages());
    expect(result).toEqual(pages);
    expect(result.map((page) => page.pagination)).toEqual([
      { total_count: 2, max_page: 2 },
      { total_count: 2, max_page: 2 },
    ]);
  });

  it("iterating again starts over", async () => {
    const fetch = pagedService(pages);
    const paginator = paginate(listProducts, clientFor(fetch), { limit: 1 });
    await collect(paginator);
    await collect(paginator);
    expect(pageParams(fetch)).toEqual(["1", "2", "1", "2"]);
  });
});

describe("paginate over the other list operations", () => {
  const listCases: [string, PageOperation, unknown, unknown[], string][] = [
    ["listRefunds", listRefunds, { limit: 1 }, [refundWithoutDispute, refundWithDispute], "/v1/refunds/"],
    [
      "listCustomerSubscriptions",
      listCustomerSubscriptions,
      { limit: 1, active: true },
      [activeSubscription, canceledSubscription],
      "/v1/customer-portal/subscriptions/",
    ],
    [
      "listCustomerPaymentMethods",
      listCustomerPaymentMethods,
      { id: CUSTOMER_ID, limit: 1 },
      customerPaymentMethodsPage.items,
      `/v1/customers/${CUSTOMER_ID}/payment-methods`,
    ],
    [
      "listMyPaymentMethods",
      listMyPaymentMethods,
      { limit: 1 },
      myPaymentMethodsPage.items,
      "/v1/customer-portal/customers/me/payment-methods",
    ],
  ];

  it.each(listCases)("%s walks two offset pages", async (_id, op, input, items, path) => {
    const fetch = pagedService(items.map((item) => offset([item], items.length, items.length)));
    const result = await collect(paginate(op, clientFor(fetch), input as never));
    expect(result).toEqual(items);
    expect(pageParams(fetch)).toEqual(["1", "2"]);
    expect(fetch.calls.every((call) => call.url.pathname === path)).toBe(true);
  });
});
