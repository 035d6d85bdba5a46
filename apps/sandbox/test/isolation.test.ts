/**
 * Isolation: reset() restores everything a test can change; the store tells
 * listeners what changed; sandboxes made over HTTP never see each other's writes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSandbox, createSandbox, type StoreChange } from "../src/index.js";
import { buildSandbox } from "../src/sandbox.js";
import { type RunningServer, startServer } from "../src/server.js";
import { get, tokens } from "./helpers.js";

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

  it("fixtures' now follows the clock", () => {
    const sandbox = createSandbox();
    sandbox.clock.freeze("2031-05-06T07:08:09.000Z");
    expect(sandbox.fixtures.now).toBe("2031-05-06T07:08:09.000Z");
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

  it("misuse over HTTP throws the in-process message", async () => {
    const root = connectSandbox(server.url);
    await expect(root.inject("listProduct" as "listProducts", { status: 503 })).rejects.toThrow(
      /unknown operation id "listProduct" \(did you mean "listProducts"\?\)/,
    );
    await expect(root.clock.advance({ weeks: 1 } as never)).rejects.toThrow(/unknown unit "weeks"/);
    await expect(root.newSandbox({ sed: false } as never)).rejects.toThrow(/unknown option "sed"/);
  });
});
