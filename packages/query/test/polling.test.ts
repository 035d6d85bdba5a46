// @vitest-environment happy-dom
// (TanStack Query keeps no interval on a server: it polls only where there is a `window`.)
//
// An operation that answers null while not ready (a receipt being generated) asks again at the
// interval given to pollWhileNull, and stops once there is data. Fake timers: the intervals are
// stepped through, never waited for.
import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { QueryClient, QueryObserver } from "@tanstack/query-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getOrderReceiptQueryOptions, pendingPollIntervalMs, pollWhileNull } from "../src/index.js";

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z") });

/** A customer whose order's receipt answers 202 (null: not ready) `notReadyFor` times, then the sandbox's URL. */
function customerWithReceipt(notReadyFor: number) {
  sandbox.reset();
  const order = sandbox.add.order();
  let asked = 0;
  const client = createClient({
    baseUrl: "http://sandbox.local",
    token: sandbox.add.customerSession(order.customer_id),
    timeoutMs: 0,
    fetch: async (request: Request) => {
      asked += 1;
      return asked <= notReadyFor ? new Response(null, { status: 202 }) : sandbox.fetch(request);
    },
  });
  return { client, order, asked: () => asked };
}

/** Steps the fake clock by `ms` and lets the requests it started answer. */
async function elapse(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  for (let turn = 0; turn < 20; turn++) await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("polling while the answer is null", () => {
  it("pollWhileNull(ms) asks again every ms while the answer is null, then stops", async () => {
    const { client, order, asked } = customerWithReceipt(2);
    const options = getOrderReceiptQueryOptions(
      client,
      { id: order.id },
      { refetchInterval: pollWhileNull(100) },
    );
    const observer = new QueryObserver(new QueryClient(), options);
    const unsubscribe = observer.subscribe(() => undefined);
    await elapse(0);
    expect([asked(), observer.getCurrentResult().data]).toEqual([1, null]);
    await elapse(99);
    expect(asked()).toBe(1);
    await elapse(1);
    expect([asked(), observer.getCurrentResult().data]).toEqual([2, null]);
    await elapse(100);
    expect(asked()).toBe(3);
    expect(observer.getCurrentResult().data?.url).toContain(`/__sandbox/receipts/${order.id}.pdf`);
    await elapse(1_000);
    expect(asked()).toBe(3); // data: no more polling
    unsubscribe();
  });

  it("by default the receipt polls every pendingPollIntervalMs", async () => {
    const { client, order, asked } = customerWithReceipt(1);
    const observer = new QueryObserver(
      new QueryClient(),
      getOrderReceiptQueryOptions(client, { id: order.id }),
    );
    const unsubscribe = observer.subscribe(() => undefined);
    await elapse(0);
    await elapse(pendingPollIntervalMs - 1);
    expect(asked()).toBe(1);
    await elapse(1);
    expect(asked()).toBe(2);
    expect(observer.getCurrentResult().data).not.toBeNull();
    unsubscribe();
  });

  it("polls only after a null success: not after data, not after an error", () => {
    const every50 = pollWhileNull(50);
    expect(every50({ state: { status: "success", data: null } })).toBe(50);
    expect(every50({ state: { status: "success", data: { url: "u" } } })).toBe(false);
    expect(every50({ state: { status: "error", data: null } })).toBe(false);
    expect(every50({ state: { status: "pending", data: undefined } })).toBe(false);
  });
});
