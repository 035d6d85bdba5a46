/**
 * What a user's test builds on: an empty or seeded start, typed builders, the
 * store read back, the clock, and faults injected per operation.
 */
import {
  createClient,
  deactivateLicenseKey,
  generateOrderInvoice,
  getCustomerLicenseKey,
  getOrderReceipt,
  listCustomerPaymentMethods,
  listEvents,
  listProducts,
  NetworkError,
  RateLimitError,
  validateLicenseKey,
} from "@commerce-api/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSandbox, type Sandbox } from "../src/index.js";
import { startServer } from "../src/server.js";
import { NOW } from "./helpers.js";

const ACME_ALL = "polar_oat_acme_all";

function clientOf(sandbox: Sandbox, token = ACME_ALL) {
  return createClient({
    baseUrl: "http://sandbox.test",
    token,
    fetch: sandbox.fetch,
    retry: { maxRetries: 0 },
  });
}

describe("starting empty or from the seed", () => {
  it("seed: false has the organizations and their tokens, and no records", async () => {
    const sandbox = createSandbox({ seed: false });
    const state = sandbox.state;
    expect(state.organizations.map((o) => o.slug)).toEqual(["acme", "globex"]);
    for (const table of [
      "customers",
      "products",
      "licenseKeys",
      "orders",
      "events",
      "subscriptions",
    ] as const) {
      expect(state[table], table).toEqual([]);
    }
    expect(state.tokens.some((t) => t.token === ACME_ALL)).toBe(true);
    expect(state.tokens.every((t) => t.customer_id === undefined)).toBe(true);
    const page = await listProducts(clientOf(sandbox), {});
    expect(page.items).toEqual([]);
  });

  it("the seed is the default; reset goes back to the start without what was added", async () => {
    const seeded = createSandbox();
    expect(seeded.state.products.length).toBeGreaterThan(10);
    const empty = createSandbox({ seed: false });
    empty.add.product({ name: "Temporary" });
    expect(empty.state.products).toHaveLength(1);
    empty.reset();
    expect(empty.state.products).toHaveLength(0);
  });

  it("state is a copy: changing it changes nothing", () => {
    const sandbox = createSandbox({ seed: false });
    sandbox.add.product();
    const state = sandbox.state;
    state.products.length = 0;
    expect(sandbox.state.products).toHaveLength(1);
  });
});

