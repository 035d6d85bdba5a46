/**
 * Isolation: reset() restores everything a test can change; the store tells
 * listeners what changed; sandboxes made over HTTP never see each other's writes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SANDBOXES } from "../src/control/sandboxes.js";
import {
  BUILDER_KINDS,
  connectSandbox,
  createSandbox,
  DEFAULT_SEED,
  type StoreChange,
} from "../src/index.js";
import { buildSandbox } from "../src/sandbox.js";
import { buildSeed } from "../src/seed/index.js";
import { type RunningServer, startServer } from "../src/server.js";
import { call, get, sampleRequests, tokens } from "./helpers.js";

describe("reset()", () => {
  it("restores the clock: frozen, set or advanced, it runs again from its start", () => {
    const sandbox = createSandbox();
    sandbox.clock.freeze();
    sandbox.clock.set("2030-01-01T00:00:00Z");
    sandbox.clock.advance({ days: 2 });
    sandbox.reset();
    expect(sandbox.clock.frozen).toBe(false);
    const now = sandbox.clock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(Date.parse("2026-04-15T12:00:00Z"));
    expect(now).toBeLessThan(Date.parse("2026-04-16T00:00:00Z"));
  });

  it("restores the data, the queued faults, and the ids builders hand out", async () => {
    const sandbox = createSandbox({ seed: false, now: () => new Date("2026-04-15T12:00:00Z") });
    const first = sandbox.add.customer({ name: "Ada" });
    sandbox.inject("listProducts", { status: 503 }, { times: Number.POSITIVE_INFINITY });
    sandbox.reset();
    expect(sandbox.state.customers).toEqual([]);
    const token = tokens(createSandbox().fixtures).acmeAll;
    expect((await get(sandbox, "/v1/products/", token)).status).toBe(200);
    // The same builder calls after reset make the same records: a test sees the same ids in any order.
    expect(sandbox.add.customer({ name: "Ada" })).toEqual(first);
  });

  it("fixtures' now follows the clock (where it was put: reading the fixtures twice agrees)", () => {
    const sandbox = createSandbox();
    expect(sandbox.fixtures.now).toBe("2026-04-15T12:00:00.000Z");
    sandbox.clock.set("2030-01-01T00:00:00.000Z");
    sandbox.clock.advance({ days: 1 });
    expect(sandbox.fixtures.now).toBe("2030-01-02T00:00:00.000Z");
    sandbox.clock.freeze("2031-05-06T07:08:09.000Z");
    expect(sandbox.fixtures.now).toBe("2031-05-06T07:08:09.000Z");
    sandbox.reset();
    expect(sandbox.fixtures.now).toBe("2026-04-15T12:00:00.000Z");
  });
});

describe("the store's change stream", () => {
  it("tells listeners of inserts, updates (with the previous record) and removals, not of reset", async () => {
    // The store is internal (buildSandbox is what createSandbox wraps); builders and routes write through it.
    const { sandbox, store } = buildSandbox();
    const changes: StoreChange[] = [];
    store.onChange((change) => changes.push(change));
    const acme = tokens(sandbox.fixtures).acmeAll;
    const link = sandbox.state.checkoutLinks.find(
      (l) => l.organization_id === tokens(sandbox.fixtures).acme.id,
    );
    if (!link) throw new Error("the seed has checkout links");
    await sandbox.fetch(`http://sandbox.test/v1/checkout-links/${link.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${acme}` },
    });
    sandbox.reset();
    const customer = sandbox.add.customer();
    sandbox.add.event({ customer });
    expect(changes.map((c) => [c.table, c.action, "id" in c.record ? c.record.id : c.record.token])).toEqual([
      ["checkoutLinks", "remove", link.id],
      ["customers", "insert", customer.id],
      ["events", "insert", expect.any(String)],
      ["customers", "update", customer.id],
    ]);
    const update = changes[3];
    expect(
      update?.action === "update" && update.table === "customers" && update.previous.first_user_event_at,
    ).toBe(null);
  });
});

describe("over HTTP", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it("POST /__sandbox/sandboxes gives independent sandboxes: a write in one is not seen in another", async () => {
    const root = connectSandbox(server.url);
    const a = await root.newSandbox({ seed: false });
    const b = await root.newSandbox({ seed: false });
    expect(a.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__sandbox\/sandboxes\/\d+$/);
    const customer = await a.add.customer({ name: "Only in A" });
    expect((await a.state("customers")).map((c) => c.id)).toEqual([customer.id]);
    expect(await b.state("customers")).toEqual([]);
    expect(server.sandbox.state.customers.some((c) => c.id === customer.id)).toBe(false);
    await a.delete();
    await expect(a.fixtures()).rejects.toThrow(/no sandbox "\d+" on this server/);
    await b.delete();
  });

  it("a new sandbox serves the API under its baseUrl", async () => {
    const mine = await connectSandbox(server.url).newSandbox();
    const { acmeAll } = tokens(await mine.fixtures());
    const response = await fetch(`${mine.baseUrl}/v1/products/?limit=1`, {
      headers: { authorization: `Bearer ${acmeAll}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { items: unknown[] }).items).toHaveLength(1);
    await mine.delete();
  });

  it("connectSandbox drives builders, clock, faults and reset like the in-process sandbox", async () => {
    const mine = await connectSandbox(server.url).newSandbox({ seed: false });
    const customer = await mine.add.customer({ name: "Grace" });
    const product = await mine.add.product({ name: "Pro" });
    const key = await mine.add.licenseKey({ customer, product, activations: [{ label: "laptop" }] });
    expect(key.activations.map((a) => a.label)).toEqual(["laptop"]);
    const session = await mine.add.customerSession(customer);
    expect(session).toMatch(/^polar_cst_/);

    expect((await mine.clock.set("2030-01-01T00:00:00Z")).getFullYear()).toBe(2030);
    const frozen = await mine.clock.freeze("2030-02-03T04:05:06.000Z");
    expect(frozen.toISOString()).toBe("2030-02-03T04:05:06.000Z");
    expect((await mine.clock.advance({ days: 1 })).toISOString()).toBe("2030-02-04T04:05:06.000Z");
    expect((await mine.fixtures()).now).toBe("2030-02-04T04:05:06.000Z");

    await mine.inject("listProducts", { status: 503 });
    const failed = await fetch(`${mine.baseUrl}/v1/products/`, {
      headers: { authorization: "Bearer polar_oat_acme_all" },
    });
    expect(failed.status).toBe(503);

    await mine.reset();
    expect(await mine.state("customers")).toEqual([]);
    expect((await mine.clock.now()).getFullYear()).toBe(2026);
    await mine.delete();
  });

  it("a fault injected with times: Infinity over HTTP keeps failing; a counted one stops", async () => {
    const mine = await connectSandbox(server.url).newSandbox();
    const products = async () =>
      (
        await fetch(`${mine.baseUrl}/v1/products/`, {
          headers: { authorization: "Bearer polar_oat_acme_all" },
        })
      ).status;
    await mine.inject("listProducts", { status: 503 }, { times: Number.POSITIVE_INFINITY });
    expect([await products(), await products(), await products()]).toEqual([503, 503, 503]);
    await mine.reset();
    await mine.inject("listProducts", { status: 503 }, { times: 2 });
    expect([await products(), await products(), await products()]).toEqual([503, 503, 200]);
    await mine.delete();
  });

  it("POST /__sandbox/fail takes a count up to 10000 and a retry_after of 0 or more; refuses the rest", async () => {
    const mine = await connectSandbox(server.url).newSandbox({ seed: false });
    await mine.failNext(10_000, 503, 0);
    await expect(mine.failNext(10_001)).rejects.toThrow(/count must be a whole number from 0 to 10000/);
    await expect(mine.failNext(1, 429, -1)).rejects.toThrow(/retry_after must be a whole number of seconds/);
    await mine.delete();
  });

  it("a new sandbox starts without the failures queued for the server's own", async () => {
    const failing = await startServer({ port: 0, failNext: { count: 5, status: 503 } });
    try {
      const mine = await connectSandbox(failing.url).newSandbox();
      const response = await fetch(`${mine.baseUrl}/v1/products/?limit=1`, {
        headers: { authorization: "Bearer polar_oat_acme_all" },
      });
      expect(response.status).toBe(200);
      await mine.delete();
    } finally {
      await failing.close();
    }
  });

  it("a control request's body must be a JSON object: an array is refused, naming the route", async () => {
    const response = await fetch(`${server.url}/__sandbox/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([{ days: 1 }]),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/POST \/__sandbox\/clock\/advance: the body must be a JSON object/);
  });

  it("misuse over HTTP throws the in-process message", async () => {
    const root = connectSandbox(server.url);
    await expect(root.inject("listProduct" as "listProducts", { status: 503 })).rejects.toThrow(
      /unknown operation id "listProduct" \(did you mean "listProducts"\?\)/,
    );
    await expect(root.clock.advance({ weeks: 1 } as never)).rejects.toThrow(/unknown unit "weeks"/);
    await expect(root.newSandbox({ sed: false } as never)).rejects.toThrow(/unknown option "sed"/);
  });
});

describe("sandboxes share the seed's records, and nothing changes them in place", () => {
  it("after every operation and every builder ran in one sandbox, a new one holds the seed as built", async () => {
    const now = () => new Date("2026-04-15T12:00:00Z");
    const used = createSandbox({ now });
    for (const sample of sampleRequests(used.fixtures)) {
      const token = sample.definition.auth.includes("customer_session")
        ? "polar_cst_acme_alice"
        : "polar_oat_acme_all";
      const answer = await call(used, sample.method, sample.path, {
        token,
        ...(sample.body !== undefined ? { body: sample.body } : {}),
      });
      expect(answer.status, sample.id).toBeLessThan(300);
    }
    // Each builder once, linking seeded records (which the builders then update).
    const { acme } = tokens(used.fixtures);
    const state = used.state;
    const alice = state.customers.find((c) => c.email.startsWith("alice"))?.id as string;
    const ofAcme = <T extends { organization_id: string }>(list: T[]) =>
      list.find((x) => x.organization_id === acme.id) as T;
    const recurring = state.products.find((p) => p.organization_id === acme.id && p.recurring_interval)?.id;
    const paid = state.orders.find((o) => o.organization_id === acme.id && o.status === "paid")?.id;
    const inputs: Record<(typeof BUILDER_KINDS)[number], unknown> = {
      customer: {},
      customerSession: alice,
      paymentMethod: { customer: alice },
      product: { customFields: [ofAcme(state.customFields).id] },
      customField: { products: [ofAcme(state.products).id] },
      discount: {},
      checkoutLink: { products: [ofAcme(state.products).id] },
      meter: {},
      subscription: { customer: alice, product: recurring },
      order: { customer: alice, product: ofAcme(state.products).id },
      refund: { order: paid },
      licenseKey: { customer: alice },
      event: { customer: alice },
    };
    for (const kind of BUILDER_KINDS) (used.add[kind] as (input: unknown) => unknown)(inputs[kind]);
    const built = buildSeed({ seed: DEFAULT_SEED, now: now() });
    expect(createSandbox({ now }).state).toEqual(structuredClone(built));
  });
});

describe("sandboxes made over HTTP are bounded", () => {
  it(`past ${MAX_SANDBOXES} live ones, making another says to delete them; deleting makes room`, async () => {
    const { sandbox } = buildSandbox({ seed: false });
    const make = () => sandbox.fetch("http://sandbox.test/__sandbox/sandboxes", { method: "POST" });
    for (let i = 1; i < MAX_SANDBOXES; i++) await make();
    const last = await make();
    expect(last.status).toBe(201);
    const refused = await make();
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /holds 1000 sandboxes already; delete each when its test is done \(DELETE <baseUrl>/,
    );
    const { baseUrl } = (await last.json()) as { baseUrl: string };
    expect((await sandbox.fetch(baseUrl, { method: "DELETE" })).status).toBe(204);
    expect((await make()).status).toBe(201);
  });
});
