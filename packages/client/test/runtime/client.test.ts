import { afterEach, describe, expect, it, vi } from "vitest";
import { createCoreClient, getConfig } from "../../src/client.js";
import { createClient as createBareClient } from "../../src/core.js";
import { createClient } from "../../src/index.js";
import { fakeFetch, getThing, json } from "./helpers.js";

const thing = { id: "t1", name: "Thing" };

describe("createCoreClient", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("uses production by default and the named environment otherwise", () => {
    expect(createCoreClient().baseUrl).toBe("https://api.polar.sh");
    expect(createCoreClient({ environment: "sandbox" }).baseUrl).toBe("https://sandbox-api.polar.sh");
  });

  it("lets baseUrl win over environment and keeps its path prefix", async () => {
    const fetch = fakeFetch(json(200, thing));
    const client = createCoreClient({ environment: "sandbox", baseUrl: "http://127.0.0.1:4010/api/", fetch });
    expect(client.baseUrl).toBe("http://127.0.0.1:4010/api");
    await getThing(client, { id: "t1" });
    expect(fetch.calls[0]?.url.href).toBe("http://127.0.0.1:4010/api/v1/things/t1");
  });

  it("rejects an unknown environment, a relative baseUrl and a bad timeout at creation", () => {
    // @ts-expect-error not an environment
    expect(() => createCoreClient({ environment: "staging" })).toThrow(/Unknown environment "staging"/);
    expect(() => createCoreClient({ baseUrl: "/relative" })).toThrow(TypeError);
    expect(() => createCoreClient({ timeoutMs: -1 })).toThrow(/timeoutMs/);
    // A password alone is a credential too; the error does not echo it.
    expect(() => createCoreClient({ baseUrl: "https://:s3cret@api.test" })).toThrow(
      "baseUrl must not contain credentials (user:password@)",
    );
    expect(() => createCoreClient({ retry: { maxRetries: 1.5 } })).toThrow(/maxRetries/);
    // A delay that is no number (NaN from a bad config value) is refused, not waited on.
    expect(() => createCoreClient({ retry: { initialDelayMs: Number.NaN } })).toThrow(
      "retry.initialDelayMs must be a number of at least 0",
    );
    expect(() => createCoreClient({ retry: { maxDelayMs: -1 } })).toThrow(
      "retry.maxDelayMs must be a number of at least 0",
    );
  });

  it("rejects a token of the wrong type without echoing it", () => {
    const secret = { value: "polar_oat_not_a_string" };
    // @ts-expect-error not a token
    const create = () => createCoreClient({ token: secret });
    expect(create).toThrow(TypeError);
    expect(create).not.toThrow(/polar_oat/);
  });

  it("keeps two clients with different tokens apart, even concurrently", async () => {
    const fetch = fakeFetch(json(200, thing));
    const organization = createCoreClient({ baseUrl: "https://api.test", token: "polar_oat_org", fetch });
    const customer = createCoreClient({ baseUrl: "https://api.test", token: "polar_cst_customer", fetch });
    await Promise.all([getThing(organization, { id: "a" }), getThing(customer, { id: "b" })]);
    const byId = Object.fromEntries(
      fetch.calls.map((call) => [call.url.pathname, call.headers.get("authorization")]),
    );
    expect(byId).toEqual({
      "/v1/things/a": "Bearer polar_oat_org",
      "/v1/things/b": "Bearer polar_cst_customer",
    });
  });

  it("looks the global fetch up at call time, so a fetch installed later is used", async () => {
    const client = createCoreClient({ baseUrl: "https://api.test" });
    const fetch = fakeFetch(json(200, thing));
    vi.stubGlobal("fetch", fetch);
    await expect(getThing(client, { id: "t1" })).resolves.toEqual(thing);
    expect(fetch.calls).toHaveLength(1);
  });

  it("calls fetch, the token function and the hooks as plain functions, as window.fetch requires", async () => {
    const calledAsMethod: string[] = [];
    // Like a browser's fetch: throws "Illegal invocation" when called as a method of another object.
    function platform<Args extends unknown[], Result>(name: string, fn: (...args: Args) => Result) {
      return function (this: unknown, ...args: Args): Result {
        if (this !== undefined && this !== globalThis) {
          calledAsMethod.push(name);
          throw new TypeError("Illegal invocation");
        }
        return fn(...args);
      };
    }
    const client = createCoreClient({
      baseUrl: "https://api.test",
      fetch: platform("fetch", fakeFetch(json(200, thing))),
      token: platform("token", () => "polar_oat_x"),
      onRequest: platform("onRequest", () => undefined),
      onResponse: platform("onResponse", () => undefined),
    });
    await expect(getThing(client, { id: "t1" })).resolves.toEqual(thing);
    expect(calledAsMethod).toEqual([]);
  });

  it("refuses an object that is not a client", async () => {
    // @ts-expect-error not a client
    expect(() => getConfig({})).toThrow(/createClient/);
    await expect(getThing({ baseUrl: "https://api.test" }, { id: "t1" })).rejects.toThrow(TypeError);
  });
});

describe("the two entries", () => {
  it("core's createClient returns the bare client, the main one adds the grouped facade on the same object", async () => {
    const fetch = fakeFetch(json(200, thing));
    const bare = createBareClient({ baseUrl: "https://api.test", fetch });
    const full = createClient({ baseUrl: "https://api.test", fetch });
    expect(Object.keys(bare)).toEqual(["baseUrl"]);
    // Standalone operations accept either client.
    await expect(getThing(bare, { id: "1" })).resolves.toEqual(thing);
    await expect(getThing(full, { id: "2" })).resolves.toEqual(thing);
    expect(fetch.calls.map((call) => call.url.pathname)).toEqual(["/v1/things/1", "/v1/things/2"]);
  });
});
