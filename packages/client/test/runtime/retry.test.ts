import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCoreClient } from "../../src/client.js";
import { ApiError, NetworkError, TimeoutError } from "../../src/errors.js";
import type { OperationDefinition } from "../../src/operation.js";
import { request } from "../../src/request.js";
import { defaultRetryPolicy, parseRetryAfter, retryDelay, retryPolicyFor } from "../../src/retry.js";
import { string } from "../../src/validate.js";
import {
  deleteThingOperation,
  type FakeFetch,
  failure,
  fakeFetch,
  getThing,
  getThingOperation,
  hangingFetch,
  json,
  objectCheck,
  type Thing,
  testClient,
  validateKeyOperation,
} from "./helpers.js";

/*
 * Retry waits run on fake timers: tests advance the clock instead of waiting,
 * and assert how many requests were made at each point of fake time.
 */

const thing = { id: "t1", name: "Thing" };
const keyInput = { key: "K-1", organization_id: "org" };
const validated = { id: "k1", status: "granted", usage: 1 };

function status(code: number, headers: Record<string, string> = {}): Response {
  return json(code, { error: "Busy", detail: `status ${code}` }, headers);
}

/** Runs a call to completion on fake time. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {}); // observed below; keeps an early rejection from being reported as unhandled
  await vi.runAllTimersAsync();
  return promise;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("which calls are retried", () => {
  it.each([429, 502, 503, 504])("retries a GET on %i", async (code) => {
    const fetch = fakeFetch(status(code), json(200, thing));
    await expect(settle(getThing(testClient(fetch), { id: "t1" }))).resolves.toEqual(thing);
    expect(fetch.calls).toHaveLength(2);
  });

  it("retries a GET after a network error", async () => {
    const fetch = fakeFetch(new TypeError("fetch failed"), json(200, thing));
    await expect(settle(getThing(testClient(fetch), { id: "t1" }))).resolves.toEqual(thing);
    expect(fetch.calls).toHaveLength(2);
  });

  it("retries a DELETE on 503", async () => {
    const fetch = fakeFetch(status(503), new Response(null, { status: 204 }));
    await expect(
      settle(request(testClient(fetch), deleteThingOperation, { id: "t1" })),
    ).resolves.toBeUndefined();
    expect(fetch.calls).toHaveLength(2);
  });

  it("sends PUT and PATCH with their bodies; retries a PUT (idempotent) on 503, a PATCH only when opted in", async () => {
    const Rename = objectCheck(true, { id: string, name: string });
    const definition = (
      method: "PUT" | "PATCH",
    ): OperationDefinition<{ id: string; name: string }, Thing> => ({
      ...getThingOperation,
      id: `${method.toLowerCase()}Thing`,
      method,
      queryParameters: undefined,
      serializeQuery: undefined,
      bodyFields: ["name"],
      input: Rename,
    });
    const put = fakeFetch(status(503), json(200, thing));
    await expect(
      settle(request(testClient(put), definition("PUT"), { id: "t1", name: "Thing" })),
    ).resolves.toEqual(thing);
    expect(put.calls.map((call) => [call.method, call.url.pathname, call.body])).toEqual([
      ["PUT", "/v1/things/t1", '{"name":"Thing"}'],
      ["PUT", "/v1/things/t1", '{"name":"Thing"}'],
    ]);

    const patch = fakeFetch(status(503), json(200, thing));
    const error = await failure(
      settle(request(testClient(patch), definition("PATCH"), { id: "t1", name: "T" })),
    );
    expect(error).toMatchObject({ status: 503 });
    expect(patch.calls.map((call) => call.method)).toEqual(["PATCH"]);

    const optedIn = fakeFetch(status(503), json(200, thing));
    const call = request(
      testClient(optedIn),
      definition("PATCH"),
      { id: "t1", name: "T" },
      { retry: { retryPost: true } },
    );
    await expect(settle(call)).resolves.toEqual(thing);
    expect(optedIn.calls).toHaveLength(2);
  });

  it("does not retry a 500", async () => {
    const fetch = fakeFetch(status(500), json(200, thing));
    const error = await failure(settle(getThing(testClient(fetch), { id: "t1" })));
    expect(error).toMatchObject({ status: 500 });
    expect(fetch.calls).toHaveLength(1);
  });

  it("does not retry other client errors (404, 422)", async () => {
    for (const code of [404, 422]) {
      const fetch = fakeFetch(status(code), json(200, thing));
      await failure(settle(getThing(testClient(fetch), { id: "t1" })));
      expect(fetch.calls).toHaveLength(1);
    }
  });

  it("never retries a POST by default, on a status or a network error", async () => {
    for (const first of [status(503), status(429, { "retry-after": "1" }), new TypeError("fetch failed")]) {
      const fetch = fakeFetch(first, json(200, validated));
      await failure(settle(request(testClient(fetch), validateKeyOperation, keyInput)));
      expect(fetch.calls).toHaveLength(1);
    }
  });

  it("retries a POST when the call opts in", async () => {
    const fetch = fakeFetch(status(503), new TypeError("fetch failed"), json(200, validated));
    const call = request(testClient(fetch), validateKeyOperation, keyInput, { retry: { retryPost: true } });
    await expect(settle(call)).resolves.toEqual(validated);
    expect(fetch.calls).toHaveLength(3);
    expect(fetch.calls.map((c) => c.body)).toEqual(Array(3).fill(JSON.stringify(keyInput)));
  });

  it("turns retries off per call or per client, and back on per call", async () => {
    const fetch = fakeFetch(status(503));
    await failure(settle(getThing(testClient(fetch), { id: "t1" }, { retry: false })));
    expect(fetch.calls).toHaveLength(1);

    const noRetries = testClient(fetch, { retry: false });
    await failure(settle(getThing(noRetries, { id: "t1" })));
    expect(fetch.calls).toHaveLength(2);

    await failure(settle(getThing(noRetries, { id: "t1" }, { retry: { maxRetries: 1 } })));
    expect(fetch.calls).toHaveLength(4);
  });

  it("stops after maxRetries and throws the last error", async () => {
    const fetch = fakeFetch(status(503));
    const error = await failure(settle(getThing(testClient(fetch), { id: "t1" })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503 });
    expect(fetch.calls).toHaveLength(1 + defaultRetryPolicy.maxRetries);

    const more = fakeFetch(new TypeError("fetch failed"));
    const networkError = await failure(
      settle(getThing(testClient(more, { retry: { maxRetries: 4 } }), { id: "t1" })),
    );
    expect(networkError).toBeInstanceOf(NetworkError);
    expect(more.calls).toHaveLength(5);
  });

  it("retries a GET whose attempt timed out, then gives TimeoutError", async () => {
    const fetch = hangingFetch();
    const error = await failure(settle(getThing(testClient(fetch, { timeoutMs: 1000 }), { id: "t1" })));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(fetch.calls).toHaveLength(3);
  });
});

describe("how long it waits", () => {
  it("honours Retry-After in seconds", async () => {
    const fetch = fakeFetch(status(429, { "retry-after": "3" }), json(200, thing));
    const call = getThing(testClient(fetch), { id: "t1" });
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls).toHaveLength(2);
    await expect(call).resolves.toEqual(thing);
  });

  it("honours Retry-After as an HTTP date", async () => {
    vi.setSystemTime(new Date("2026-04-01T12:00:00Z"));
    const fetch = fakeFetch(
      status(503, { "retry-after": "Wed, 01 Apr 2026 12:00:05 GMT" }),
      json(200, thing),
    );
    const call = getThing(testClient(fetch), { id: "t1" });
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls).toHaveLength(2);
    await expect(call).resolves.toEqual(thing);
  });

  it("does not retry when Retry-After asks for longer than maxDelayMs, and leaves the header on the error", async () => {
    for (const retryAfter of ["120", "Wed, 01 Apr 2026 12:02:00 GMT"]) {
      vi.setSystemTime(new Date("2026-04-01T12:00:00Z"));
      const fetch = fakeFetch(status(429, { "retry-after": retryAfter }), json(200, thing));
      const error = await failure(
        settle(getThing(testClient(fetch, { retry: { maxDelayMs: 2000 } }), { id: "t1" })),
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).headers["retry-after"]).toBe(retryAfter);
      expect(fetch.calls).toHaveLength(1);
    }
  });

  it("waits a Retry-After of exactly maxDelayMs", async () => {
    const fetch = fakeFetch(status(429, { "retry-after": "2" }), json(200, thing));
    const call = getThing(testClient(fetch, { retry: { maxDelayMs: 2000 } }), { id: "t1" });
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls).toHaveLength(2);
    await expect(call).resolves.toEqual(thing);
  });

  it("backs off exponentially with full jitter when there is no Retry-After", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const fetch = fakeFetch(status(503), status(503), json(200, thing));
    const call = getThing(testClient(fetch, { retry: { initialDelayMs: 1000 } }), { id: "t1" });
    await vi.advanceTimersByTimeAsync(499); // first wait: 0.5 × 1000
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999); // second wait: 0.5 × 2000
    expect(fetch.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls).toHaveLength(3);
    await expect(call).resolves.toEqual(thing);
  });

  it("stops waiting when the caller aborts, with the caller's reason and no further request", async () => {
    const fetch = fakeFetch(status(429, { "retry-after": "60" }), json(200, thing));
    const controller = new AbortController();
    const reason = new Error("user left the page");
    const call = getThing(
      testClient(fetch, { retry: { maxDelayMs: 60_000 } }),
      { id: "t1" },
      { signal: controller.signal },
    );
    call.catch(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(reason);
    expect(await failure(call)).toBe(reason);
    await vi.runAllTimersAsync();
    expect(fetch.calls).toHaveLength(1);
  });

  it("tells hooks which attempt they see", async () => {
    const attempts: number[] = [];
    const fetch = fakeFetch(status(502), json(200, thing));
    const client = testClient(fetch, {
      onRequest: (_request, context) => void attempts.push(context.attempt),
    });
    await settle(getThing(client, { id: "t1" }));
    expect(attempts).toEqual([1, 2]);
  });
});

describe("retry policy functions", () => {
  const policy = { maxRetries: 5, initialDelayMs: 500, maxDelayMs: 8000 };

  it("draws full jitter below a doubling, capped ceiling", () => {
    expect(retryDelay(1, policy, null, 0, () => 0)).toBe(0);
    expect(retryDelay(1, policy, null, 0, () => 0.999)).toBe(499);
    expect(retryDelay(3, policy, null, 0, () => 0.5)).toBe(1000);
    expect(retryDelay(10, policy, null, 0, () => 0.999)).toBe(7992);
  });

  it("prefers a readable Retry-After and ignores an unreadable one", () => {
    expect(retryDelay(1, policy, "2", 0, () => 0.5)).toBe(2000);
    expect(retryDelay(1, policy, "soon", 0, () => 0.5)).toBe(250);
    expect(parseRetryAfter("0", 0)).toBe(0);
    expect(parseRetryAfter("1.5", 0)).toBe(1500);
    expect(parseRetryAfter("Thu, 01 Jan 1970 00:00:10 GMT", 4000)).toBe(6000);
    expect(parseRetryAfter("Thu, 01 Jan 1970 00:00:10 GMT", 20_000)).toBe(0);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });

  it("reads Retry-After as a date only when it is one; a negative number or garbage falls back to backoff", () => {
    for (const value of ["-1", "+5", "1e3", "1 2", "soon 1", ""]) {
      expect(parseRetryAfter(value, 0), value).toBeUndefined();
    }
    expect(retryDelay(1, policy, "-1", 0, () => 0.5)).toBe(250);
    expect(parseRetryAfter("Sunday, 01-Jan-70 00:00:03 GMT", 0)).toBe(3000);
  });

  it("gives a POST a policy only when the call opts in", () => {
    expect(retryPolicyFor("POST", policy, undefined)).toBeUndefined();
    expect(retryPolicyFor("POST", policy, { maxRetries: 3 })).toBeUndefined();
    expect(retryPolicyFor("POST", policy, { retryPost: true })).toEqual(policy);
    expect(retryPolicyFor("GET", policy, { maxRetries: 1 })).toEqual({ ...policy, maxRetries: 1 });
    expect(retryPolicyFor("DELETE", false, undefined)).toBeUndefined();
    expect(retryPolicyFor("GET", policy, false)).toBeUndefined();
  });

  it("rejects bad per-call settings", async () => {
    const fetch: FakeFetch = fakeFetch(json(200, thing));
    const client = createCoreClient({ baseUrl: "https://api.test", fetch });
    await expect(getThing(client, { id: "t1" }, { retry: { maxRetries: -1 } })).rejects.toThrow(TypeError);
    expect(fetch.calls).toHaveLength(0);
  });
});
