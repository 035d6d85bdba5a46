/** sandbox.respond: any reply the spec allows for one operation, checked when given. */
import { createClient, getOrderReceipt, listProducts, PermissionDeniedError } from "@commerce-api/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSandbox, createSandbox } from "../src/index.js";
import { type RunningServer, startServer } from "../src/server.js";

const client = (sandbox: { fetch: typeof fetch }, token = "polar_oat_acme_all") =>
  createClient({ baseUrl: "http://sandbox.test", token, fetch: sandbox.fetch, retry: false });

const EMPTY_PAGE = { items: [], pagination: { total_count: 0, max_page: 0 } };

describe("sandbox.respond", () => {
  it("an error status with the service's error body (a default one), for one call", async () => {
    const sandbox = createSandbox();
    sandbox.respond("listProducts", { status: 403 });
    const error = await listProducts(client(sandbox), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).body).toEqual({
      error: "NotPermitted",
      detail: "Answered with 403 by sandbox.respond.",
    });
    expect((await listProducts(client(sandbox), {})).items.length).toBeGreaterThan(0);
  });

  it("a success body the spec allows, N times, with headers; reset() clears it", async () => {
    const sandbox = createSandbox();
    sandbox.respond("listProducts", {
      status: 200,
      body: EMPTY_PAGE,
      headers: { "x-trace": "t1" },
      times: 2,
    });
    const first = await sandbox.fetch("http://sandbox.test/v1/products/", {
      headers: { authorization: "Bearer polar_oat_acme_all" },
    });
    expect(first.headers.get("x-trace")).toBe("t1");
    expect(await first.json()).toEqual(EMPTY_PAGE);
    expect((await listProducts(client(sandbox), {})).items).toEqual([]);
    expect((await listProducts(client(sandbox), {})).items.length).toBeGreaterThan(0);
    sandbox.respond("listProducts", { status: 200, body: EMPTY_PAGE, times: Number.POSITIVE_INFINITY });
    sandbox.reset();
    expect((await listProducts(client(sandbox), {})).items.length).toBeGreaterThan(0);
  });

  it("a status without a body: the receipt's 202", async () => {
    const sandbox = createSandbox();
    const order = sandbox.add.order();
    sandbox.respond("getOrderReceipt", { status: 202 });
    const portal = client(sandbox, sandbox.add.customerSession(order.customer_id));
    expect(await getOrderReceipt(portal, { id: order.id })).toBeNull();
  });

  it("refuses at once what the spec does not allow, naming why", () => {
    const sandbox = createSandbox();
    expect(() => sandbox.respond("listProducts", { status: 201 })).toThrow(
      /201 is not a status the spec lists for listProducts \(it lists 200\)/,
    );
    expect(() =>
      sandbox.respond("listProducts", { status: 200, body: { items: [{ id: "x" }] } as never }),
    ).toThrow(/sandbox.respond\("listProducts"\): the body is not what the spec allows: /);
    expect(() => sandbox.respond("listProducts", { status: 200 })).toThrow(
      /give the body of listProducts's 200/,
    );
    expect(() => sandbox.respond("listProducts", { status: 404, body: { message: "x" } as never })).toThrow(
      /an error body is \{ error, detail \}/,
    );
    expect(() => sandbox.respond("listProduct" as "listProducts", { status: 500 })).toThrow(
      /unknown operation id "listProduct" \(did you mean "listProducts"\?\)/,
    );
    expect(() => sandbox.respond("listProducts", { status: 500, time: 2 } as never)).toThrow(
      /unknown option "time" \(did you mean "times"\?\)/,
    );
  });

  it("is typed per operation", () => {
    const sandbox = createSandbox();
    // @ts-expect-error: listProducts answers a page, not a license key
    expect(() => sandbox.respond("listProducts", { status: 200, body: { key: "K" } })).toThrow();
    // @ts-expect-error: the types offer the statuses the service uses; at run time any 400-599 goes
    expect(() => sandbox.respond("listProducts", { status: 418 })).not.toThrow();
  });
});

describe("over HTTP", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it("connectSandbox().respond answers the next call; a bad reply throws the same message", async () => {
    const remote = await connectSandbox(server.url).newSandbox();
    await remote.respond("listProducts", { status: 200, body: EMPTY_PAGE });
    const api = createClient({ baseUrl: remote.baseUrl, token: "polar_oat_acme_all", retry: false });
    expect((await listProducts(api, {})).items).toEqual([]);
    await expect(remote.respond("listProducts", { status: 201 })).rejects.toThrow(/it lists 200/);
    await remote.delete();
  });
});
