/**
 * Injected failures as a test sees them: which calls they hit and in what order, the
 * headers and bodies they answer with, `instantRetries`, and the misuses refused with
 * a message naming the fix. One sandbox per kind of option, reset before each test.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createSandbox, SandboxUsageError } from "../src/index.js";
import { get, NOW, tokens } from "./helpers.js";

const sandbox = createSandbox({ now: () => new Date(NOW) });
const instant = createSandbox({ now: () => new Date(NOW), instantRetries: true });
const { acmeAll } = tokens(sandbox.fixtures);

beforeEach(() => {
  sandbox.reset();
  instant.reset();
});

const products = (on = sandbox) => get(on, "/v1/products/?limit=1", acmeAll);
const events = (on = sandbox) => get(on, "/v1/events/?limit=1", acmeAll);

describe("what an injected failure answers", () => {
  it("is marked x-sandbox-injected, and says how many more are queued", async () => {
    sandbox.failNext(3, 503);
    const first = await products();
    expect(first.status).toBe(503);
    expect(first.headers.get("x-sandbox-injected")).toBe("true");
    expect(first.json).toEqual({
      error: "ServiceUnavailable",
      detail: "Injected failure (503); 2 more queued.",
    });
    expect((await products()).json.detail).toBe("Injected failure (503); 1 more queued.");
    expect((await products()).json.detail).toBe("Injected failure (503); 0 more queued.");
    const real = await products();
    expect(real.status).toBe(200);
    expect(real.headers.get("x-sandbox-injected")).toBeNull();
  });

  it("a 429 says the rate limit was injected, and waits a second unless told otherwise", async () => {
    sandbox.inject("listProducts", { status: 429 });
    const limited = await products();
    expect(limited.json).toEqual({
      error: "TooManyRequests",
      detail: "Rate limit exceeded (injected by the sandbox).",
    });
    expect(limited.headers.get("retry-after")).toBe("1");
  });

  it("a 5xx carries Retry-After only when given one", async () => {
    sandbox.inject("listProducts", { status: 502 });
    sandbox.inject("listProducts", { status: 502, retryAfterSeconds: 0 });
    expect((await products()).headers.get("retry-after")).toBeNull();
    expect((await products()).headers.get("retry-after")).toBe("0");
  });

  it("instantRetries makes every Retry-After 0: a 5xx's, the 429's default and a given one", async () => {
    instant.failNext(1, 500);
    instant.inject("listProducts", { status: 429 });
    instant.inject("listProducts", { status: 503, retryAfterSeconds: 30 });
    for (const status of [500, 429, 503]) {
      const failed = await products(instant);
      expect(failed.status).toBe(status);
      expect(failed.headers.get("retry-after")).toBe("0");
    }
    expect((await products(instant)).status).toBe(200);
  });
});

describe("which calls a failure hits", () => {
  it("an operation's fault leaves the other operations alone", async () => {
    sandbox.inject("listEvents", { status: 503 });
    expect((await products()).status).toBe(200);
    expect((await events()).status).toBe(503);
    expect((await events()).status).toBe(200);
  });

  it("failures of any call come before an operation's own, and each queued one in turn", async () => {
    sandbox.inject("listProducts", { status: 502 });
    sandbox.failNext(1, 504);
    sandbox.inject("listProducts", { status: 500 });
    expect((await products()).status).toBe(504);
    expect((await products()).status).toBe(502);
    expect((await products()).status).toBe(500);
    expect((await products()).status).toBe(200);
  });

  it("failNext(0) queues nothing", async () => {
    sandbox.failNext(0, 503);
    expect((await products()).status).toBe(200);
  });

  it("a counted fault stops after its count", async () => {
    sandbox.inject("listProducts", { status: 503 }, { times: 2 });
    expect([(await products()).status, (await products()).status, (await products()).status]).toEqual([
      503, 503, 200,
    ]);
  });
});

describe("misuse is refused, naming the fix", () => {
  it("failNext: a count that is not a whole number, a status it cannot fail with", () => {
    expect(() => sandbox.failNext(1.5)).toThrow("failNext: count must be a whole number, got 1.5");
    expect(() => sandbox.failNext(-1)).toThrow(SandboxUsageError);
    expect(() => sandbox.failNext(1, 404 as 503)).toThrow(
      "failNext: status must be one of 429, 500, 502, 503, 504, got 404; for any other status and body, use sandbox.respond(operationId, { status, body })",
    );
  });

  it("inject: times must be a whole number above 0, or Infinity", () => {
    for (const times of [0, -1, 1.5]) {
      expect(() => sandbox.inject("listProducts", { status: 503 }, { times })).toThrow(
        `sandbox.inject: times must be a whole number above 0, or Infinity (until reset), got ${times}`,
      );
    }
  });

  it("inject: a fault of no known shape, or with a bad value", () => {
    const refused = (fault: unknown) => () => sandbox.inject("listProducts", fault as { networkError: true });
    expect(refused({ status: 503, retryAfterSeconds: 1.5 })).toThrow(
      "sandbox.inject: retryAfterSeconds must be a whole number of seconds, got 1.5",
    );
    expect(refused({ status: 503, retryAfterSeconds: -1 })).toThrow(
      /retryAfterSeconds must be a whole number/,
    );
    expect(refused({ delayMs: Number.POSITIVE_INFINITY })).toThrow(
      "sandbox.inject: delayMs must be a number of milliseconds, got Infinity",
    );
    expect(refused({ networkError: false })).toThrow(/give \{ status, retryAfterSeconds\? \}/);
    expect(refused({ status: 503, delayMs: 10 })).toThrow(/give \{ status, retryAfterSeconds\? \}/);
    expect(refused({ delayMs: 10, networkError: true })).toThrow(/give \{ status, retryAfterSeconds\? \}/);
    expect(refused(null)).toThrow(
      "sandbox.inject: give { status, retryAfterSeconds? }, { networkError: true } or { delayMs }, got null",
    );
  });

  it("a refused fault queues nothing", async () => {
    expect(() => sandbox.inject("listProducts", { status: 418 as 503 })).toThrow(SandboxUsageError);
    expect((await products()).status).toBe(200);
  });

  it("a delay of 0 ms is accepted and answers as usual", async () => {
    sandbox.inject("listProducts", { delayMs: 0 });
    expect((await products()).status).toBe(200);
  });
});

describe("an injected network error", () => {
  it("rejects as fetch does for a dropped connection: a TypeError caused by ECONNRESET", async () => {
    sandbox.inject("listProducts", { networkError: true });
    const error = await products().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).name).toBe("TypeError");
    expect((error as TypeError).message).toBe("fetch failed (network error injected by the sandbox)");
    expect(((error as TypeError).cause as { code: string }).code).toBe("ECONNRESET");
    expect((await products()).status).toBe(200);
  });
});
