import { describe, expect, it, vi } from "vitest";
import type { HookContext } from "../../src/client.js";
import { apiVersion } from "../../src/generated/environments.js";
import { redactHeaders } from "../../src/redact.js";
import { failure, fakeFetch, getThing, json, TOKEN, testClient } from "./helpers.js";

const thing = { id: "t1", name: "Thing" };

describe("onRequest", () => {
  it("sees the request about to be sent, with the operation and attempt", async () => {
    const seen: { method: string; url: string; authorization: string | null; context: HookContext }[] = [];
    const fetch = fakeFetch(json(200, thing));
    const client = testClient(fetch, {
      onRequest(request, context) {
        seen.push({
          method: request.method,
          url: request.url,
          authorization: request.headers.get("authorization"),
          context,
        });
      },
    });
    await getThing(client, { id: "t1" });
    expect(seen).toEqual([
      {
        method: "GET",
        url: "https://api.test/v1/things/t1",
        authorization: `Bearer ${TOKEN}`,
        context: { operationId: "getThing", attempt: 1 },
      },
    ]);
  });

  it("can add headers in place (tracing)", async () => {
    const fetch = fakeFetch(json(200, thing));
    const client = testClient(fetch, {
      onRequest: (request) => {
        request.headers.set("traceparent", "00-abc-def-01");
      },
    });
    await getThing(client, { id: "t1" });
    expect(fetch.calls[0]?.headers.get("traceparent")).toBe("00-abc-def-01");
  });

  it("can replace the request, async", async () => {
    const fetch = fakeFetch(json(200, thing));
    const client = testClient(fetch, {
      onRequest: async (request) => new Request(request, { headers: { "x-signed": "yes" } }),
    });
    await getThing(client, { id: "t1" });
    expect(fetch.calls[0]?.headers.get("x-signed")).toBe("yes");
    expect(fetch.calls[0]?.headers.has("authorization")).toBe(false);
  });

  it("fails the call with its own error, unwrapped and unretried", async () => {
    const problem = new Error("tracer down");
    const fetch = fakeFetch(json(200, thing));
    const client = testClient(fetch, {
      onRequest: () => {
        throw problem;
      },
    });
    expect(await failure(getThing(client, { id: "t1" }))).toBe(problem);
    expect(fetch.calls).toHaveLength(0);
  });

  it("can log headers safely through redactHeaders", async () => {
    const logged: Record<string, string>[] = [];
    const client = testClient(fakeFetch(json(200, thing)), {
      onRequest: (request) => void logged.push(redactHeaders(request.headers)),
    });
    await getThing(client, { id: "t1" });
    expect(logged[0]).toEqual({
      accept: "application/json",
      authorization: "[redacted]",
      "polar-version": apiVersion,
    });
  });
});

describe("onResponse", () => {
  it("sees each response with its request, and can read a clone without consuming the body", async () => {
    const onResponse = vi.fn(async (response: Response, request: Request, context: HookContext) => {
      expect(await response.clone().json()).toEqual(thing);
      expect(request.url).toBe("https://api.test/v1/things/t1");
      expect(context).toEqual({ operationId: "getThing", attempt: 1 });
    });
    const client = testClient(fakeFetch(json(200, thing)), { onResponse });
    await expect(getThing(client, { id: "t1" })).resolves.toEqual(thing);
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse.mock.calls[0]?.[0].status).toBe(200);
  });

  it("can replace the response", async () => {
    const client = testClient(fakeFetch(json(200, thing)), {
      onResponse: () => json(200, { id: "t2", name: "Replaced" }),
    });
    await expect(getThing(client, { id: "t1" })).resolves.toEqual({ id: "t2", name: "Replaced" });
  });

  it("is called for error responses too", async () => {
    const statuses: number[] = [];
    const client = testClient(fakeFetch(json(404, { error: "ResourceNotFound", detail: "nope" })), {
      onResponse: (response) => void statuses.push(response.status),
    });
    await failure(getThing(client, { id: "t1" }));
    expect(statuses).toEqual([404]);
  });
});
