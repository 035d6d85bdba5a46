/**
 * The control routes (`/__sandbox/*`) in process, through `sandbox.fetch`: each answers
 * its own method and path only, refuses misuse with a 400 naming the route, and does
 * over HTTP exactly what the in-process call does. One sandbox for the file, reset
 * before each test (reset restores everything these tests change).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { TABLES } from "../src/state/store.js";
import { call, get, NOW, tokens } from "./helpers.js";

const sandbox = createSandbox({ now: () => new Date(NOW) });
const { acmeAll } = tokens(sandbox.fixtures);

beforeEach(() => sandbox.reset());

const seededCustomers = sandbox.state.customers.length;
const products = () => get(sandbox, "/v1/products/?limit=1", acmeAll);

describe("each control route answers its own method and path only", () => {
  it.each([
    ["POST", "/__sandbox"],
    ["POST", "/__sandbox/fixtures"],
    ["GET", "/__sandbox/fixtures/extra"],
    ["GET", "/__sandbox/reset"],
    ["POST", "/__sandbox/reset/extra"],
    ["POST", "/__sandbox/state"],
    ["DELETE", "/__sandbox/state/customers"],
    ["GET", "/__sandbox/state/customers/extra"],
    ["GET", "/__sandbox/add/customer"],
    ["POST", "/__sandbox/add"],
    ["POST", "/__sandbox/add/customer/extra"],
    ["GET", "/__sandbox/inject"],
    ["POST", "/__sandbox/inject/extra"],
    ["GET", "/__sandbox/respond"],
    ["POST", "/__sandbox/respond/extra"],
    ["GET", "/__sandbox/fail"],
    ["POST", "/__sandbox/fail/extra"],
    ["GET", "/__sandbox/sandboxes"],
    ["POST", "/__sandbox/receipts/x.pdf"],
    ["GET", "/__sandbox/unknown"],
    ["GET", "/__sandbox/state/%ED%A0%80"],
  ])("%s %s is 404 Not Found and changes nothing", async (method, path) => {
    const answer = await call(sandbox, method, path);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ detail: "Not Found" });
    expect(sandbox.state.customers).toHaveLength(seededCustomers);
    expect((await products()).status).toBe(200);
  });

  it.each([
    ["POST", "/__sandbox/clock"],
    ["GET", "/__sandbox/clock/freeze"],
    ["PUT", "/__sandbox/clock/freeze"],
    ["POST", "/__sandbox/clock/freeze/extra"],
  ])("%s %s is a 400 naming the clock's routes, and leaves the clock running", async (method, path) => {
    const answer = await call(sandbox, method, path);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: "SandboxUsageError",
      detail: `${method} ${path}: not a control route; accepted here: GET /__sandbox/clock; POST /__sandbox/clock/<action>`,
    });
    expect(sandbox.clock.frozen).toBe(false);
  });

  it("trailing slashes name the same route", async () => {
    expect((await get(sandbox, "/__sandbox/state/customers/")).json).toEqual(sandbox.state.customers);
    expect((await get(sandbox, "/__sandbox/state/customers//")).json).toEqual(sandbox.state.customers);
    expect((await call(sandbox, "POST", "/__sandbox/reset/")).status).toBe(204);
  });
});

describe("GET /__sandbox", () => {
  it("names the service, its fixtures route, the control routes and each operation with its auth", async () => {
    const answer = await get(sandbox, "/__sandbox");
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      service: "Commerce API sandbox",
      api_version: "2026-04",
      fixtures: "/__sandbox/fixtures",
    });
    expect(answer.json.control).toContain("POST /__sandbox/fail");
    expect(answer.json.control).toContain("DELETE /__sandbox/sandboxes/<id>");
    expect(answer.json.operations).toContainEqual({
      id: "listEvents",
      method: "GET",
      path: "/v1/events/",
      auth: ["oidc", "pat", "oat"],
      scopes: ["events:read", "events:write"],
    });
  });
});

describe("GET /__sandbox/receipts/<order id>.pdf", () => {
  it("serves the PDF inline, named after the order; a URL not signed by the sandbox is 403", async () => {
    const fixtures = sandbox.fixtures;
    const order = fixtures.ids.orders.find((o) => o.receipt === "ready");
    const session = fixtures.tokens.find(
      (t) => t.kind === "customer_session" && t.customer_id === order?.customer_id,
    );
    const link = await get(sandbox, `/v1/customer-portal/orders/${order?.id}/receipt`, session?.token);
    const pdf = await sandbox.fetch(new Request(link.json.url));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe(`inline; filename="receipt-${order?.id}.pdf"`);
    const forged = await get(sandbox, `/__sandbox/receipts/${order?.id}.pdf?expires=1&signature=00`);
    expect(forged.status).toBe(403);
    expect(forged.json).toEqual({
      error: "NotPermitted",
      detail: "This receipt URL is invalid or has expired.",
    });
  });
});

describe("a body that is not JSON is refused, naming the route", () => {
  it.each(["inject", "respond", "fail", "sandboxes", "clock/advance"])(
    "POST /__sandbox/%s",
    async (route) => {
      const answer = await call(sandbox, "POST", `/__sandbox/${route}`, { rawBody: "{oops" });
      expect(answer.status).toBe(400);
      expect(answer.json.detail).toMatch(new RegExp(`^POST /__sandbox/${route}: the body is not JSON \\(`));
    },
  );
});

describe("GET /__sandbox/fixtures, /__sandbox/state and POST /__sandbox/reset", () => {
  it("fixtures are the in-process fixtures", async () => {
    const answer = await get(sandbox, "/__sandbox/fixtures");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(sandbox.fixtures);
  });

  it("state is every table; state/<table> one table's records", async () => {
    sandbox.add.customer({ name: "Held now" });
    const all = await get(sandbox, "/__sandbox/state");
    expect(all.status).toBe(200);
    expect(Object.keys(all.json).sort()).toEqual([...TABLES].sort());
    expect(all.json).toEqual(JSON.parse(JSON.stringify(sandbox.state)));
    const customers = await get(sandbox, "/__sandbox/state/customers");
    expect(customers.status).toBe(200);
    expect(customers.json).toEqual(JSON.parse(JSON.stringify(sandbox.state.customers)));
    expect(customers.json.some((c: { name: string }) => c.name === "Held now")).toBe(true);
  });

  it("an unknown table is a 400 naming the route and the tables", async () => {
    const answer = await get(sandbox, "/__sandbox/state/customer");
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe("SandboxUsageError");
    expect(answer.json.detail).toMatch(/GET \/__sandbox\/state\/<table>/);
    expect(answer.json.detail).toMatch(/"customer"/);
    expect(answer.json.detail).toMatch(/customers/);
  });

  it("reset answers 204 with no body and restores the records", async () => {
    const before = sandbox.state.customers.length;
    sandbox.add.customer();
    const answer = await call(sandbox, "POST", "/__sandbox/reset");
    expect(answer.status).toBe(204);
    expect(answer.body).toBe("");
    expect(sandbox.state.customers).toHaveLength(before);
  });
});

describe("POST /__sandbox/add/<kind>", () => {
  it("answers 201 with what the builder made, and the record is held", async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/add/customer", { body: { name: "Over HTTP" } });
    expect(answer.status).toBe(201);
    expect(answer.json.name).toBe("Over HTTP");
    expect(sandbox.state.customers.find((c) => c.id === answer.json.id)?.name).toBe("Over HTTP");
  });

  it("an empty body is the builder's defaults", async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/add/product", { rawBody: "  " });
    expect(answer.status).toBe(201);
    expect(sandbox.state.products.some((p) => p.id === answer.json.id)).toBe(true);
  });

  it("customerSession takes { customer } and answers { token }, a token the API accepts", async () => {
    const customer = sandbox.add.customer();
    const answer = await call(sandbox, "POST", "/__sandbox/add/customerSession", {
      body: { customer: customer.id },
    });
    expect(answer.status).toBe(201);
    expect(answer.json.token).toMatch(/^polar_cst_/);
    expect(sandbox.state.tokens.some((t) => t.token === answer.json.token)).toBe(true);
  });

  it("customerSession refuses any other key, naming it", async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/add/customerSession", {
      body: { customer_id: "x" },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.detail).toMatch(
      /POST \/__sandbox\/add\/customerSession: unknown option "customer_id"/,
    );
  });

  it("an unknown kind is a 400 naming the route and the kinds", async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/add/customers", { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.json.detail).toMatch(/POST \/__sandbox\/add\/<kind>/);
    expect(answer.json.detail).toMatch(/"customers"/);
  });

  it("a body that is not JSON, or not an object, is a 400 naming the route", async () => {
    const broken = await call(sandbox, "POST", "/__sandbox/add/customer", { rawBody: "{name:" });
    expect(broken.status).toBe(400);
    expect(broken.json.detail).toMatch(/^POST \/__sandbox\/add\/customer: the body is not JSON \(/);
    const scalar = await call(sandbox, "POST", "/__sandbox/add/customer", { rawBody: "null" });
    expect(scalar.status).toBe(400);
    expect(scalar.json.detail).toBe("POST /__sandbox/add/customer: the body must be a JSON object, got null");
    const text = await call(sandbox, "POST", "/__sandbox/add/customer", { rawBody: '"Ada"' });
    expect(text.json.detail).toBe('POST /__sandbox/add/customer: the body must be a JSON object, got "Ada"');
    // A long body is quoted by its first 80 characters.
    const long = JSON.stringify(Array.from({ length: 50 }, (_, i) => i));
    const list = await call(sandbox, "POST", "/__sandbox/add/customer", { rawBody: long });
    expect(list.json.detail).toBe(
      `POST /__sandbox/add/customer: the body must be a JSON object, got ${long.slice(0, 80)}`,
    );
  });
});

describe("the clock over HTTP", () => {
  const clock = (action: string, body?: unknown) =>
    call(sandbox, "POST", `/__sandbox/clock/${action}`, body === undefined ? {} : { body });

  it("GET reads { now, frozen }", async () => {
    const answer = await get(sandbox, "/__sandbox/clock");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ now: NOW, frozen: false });
  });

  it("freeze (at a time or now), advance, set and resume answer the clock after the change", async () => {
    expect((await clock("freeze", { at: "2030-01-01T00:00:00.000Z" })).json).toEqual({
      now: "2030-01-01T00:00:00.000Z",
      frozen: true,
    });
    expect((await clock("advance", { by: { hours: 2 } })).json).toEqual({
      now: "2030-01-01T02:00:00.000Z",
      frozen: true,
    });
    expect((await clock("set", { at: "2031-06-01T00:00:00.000Z" })).json).toEqual({
      now: "2031-06-01T00:00:00.000Z",
      frozen: true,
    });
    const resumed = await clock("resume");
    expect(resumed.status).toBe(200);
    expect(resumed.json.frozen).toBe(false);
    expect(sandbox.clock.frozen).toBe(false);
    sandbox.reset();
    expect((await clock("freeze")).json).toEqual({ now: NOW, frozen: true });
    expect(sandbox.clock.frozen).toBe(true);
  });

  it.each([
    ["freeze", { by: { days: 1 } }, "by"],
    ["set", { by: { days: 1 } }, "by"],
    ["advance", { at: NOW }, "at"],
    ["resume", { at: NOW }, "at"],
  ])("%s refuses an option that is not its own, naming the route", async (action, body, key) => {
    const answer = await clock(action, body);
    expect(answer.status).toBe(400);
    expect(answer.json.detail).toMatch(`POST /__sandbox/clock/${action}: unknown option "${key}"`);
    expect(sandbox.clock.now().toISOString()).toBe(NOW);
  });

  it("an unknown action is a 400 naming the actions", async () => {
    const answer = await clock("stop");
    expect(answer.status).toBe(400);
    expect(answer.json.detail).toMatch(/POST \/__sandbox\/clock\/<action>/);
    expect(answer.json.detail).toMatch(/"stop"/);
  });
});

describe("POST /__sandbox/inject, /__sandbox/respond and /__sandbox/fail", () => {
  it("inject without times fails the next call only, and answers how many are pending", async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/inject", {
      body: { operation: "listProducts", fault: { status: 502 } },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ pending: 1 });
    expect((await products()).status).toBe(502);
    expect((await products()).status).toBe(200);
  });

  it('inject with times: "always" keeps failing and counts once', async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/inject", {
      body: { operation: "listProducts", fault: { status: 503 }, times: "always" },
    });
    expect(answer.json).toEqual({ pending: 1 });
    for (let i = 0; i < 3; i++) expect((await products()).status).toBe(503);
  });

  it("inject refuses an unknown key, naming it", async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/inject", {
      body: { operation: "listProducts", fault: { status: 503 }, count: 2 },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.detail).toMatch(/POST \/__sandbox\/inject: unknown option "count"/);
    expect((await products()).status).toBe(200);
  });

  it("respond answers the operation with the given reply, as many times as asked", async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/respond", {
      body: {
        operation: "listProducts",
        status: 409,
        body: { error: "Conflict", detail: "from respond" },
        headers: { "x-why": "test" },
        times: 2,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ pending: 2 });
    const first = await products();
    expect(first.status).toBe(409);
    expect(first.json).toEqual({ error: "Conflict", detail: "from respond" });
    expect(first.headers.get("x-why")).toBe("test");
    expect((await products()).status).toBe(409);
    expect((await products()).status).toBe(200);
  });

  it('respond with times: "always" answers every call', async () => {
    await call(sandbox, "POST", "/__sandbox/respond", {
      body: { operation: "listProducts", status: 500, times: "always" },
    });
    for (let i = 0; i < 3; i++) expect((await products()).status).toBe(500);
  });

  it("fail queues failures of any call, with the Retry-After asked for", async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/fail", {
      body: { count: 2, status: 503, retry_after: 7 },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ pending: 2 });
    const failed = await products();
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("7");
    expect((await get(sandbox, "/v1/customers/", acmeAll)).status).toBe(503);
    expect((await products()).status).toBe(200);
  });

  it("fail without retry_after sends none for a 5xx", async () => {
    await call(sandbox, "POST", "/__sandbox/fail", { body: { count: 1, status: 500 } });
    const failed = await products();
    expect(failed.status).toBe(500);
    expect(failed.headers.get("retry-after")).toBeNull();
  });

  it.each([
    [{ count: 0, status: 429 }, 0],
    [{ count: 10_000, status: 504, retry_after: 0 }, 10_000],
  ])("fail takes the bounds of count and retry_after: %j", async (body, pending) => {
    const answer = await call(sandbox, "POST", "/__sandbox/fail", { body });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ pending });
  });

  it.each([
    [{ count: -1, status: 503 }, "count"],
    [{ count: 10_001, status: 503 }, "count"],
    [{ count: 1.5, status: 503 }, "count"],
    [{ count: "2", status: 503 }, "count"],
    [{ status: 503 }, "count"],
    [{ count: 1, status: 418 }, "status"],
    [{ count: 1 }, "status"],
    [{ count: 1, status: 503, retry_after: -1 }, "retry_after"],
    [{ count: 1, status: 503, retry_after: 0.5 }, "retry_after"],
    [{ count: 1, status: 503, retry_after: "1" }, "retry_after"],
  ])("fail refuses %j with a 422 on %s, and queues nothing", async (body, field) => {
    const answer = await call(sandbox, "POST", "/__sandbox/fail", { body });
    expect(answer.status).toBe(422);
    expect(answer.json.error).toBe("RequestValidationError");
    expect(answer.json.detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual([["body", field]]);
    expect((await products()).status).toBe(200);
  });

  it("fail lists every problem at once, with what was given", async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/fail", {
      body: { count: -2, status: 200, retry_after: -3 },
    });
    expect(answer.json.detail).toEqual([
      {
        loc: ["body", "count"],
        msg: "count must be a whole number from 0 to 10000",
        type: "value_error",
        input: -2,
      },
      {
        loc: ["body", "status"],
        msg: "status must be one of 429, 500, 502, 503, 504",
        type: "value_error",
        input: 200,
      },
      {
        loc: ["body", "retry_after"],
        msg: "retry_after must be a whole number of seconds",
        type: "value_error",
        input: -3,
      },
    ]);
  });
});

describe("POST /__sandbox/sandboxes", () => {
  it("makes an independent sandbox served under its baseUrl, until DELETE", async () => {
    const made = await call(sandbox, "POST", "/__sandbox/sandboxes", { body: { seed: false } });
    expect(made.status).toBe(201);
    const { id, baseUrl } = made.json as { id: string; baseUrl: string };
    expect(baseUrl).toBe(`http://sandbox.test/__sandbox/sandboxes/${id}`);
    const path = `/__sandbox/sandboxes/${id}`;
    // seed: false leaves it without customers; the server's own keeps its seed.
    expect((await get(sandbox, `${path}/__sandbox/state/customers`)).json).toEqual([]);
    await call(sandbox, "POST", `${path}/__sandbox/add/customer`, { body: { name: "Only there" } });
    expect((await get(sandbox, `${path}/__sandbox/state/customers`)).json).toHaveLength(1);
    expect(sandbox.state.customers.some((c) => c.name === "Only there")).toBe(false);
    // Its API answers there too, with the organization tokens it keeps (and none of the seed's products).
    const listed = await get(sandbox, `${path}/v1/products/`, acmeAll);
    expect(listed.status).toBe(200);
    expect(listed.json.items).toEqual([]);
    const deleted = await call(sandbox, "DELETE", path);
    expect(deleted.status).toBe(204);
    const gone = await get(sandbox, `${path}/__sandbox/fixtures`);
    expect(gone.status).toBe(400);
    expect(gone.json.detail).toBe(
      `${path}/__sandbox/fixtures: no sandbox "${id}" on this server (deleted, or the server restarted); make one with POST /__sandbox/sandboxes`,
    );
  });

  it("each new sandbox gets a new id, and inherits the server's clock", async () => {
    const first = (await call(sandbox, "POST", "/__sandbox/sandboxes")).json.id;
    const second = (await call(sandbox, "POST", "/__sandbox/sandboxes")).json.id;
    expect(second).not.toBe(first);
    const clock = await get(sandbox, `/__sandbox/sandboxes/${second}/__sandbox/clock`);
    expect(clock.json.now).toBe(NOW);
  });

  it("DELETE under a sandbox's path is its own API's, not the sandbox's deletion; other methods delete nothing", async () => {
    const { id } = (await call(sandbox, "POST", "/__sandbox/sandboxes")).json;
    const path = `/__sandbox/sandboxes/${id}`;
    expect((await get(sandbox, path)).status).not.toBe(204);
    expect((await call(sandbox, "POST", path)).status).not.toBe(204);
    expect((await call(sandbox, "DELETE", `${path}/__sandbox/state`)).status).toBe(404);
    expect((await get(sandbox, `${path}/__sandbox/fixtures`)).status).toBe(200);
  });

  it("a sandbox made inside a made sandbox is served under its own baseUrl", async () => {
    const outer = (await call(sandbox, "POST", "/__sandbox/sandboxes")).json;
    const outerPath = new URL(outer.baseUrl).pathname;
    const inner = await call(sandbox, "POST", `${outerPath}/__sandbox/sandboxes`, { body: { seed: false } });
    expect(inner.status).toBe(201);
    expect(inner.json.baseUrl).toBe(`${outer.baseUrl}/__sandbox/sandboxes/${inner.json.id}`);
    const innerPath = new URL(inner.json.baseUrl).pathname;
    const customers = await get(sandbox, `${innerPath}/__sandbox/state/customers`);
    expect(customers.status).toBe(200);
    expect(customers.json).toEqual([]);
    expect((await get(sandbox, `${innerPath}/v1/products/`, acmeAll)).json.items).toEqual([]);
  });

  it("refuses an option it cannot take, naming it", async () => {
    const answer = await call(sandbox, "POST", "/__sandbox/sandboxes", { body: { maxBodyBytes: 1 } });
    expect(answer.status).toBe(400);
    expect(answer.json.detail).toMatch(/POST \/__sandbox\/sandboxes: unknown option "maxBodyBytes"/);
  });
});
