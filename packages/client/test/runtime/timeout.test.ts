import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TimeoutError } from "../../src/errors.js";
import { request } from "../../src/request.js";
import {
  failure,
  fakeFetch,
  getThing,
  hangingFetch,
  json,
  testClient,
  validateKeyOperation,
} from "./helpers.js";

/*
 * Timeouts are per attempt, on fake timers. POSTs (not retried) keep each
 * case to one attempt; retries of timed-out GETs are covered in retry.test.ts.
 */

const keyInput = { key: "K-1", organization_id: "org" };
const validated = { id: "k1", status: "granted", usage: 1 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function failsAfter<T>(ms: number, promise: Promise<T>): Promise<unknown> {
  promise.catch(() => {});
  await vi.advanceTimersByTimeAsync(ms);
  return failure(promise);
}

describe("timeouts", () => {
  it("gives TimeoutError, with the abort as cause, when no response arrives in time", async () => {
    const fetch = hangingFetch();
    const call = request(testClient(fetch, { timeoutMs: 5000 }), validateKeyOperation, keyInput);
    const error = await failsAfter(5000, call);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ name: "TimeoutError", timeoutMs: 5000, method: "POST" });
    expect((error as TimeoutError).cause).toMatchObject({ name: "TimeoutError" });
    expect((error as Error).message).toBe("POST /v1/license-keys/validate: no response within 5000 ms");
    expect(fetch.calls[0]?.signal.aborted).toBe(true);
  });

  it("uses 30 s by default", async () => {
    const call = request(testClient(hangingFetch()), validateKeyOperation, keyInput);
    call.catch(() => {});
    await vi.advanceTimersByTimeAsync(29_999);
    expect(
      await Promise.race([
        call.then(
          () => "settled",
          () => "settled",
        ),
        Promise.resolve("pending"),
      ]),
    ).toBe("pending");
    expect(await failsAfter(1, call)).toBeInstanceOf(TimeoutError);
  });

  it("holds even when a custom fetch ignores the signal", async () => {
    const fetch = fakeFetch(() => new Promise<Response>(() => {}));
    const error = await failsAfter(
      100,
      request(testClient(fetch, { timeoutMs: 100 }), validateKeyOperation, keyInput),
    );
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it("covers reading the body", async () => {
    const endless = () => new Response(new ReadableStream({ start() {} }), { status: 200 });
    const call = request(testClient(fakeFetch(endless), { timeoutMs: 100 }), validateKeyOperation, keyInput);
    expect(await failsAfter(100, call)).toBeInstanceOf(TimeoutError);
  });

  it("lets a call override the client's timeout", async () => {
    const client = testClient(hangingFetch(), { timeoutMs: 60_000 });
    const error = await failsAfter(250, request(client, validateKeyOperation, keyInput, { timeoutMs: 250 }));
    expect(error).toMatchObject({ name: "TimeoutError", timeoutMs: 250 });
  });

  it("covers a token function that never settles", async () => {
    const fetch = fakeFetch(json(200, validated));
    const client = testClient(fetch, { timeoutMs: 100, token: () => new Promise<string>(() => {}) });
    const error = await failsAfter(100, request(client, validateKeyOperation, keyInput));
    expect(error).toMatchObject({ name: "TimeoutError", timeoutMs: 100 });
    expect(fetch.calls).toHaveLength(0);
  });

  it("covers an onResponse hook that never settles", async () => {
    const client = testClient(fakeFetch(json(200, validated)), {
      timeoutMs: 100,
      onResponse: () => new Promise<void>(() => {}),
    });
    const error = await failsAfter(100, request(client, validateKeyOperation, keyInput));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it.each([0, Number.POSITIVE_INFINITY])("is off with timeoutMs %s", async (timeoutMs) => {
    const slow = () =>
      new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, validated)), 120_000));
    const call = request(testClient(fakeFetch(slow), { timeoutMs }), validateKeyOperation, keyInput);
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(call).resolves.toEqual(validated);
  });
});

describe("caller aborts", () => {
  it("reject with the caller's reason as is, and are not retried", async () => {
    const fetch = hangingFetch();
    const controller = new AbortController();
    const reason = new Error("navigated away");
    const call = getThing(testClient(fetch), { id: "t1" }, { signal: controller.signal });
    call.catch(() => {});
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(reason);
    expect(await failure(call)).toBe(reason);
    await vi.runAllTimersAsync();
    expect(fetch.calls).toHaveLength(1);
  });

  it("reject with the default AbortError when aborted without a reason", async () => {
    const controller = new AbortController();
    const call = getThing(testClient(hangingFetch()), { id: "t1" }, { signal: controller.signal });
    call.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect(await failure(call)).toMatchObject({ name: "AbortError" });
  });

  it("keep a caller's own timeout signal's reason, not our TimeoutError", async () => {
    const controller = new AbortController();
    const theirs = new DOMException("signal timed out", "TimeoutError");
    const call = getThing(testClient(hangingFetch()), { id: "t1" }, { signal: controller.signal });
    call.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    controller.abort(theirs);
    const error = await failure(call);
    expect(error).toBe(theirs);
    expect(error).not.toBeInstanceOf(TimeoutError);
  });

  it("end a call stuck in an onRequest hook, with the caller's reason and nothing sent", async () => {
    const fetch = fakeFetch(json(200, validated));
    const client = testClient(fetch, { timeoutMs: 0, onRequest: () => new Promise<void>(() => {}) });
    const controller = new AbortController();
    const reason = new Error("user cancelled");
    const call = request(client, validateKeyOperation, keyInput, { signal: controller.signal });
    call.catch(() => {});
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(reason);
    expect(await failure(call)).toBe(reason);
    expect(fetch.calls).toHaveLength(0);
  });

  it("send nothing when the signal is already aborted", async () => {
    const fetch = fakeFetch(json(200, {}));
    const reason = new Error("cancelled");
    const error = await failure(
      getThing(testClient(fetch), { id: "t1" }, { signal: AbortSignal.abort(reason) }),
    );
    expect(error).toBe(reason);
    expect(fetch.calls).toHaveLength(0);
  });

  it("leave no listener behind on a long-lived signal", async () => {
    const controller = new AbortController();
    const fetch = fakeFetch(json(200, { id: "t1", name: "Thing" }));
    const client = testClient(fetch);
    for (let i = 0; i < 3; i++) await getThing(client, { id: "t1" }, { signal: controller.signal });
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});
