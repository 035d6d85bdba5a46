import { describe, expect, it, vi } from "vitest";
import { apiVersion } from "../../src/generated/environments.js";
import { serializeQuery } from "../../src/query.js";
import { request } from "../../src/request.js";
import {
  deleteThingOperation,
  failure,
  fakeFetch,
  getThing,
  json,
  listThings,
  TOKEN,
  testClient,
  validateKeyOperation,
} from "./helpers.js";

const thing = { id: "t1", name: "Thing" };
const page = { items: [], pagination: { total_count: 0, max_page: 0 } };
const validated = { id: "k1", status: "granted", usage: 1 };

describe("building the request", () => {
  it("sends the method and percent-encodes path parameters", async () => {
    const fetch = fakeFetch(json(200, thing));
    await getThing(testClient(fetch), { id: "a/b c?#%" });
    expect(fetch.calls[0]?.method).toBe("GET");
    expect(fetch.calls[0]?.url.pathname).toBe("/v1/things/a%2Fb%20c%3F%23%25");
    expect(fetch.calls[0]?.url.search).toBe("");
  });

  it("writes form parameters: scalars as text, arrays as repeated keys", async () => {
    const fetch = fakeFetch(json(200, page));
    await listThings(testClient(fetch), { id: ["a", "b"], is_archived: false, limit: 10, page: 2 });
    expect(fetch.calls[0]?.url.search).toBe("?id=a&id=b&is_archived=false&limit=10&page=2");
  });

  it("writes a single value of a 'value or array' filter as one key", async () => {
    const fetch = fakeFetch(json(200, page));
    await listThings(testClient(fetch), { id: "a" });
    expect(fetch.calls[0]?.url.search).toBe("?id=a");
  });

  it("serializeQuery, as exported: null and undefined are left out, in lists and in deepObject values too", () => {
    const parameters = [
      { name: "source", style: "form" },
      { name: "metadata", style: "deepObject" },
      { name: "page", style: "form" },
    ] as const;
    const query = serializeQuery(parameters, {
      source: ["system", null, "user", undefined],
      metadata: { plan: null, tag: ["x", null] },
      page: null,
    });
    expect(query).toBe("source=system&source=user&metadata%5Btag%5D=x");
  });

  it("writes deepObject parameters as name[key]=value, repeating array values", async () => {
    const fetch = fakeFetch(json(200, page));
    await listThings(testClient(fetch), { metadata: { plan: "pro", seats: 3, tag: ["x", "y"] } });
    const search = fetch.calls[0]?.url.searchParams;
    expect([...(search ?? [])]).toEqual([
      ["metadata[plan]", "pro"],
      ["metadata[seats]", "3"],
      ["metadata[tag]", "x"],
      ["metadata[tag]", "y"],
    ]);
    expect(fetch.calls[0]?.url.search).toBe(
      "?metadata%5Bplan%5D=pro&metadata%5Bseats%5D=3&metadata%5Btag%5D=x&metadata%5Btag%5D=y",
    );
  });

  it("writes json parameters as JSON text and omits undefined and null", async () => {
    const fetch = fakeFetch(json(200, page));
    await listThings(
      testClient(fetch, { validate: { input: false } }),
      // null is not valid input, but must not reach the wire as "null" when validation is off
      { filter: { and: [{ name: "x" }] }, id: undefined, limit: null as unknown as number },
    );
    expect([...(fetch.calls[0]?.url.searchParams ?? [])]).toEqual([["filter", '{"and":[{"name":"x"}]}']]);
  });

  it("omits a null json parameter too, rather than sending the text null", async () => {
    const fetch = fakeFetch(json(200, page));
    await listThings(testClient(fetch, { validate: { input: false } }), {
      filter: null as unknown as string,
    });
    expect(fetch.calls[0]?.url.search).toBe("");
  });

  it("sends a json parameter the caller already holds as JSON text as is, not encoded twice", async () => {
    const fetch = fakeFetch(json(200, page));
    const filter = '{"conjunction":"and","clauses":[]}';
    await listThings(testClient(fetch, { validate: { input: false } }), { filter });
    expect(fetch.calls[0]?.url.searchParams.get("filter")).toBe(filter);
  });

  it("sends only the body fields as JSON, omitting absent ones and keeping explicit nulls", async () => {
    const fetch = fakeFetch(json(200, validated));
    await request(testClient(fetch), validateKeyOperation, {
      key: "K-1",
      organization_id: "org",
      activation_id: null,
      conditions: undefined,
    });
    const call = fetch.calls[0];
    expect(call?.method).toBe("POST");
    expect(JSON.parse(call?.body ?? "")).toEqual({ key: "K-1", organization_id: "org", activation_id: null });
    expect(call?.headers.get("content-type")).toBe("application/json");
  });

  it("sends no body and no content type for an operation without body fields", async () => {
    const fetch = fakeFetch(new Response(null, { status: 204 }));
    await request(testClient(fetch), deleteThingOperation, { id: "t1" });
    expect(fetch.calls[0]?.method).toBe("DELETE");
    expect(fetch.calls[0]?.body).toBeUndefined();
    expect(fetch.calls[0]?.headers.has("content-type")).toBe(false);
  });

  it("layers headers: defaults, client headers, token, per-call headers", async () => {
    const fetch = fakeFetch(json(200, thing));
    const client = testClient(fetch, { headers: { "x-app": "portal", "x-skip": undefined } });
    await getThing(client, { id: "t1" });
    await getThing(client, { id: "t1" }, { headers: [["x-app", "cli"]] });
    await getThing(
      client,
      { id: "t1" },
      { headers: new Headers({ authorization: "Bearer polar_cst_other" }) },
    );
    // A layer replaces an earlier one however it spells the name.
    await getThing(client, { id: "t1" }, { headers: { "X-App": "cli", Accept: "application/problem+json" } });
    const [first, second, third, fourth] = fetch.calls;
    expect(Object.fromEntries(first?.headers ?? [])).toEqual({
      accept: "application/json",
      authorization: `Bearer ${TOKEN}`,
      "polar-version": apiVersion,
      "x-app": "portal",
    });
    expect(second?.headers.get("x-app")).toBe("cli");
    expect(third?.headers.get("authorization")).toBe("Bearer polar_cst_other");
    expect(fourth?.headers.get("x-app")).toBe("cli");
    expect(fourth?.headers.get("accept")).toBe("application/problem+json");
  });

  it("sends the token over a client-wide Authorization header", async () => {
    const fetch = fakeFetch(json(200, thing));
    const client = testClient(fetch, { headers: { authorization: "Bearer polar_oat_clientwide" } });
    await getThing(client, { id: "t1" });
    expect(fetch.calls[0]?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    // Without a token, the client-wide header is what goes.
    const tokenless = fakeFetch(json(200, thing));
    await getThing(
      testClient(tokenless, { token: undefined, headers: { authorization: "Bearer polar_oat_clientwide" } }),
      { id: "t1" },
    );
    expect(tokenless.calls[0]?.headers.get("authorization")).toBe("Bearer polar_oat_clientwide");
  });

  it("sends no Authorization header without a token", async () => {
    const fetch = fakeFetch(json(200, thing));
    await getThing(testClient(fetch, { token: undefined }), { id: "t1" });
    expect(fetch.calls[0]?.headers.has("authorization")).toBe(false);
  });

  it("calls a token function before every request, sync or async", async () => {
    const fetch = fakeFetch(json(200, thing));
    let n = 0;
    const sync = vi.fn(() => `polar_cst_${++n}`);
    const client = testClient(fetch, { token: sync });
    await getThing(client, { id: "t1" });
    await getThing(client, { id: "t1" });
    expect(sync).toHaveBeenCalledTimes(2);
    const asyncToken = vi.fn(async () => "polar_mst_async");
    await getThing(testClient(fetch, { token: asyncToken }), { id: "t1" });
    expect(fetch.calls.map((call) => call.headers.get("authorization"))).toEqual([
      "Bearer polar_cst_1",
      "Bearer polar_cst_2",
      "Bearer polar_mst_async",
    ]);
  });

  it("lets a failing token function fail the call as is, before any fetch", async () => {
    const fetch = fakeFetch(json(200, thing));
    const problem = new Error("session expired");
    const client = testClient(fetch, {
      token: () => {
        throw problem;
      },
    });
    expect(await failure(getThing(client, { id: "t1" }))).toBe(problem);
    expect(fetch.calls).toHaveLength(0);
  });
});