describe("builders", () => {
  it("customer: realistic defaults, overrides, and listed by the service as existing", async () => {
    const sandbox = createSandbox({ seed: false });
    const ada = sandbox.add.customer({ name: "Ada Lovelace", external_id: "u_1", metadata: { plan: "pro" } });
    expect(ada).toMatchObject({
      name: "Ada Lovelace",
      email: "ada.lovelace@example.com",
      external_id: "u_1",
      type: "individual",
    });
    expect(ada.metadata).toEqual({ plan: "pro" });
    expect(sandbox.state.customers.map((c) => c.id)).toEqual([ada.id]);
    const methods = await listCustomerPaymentMethods(clientOf(sandbox), { id: ada.id });
    expect(methods.items).toEqual([]);
    const globex = sandbox.add.customer({ organization: "globex" });
    await expect(listCustomerPaymentMethods(clientOf(sandbox), { id: globex.id })).rejects.toThrow(
      /404|not found/i,
    );
  });

  it("product with prices: listed with them, valid per the response schema", async () => {
    const sandbox = createSandbox({ seed: false });
    const made = sandbox.add.product({
      name: "Pro",
      prices: [{ amount: 2500 }, { amount_type: "custom", minimum: 500 }],
      recurring: "year",
    });
    expect(made.prices).toHaveLength(2);
    const page = await listProducts(clientOf(sandbox), {});
    expect(page.items.map((p) => p.name)).toEqual(["Pro"]);
    const [product] = page.items;
    expect(product?.recurring_interval).toBe("year");
    expect(product?.prices.map((p) => p.amount_type)).toEqual(["fixed", "custom"]);
    expect(product?.prices[0]).toMatchObject({ price_amount: 2500, price_currency: "usd" });
  });

  it("license key with activations: validated and deactivated through the API, read back from the state", async () => {
    const sandbox = createSandbox({ seed: false });
    const organizationId = sandbox.state.organizations[0]?.id as string;
    const customer = sandbox.add.customer();
    const product = sandbox.add.product({ licenseKeys: true });
    const key = sandbox.add.licenseKey({
      customer,
      product,
      limitUsage: 10,
      activations: [{ label: "Laptop" }, { label: "CI", conditions: { env: "ci" } }],
    });
    expect(key.activations.map((a) => a.label)).toEqual(["Laptop", "CI"]);
    expect(product.benefits.map((b) => b.id)).toContain(key.benefit_id);
    const client = clientOf(sandbox);
    const validated = await validateLicenseKey(client, {
      key: key.key,
      organization_id: organizationId,
      increment_usage: 3,
    });
    expect(validated.usage).toBe(3);
    const laptop = key.activations[0]?.id as string;
    await deactivateLicenseKey(client, {
      key: key.key,
      organization_id: organizationId,
      activation_id: laptop,
    });
    expect(sandbox.state.activations.map((a) => a.label)).toEqual(["CI"]);
    expect(sandbox.state.licenseKeys[0]?.usage).toBe(3);
  });

  it("order: invoices and receipts work on it; a customer session sees its own", async () => {
    const sandbox = createSandbox({ seed: false });
    const customer = sandbox.add.customer();
    const product = sandbox.add.product({ prices: [{ amount: 4900 }] });
    const order = sandbox.add.order({ customer, product });
    expect(order).toMatchObject({ status: "paid", net_amount: 4900, customer_id: customer.id });
    await generateOrderInvoice(clientOf(sandbox), { id: order.id });
    expect(sandbox.state.orders[0]?.invoice_generated_at).not.toBeNull();
    const session = sandbox.add.customerSession(customer);
    const receipt = await getOrderReceipt(clientOf(sandbox, session), { id: order.id });
    expect(receipt?.url).toContain(order.id);
  });

  it("events, in a tree: listed with their child count", async () => {
    const sandbox = createSandbox({ seed: false, now: () => new Date(NOW) });
    const customer = sandbox.add.customer();
    const root = sandbox.add.event({ name: "job.started", customer, metadata: { job: 1 } });
    sandbox.add.event({ name: "job.step", parent: root });
    const page = await listEvents(clientOf(sandbox), { depth: 0 });
    expect(page.items.map((e) => [e.name, e.child_count])).toEqual([["job.started", 1]]);
    expect(root.timestamp).toBe(NOW);
    expect(sandbox.state.customers[0]?.first_user_event_at).toBe(NOW);
  });

  it("a customer's first_user_event_at is their earliest user event, whatever order they were added in", () => {
    const sandbox = createSandbox({ seed: false });
    const customer = sandbox.add.customer();
    sandbox.add.event({ name: "api.request", customer, timestamp: "2026-04-10T00:00:00Z" });
    sandbox.add.event({ name: "api.request", customer, timestamp: "2026-04-02T00:00:00Z" });
    sandbox.add.event({ name: "api.request", customer, timestamp: "2026-04-05T00:00:00Z" });
    expect(sandbox.state.customers[0]?.first_user_event_at).toBe("2026-04-02T00:00:00.000Z");
  });

  it("refuses references it cannot resolve, saying what to do", () => {
    const sandbox = createSandbox({ seed: false });
    expect(() => sandbox.add.customer({ organization: "initech" })).toThrow(
      /no organization "initech".*acme, globex/,
    );
    expect(() => sandbox.add.licenseKey({ customer: "00000000-0000-4000-8000-000000000000" })).toThrow(
      /no customers record .* add it first with sandbox.add.customer\(\)/,
    );
  });
});

describe("the clock", () => {
  it("freeze, set, advance, resume", () => {
    const sandbox = createSandbox({ now: "2026-01-01T00:00:00Z" });
    const frozen = sandbox.clock.freeze("2026-02-01T00:00:00Z");
    expect(frozen.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(sandbox.clock.frozen).toBe(true);
    expect(sandbox.clock.advance({ days: 3, hours: 1 }).toISOString()).toBe("2026-02-04T01:00:00.000Z");
    expect(sandbox.clock.advance(1000).toISOString()).toBe("2026-02-04T01:00:01.000Z");
    expect(sandbox.clock.set("2027-01-01T00:00:00Z").toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(sandbox.clock.now().toISOString()).toBe("2027-01-01T00:00:00.000Z");
    sandbox.clock.resume();
    expect(sandbox.clock.frozen).toBe(false);
    expect(sandbox.clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse("2027-01-01T00:00:00Z"));
  });

  it("set and advance move a running clock too", () => {
    let real = Date.parse("2026-01-01T00:00:00Z");
    const sandbox = createSandbox({ now: () => new Date(real) });
    sandbox.clock.set("2026-06-01T00:00:00Z");
    real += 5000;
    expect(sandbox.clock.now().toISOString()).toBe("2026-06-01T00:00:05.000Z");
    sandbox.clock.advance({ minutes: 1 });
    expect(sandbox.clock.now().toISOString()).toBe("2026-06-01T00:01:05.000Z");
  });

  it("a key that expires in 3 days validates until the clock passes it", async () => {
    const sandbox = createSandbox({ seed: false });
    sandbox.clock.freeze();
    const organizationId = sandbox.state.organizations[0]?.id as string;
    const key = sandbox.add.licenseKey({ customer: sandbox.add.customer(), expiresIn: { days: 3 } });
    const client = clientOf(sandbox);
    sandbox.clock.advance({ days: 2 });
    await expect(
      validateLicenseKey(client, { key: key.key, organization_id: organizationId }),
    ).resolves.toMatchObject({ id: key.id });
    sandbox.clock.advance({ days: 1 });
    await expect(
      validateLicenseKey(client, { key: key.key, organization_id: organizationId }),
    ).rejects.toThrow(/expired/);
  });

  it("refuses what is not a date or a duration", () => {
    const sandbox = createSandbox();
    expect(() => sandbox.clock.set("tomorrow")).toThrow(/set: not a valid date: tomorrow/);
    expect(() => sandbox.clock.advance(Number.NaN)).toThrow(/not a length of time/);
  });
});

describe("faults per operation", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a status hits only that operation, as many times as asked", async () => {
    const sandbox = createSandbox();
    sandbox.inject("listProducts", { status: 503 }, { times: 2 });
    const client = clientOf(sandbox);
    await expect(listEvents(client, { limit: 1 })).resolves.toBeDefined();
    const first = await sandbox.fetch("http://sandbox.test/v1/products/", {
      headers: { authorization: `Bearer ${ACME_ALL}` },
    });
    expect(first.status).toBe(503);
    expect(first.headers.get("x-sandbox-injected")).toBe("true");
    await expect(listProducts(client, {})).rejects.toThrow(/503/);
    await expect(listProducts(client, {})).resolves.toBeDefined();
  });

  it("429 carries Retry-After, and the client's retry waits it out", async () => {
    const sandbox = createSandbox();
    sandbox.inject("listEvents", { status: 429, retryAfterSeconds: 7 });
    const response = await sandbox.fetch("http://sandbox.test/v1/events/", {
      headers: { authorization: `Bearer ${ACME_ALL}` },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    sandbox.inject("listEvents", { status: 429 });
    await expect(listEvents(clientOf(sandbox), {})).rejects.toBeInstanceOf(RateLimitError);
  });

  it("a network error rejects the fetch (the client's NetworkError); over HTTP it drops the connection", async () => {
    const sandbox = createSandbox();
    sandbox.inject("listRefunds", { networkError: true });
    await expect(
      sandbox.fetch("http://sandbox.test/v1/refunds/", { headers: { authorization: `Bearer ${ACME_ALL}` } }),
    ).rejects.toBeInstanceOf(TypeError);
    sandbox.inject("listRefunds", { networkError: true });
    await expect(listEvents(clientOf(sandbox), {})).resolves.toBeDefined();
    const { listRefunds } = await import("@commerce-api/client");
    await expect(listRefunds(clientOf(sandbox), {})).rejects.toBeInstanceOf(NetworkError);

    const server = await startServer({ port: 0, sandbox });
    try {
      sandbox.inject("*", { networkError: true });
      await expect(fetch(`${server.url}/v1/refunds/`)).rejects.toThrow(/fetch failed/);
      expect(
        (await fetch(`${server.url}/v1/refunds/`, { headers: { authorization: `Bearer ${ACME_ALL}` } }))
          .status,
      ).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("a delay answers late, and then as usual", async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox();
    sandbox.inject("getCustomerLicenseKey", { delayMs: 5000 });
    const seededKey = sandbox.fixtures.ids.license_keys.find(
      (k) =>
        k.customer_id ===
        sandbox.fixtures.tokens.find((t) => t.token === "polar_cst_acme_alice")?.customer_id,
    );
    let settled = false;
    const pending = getCustomerLicenseKey(clientOf(sandbox, "polar_cst_acme_alice"), {
      id: seededKey?.id as string,
    }).then((key) => {
      settled = true;
      return key;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ id: seededKey?.id });
  });

  it("'*' hits any operation; reset clears what is queued; bad faults are refused", async () => {
    const sandbox = createSandbox();
    sandbox.inject("*", { status: 500 }, { times: Number.POSITIVE_INFINITY });
    for (const path of ["/v1/products/", "/v1/events/"]) {
      const response = await sandbox.fetch(`http://sandbox.test${path}`, {
        headers: { authorization: `Bearer ${ACME_ALL}` },
      });
      expect(response.status).toBe(500);
    }
    sandbox.reset();
    expect(
      (
        await sandbox.fetch("http://sandbox.test/v1/products/", {
          headers: { authorization: `Bearer ${ACME_ALL}` },
        })
      ).status,
    ).toBe(200);
    expect(() => sandbox.inject("listEvents", { status: 404 as 500 })).toThrow(/status must be one of/);
    expect(() => sandbox.inject("listEvents", { delayMs: -1 })).toThrow(/delayMs/);
    expect(() => sandbox.inject("listEvents", {} as { networkError: true })).toThrow(
      /give \{ status, retryAfterSeconds\? \}, \{ networkError: true \} or \{ delayMs \}/,
    );
  });
});
