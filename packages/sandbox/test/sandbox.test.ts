import { describe, expect, it } from "vitest";
import { OPERATION_IDS } from "../src/http/definitions.js";
import { createSandbox, type FailureStatus } from "../src/index.js";
import { DEFAULT_PORT, portFromEnvironment } from "../src/server.js";
import { BASE, call, frozenSandbox, get, tokens } from "./helpers.js";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("fixtures", () => {
  const { sandbox, fixtures } = frozenSandbox();
  const t = tokens(fixtures);

  it("lists tokens of every kind, with a full and a single-scope organization token per organization", () => {
    expect(new Set(fixtures.tokens.map((tok) => tok.kind))).toEqual(
      new Set(["pat", "oat", "oidc", "customer_session", "member_session"]),
    );
    for (const org of fixtures.ids.organizations) {
      const mine = fixtures.tokens.filter((tok) => tok.organization_id === org.id && !tok.expired);
      expect(mine.some((tok) => ["pat", "oat", "oidc"].includes(tok.kind) && tok.scopes.length > 10)).toBe(
        true,
      );
      expect(mine.some((tok) => tok.scopes.length === 1)).toBe(true);
      expect(mine.filter((tok) => tok.kind === "customer_session").length).toBeGreaterThanOrEqual(2);
      expect(mine.some((tok) => tok.kind === "member_session")).toBe(true);
      for (const session of mine.filter((tok) => tok.kind.endsWith("_session"))) {
        expect(fixtures.ids.customers.find((c) => c.id === session.customer_id)?.organization_id).toBe(
          org.id,
        );
      }
    }
  });

  it("has the ids the issue names, each with its organization", () => {
    const { ids } = fixtures;
    expect(ids.organizations.length).toBeGreaterThanOrEqual(2);
    for (const list of [
      ids.customers,
      ids.license_keys,
      ids.orders,
      ids.discounts,
      ids.checkout_links,
      ids.custom_fields,
    ]) {
      expect(list.length).toBeGreaterThan(0);
      for (const item of list) expect(ids.organizations.map((o) => o.id)).toContain(item.organization_id);
    }
    // The records without a list operation carry a name, for pickers to show instead of an ID.
    for (const list of [ids.discounts, ids.checkout_links, ids.custom_fields])
      for (const item of list) expect(item.name).toMatch(/\w/);
    expect(new Set(ids.license_keys.map((k) => k.status))).toEqual(
      new Set(["granted", "revoked", "disabled"]),
    );
    for (const status of ["granted", "revoked", "disabled"]) {
      expect(ids.license_keys.some((k) => k.status === status && k.activation_ids.length > 0)).toBe(true);
    }
    expect(new Set(ids.orders.map((o) => o.invoice))).toEqual(
      new Set(["eligible", "not_eligible", "missing_billing_details"]),
    );
    expect(ids.customers.filter((c) => !c.has_billing_details).length).toBeGreaterThanOrEqual(2);
  });

  it("is served at GET /__sandbox/fixtures without a token", async () => {
    const answer = await get(sandbox, "/__sandbox/fixtures");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(fixtures);
    expect(t.acme.slug).toBe("acme");
  });

  it("every seeded id is a version 4 UUID", () => {
    const all: string[] = [];
    const walk = (value: unknown, key = "") => {
      if (typeof value === "string" && (key === "id" || key.endsWith("_id")) && key !== "external_id")
        all.push(value);
      else if (Array.isArray(value)) for (const v of value) walk(v, key.endsWith("_ids") ? "id" : key);
      else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
    };
    walk(fixtures.ids);
    expect(all.length).toBeGreaterThan(100);
    for (const id of all) expect(id).toMatch(UUID_V4);
  });
});

describe("determinism", () => {
  it("the same seed gives the same data; another seed other ids", async () => {
    const a = createSandbox({ now: "2026-04-15T12:00:00Z" });
    const b = createSandbox({ now: "2026-04-15T12:00:00Z" });
    const c = createSandbox({ seed: 7, now: "2026-04-15T12:00:00Z" });
    expect(b.fixtures).toEqual(a.fixtures);
    expect(c.fixtures.ids.customers[0]?.id).not.toBe(a.fixtures.ids.customers[0]?.id);
    const token = tokens(a.fixtures).acmeAll;
    expect((await get(a, "/v1/events/?limit=100", token)).json).toEqual(
      (await get(b, "/v1/events/?limit=100", token)).json,
    );
  });

  it("each seeded customer's first_user_event_at is the earliest of their user events", () => {
    const { customers, events } = createSandbox().state;
    const earliest = new Map<string, string>();
    for (const event of events) {
      if (event.source !== "user" || event.customer_id === null) continue;
      const known = earliest.get(event.customer_id);
      if (known === undefined || event.timestamp < known) earliest.set(event.customer_id, event.timestamp);
    }
    expect(earliest.size).toBeGreaterThan(1);
    for (const customer of customers)
      expect(customer.first_user_event_at, customer.id).toBe(earliest.get(customer.id) ?? null);
  });

  it("the seed is laid out around `now`", () => {
    const later = createSandbox({ now: "2027-01-01T00:00:00Z" });
    const key = later.fixtures.ids.license_keys.find((k) => k.expired);
    expect(key).toBeDefined();
  });
});

describe("reset", () => {
  it("brings deleted records back, over HTTP too", async () => {
    const { sandbox, fixtures } = frozenSandbox();
    const t = tokens(fixtures);
    const id = fixtures.ids.discounts.find((d) => d.organization_id === t.acme.id)?.id;
    expect((await call(sandbox, "DELETE", `/v1/discounts/${id}`, { token: t.acmeAll })).status).toBe(204);
    sandbox.reset();
    expect((await call(sandbox, "DELETE", `/v1/discounts/${id}`, { token: t.acmeAll })).status).toBe(204);
    expect((await call(sandbox, "POST", "/__sandbox/reset")).status).toBe(204);
    expect((await call(sandbox, "DELETE", `/v1/discounts/${id}`, { token: t.acmeAll })).status).toBe(204);
  });
});

describe("failure injection", () => {
  it("failNext(n, 503) fails the next n API responses, then answers normally", async () => {
    const { sandbox, fixtures } = frozenSandbox();
    const token = tokens(fixtures).acmeAll;
    sandbox.failNext(2, 503);
    const first = await get(sandbox, "/v1/products/", token);
    expect(first.status).toBe(503);
    expect(first.json.error).toBe("ServiceUnavailable");
    expect((await get(sandbox, "/__sandbox/fixtures")).status).toBe(200);
    expect((await get(sandbox, "/v1/products/", token)).status).toBe(503);
    expect((await get(sandbox, "/v1/products/", token)).status).toBe(200);
  });

  it("failNext(n) without a status fails with 503, the service's answer when it is unavailable", async () => {
    const { sandbox, fixtures } = frozenSandbox();
    sandbox.failNext(1);
    const answer = await get(sandbox, "/v1/products/", tokens(fixtures).acmeAll);
    expect(answer.status).toBe(503);
    expect(answer.json.error).toBe("ServiceUnavailable");
  });

  it.each<[FailureStatus, string]>([
    [500, "InternalServerError"],
    [502, "BadGateway"],
    [504, "GatewayTimeout"],
  ])("an injected %i names its status in the error code", async (status, code) => {
    const { sandbox, fixtures } = frozenSandbox();
    sandbox.failNext(1, status);
    const answer = await get(sandbox, "/v1/products/", tokens(fixtures).acmeAll);
    expect(answer.status).toBe(status);
    expect(answer.json.error).toBe(code);
  });

  it("429 carries Retry-After (1 second unless told otherwise)", async () => {
    const { sandbox, fixtures } = frozenSandbox();
    const token = tokens(fixtures).acmeAll;
    sandbox.failNext(1, 429);
    sandbox.failNext(1, 429, 3);
    const first = await get(sandbox, "/v1/products/", token);
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    expect((await get(sandbox, "/v1/products/", token)).headers.get("retry-after")).toBe("3");
  });

  it("POST /__sandbox/fail queues failures for out-of-process tests", async () => {
    const { sandbox, fixtures } = frozenSandbox();
    const token = tokens(fixtures).acmeAll;
    const queued = await call(sandbox, "POST", "/__sandbox/fail", {
      body: { count: 1, status: 429, retry_after: 2 },
    });
    expect(queued.json).toEqual({ pending: 1 });
    const failed = await get(sandbox, "/v1/events/", token);
    expect(failed.status).toBe(429);
    expect(failed.headers.get("retry-after")).toBe("2");
    const bad = await call(sandbox, "POST", "/__sandbox/fail", { body: { count: -1, status: 418 } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toHaveLength(2);
  });

  it("the failNext option queues failures from the start; reset clears them", async () => {
    const sandbox = createSandbox({ failNext: { count: 5, status: 503 } });
    const token = tokens(sandbox.fixtures).acmeAll;
    expect((await get(sandbox, "/v1/products/", token)).status).toBe(503);
    sandbox.reset();
    expect((await get(sandbox, "/v1/products/", token)).status).toBe(200);
  });
});

describe("routing and HTTP", () => {
  const { sandbox, fixtures } = frozenSandbox();
  const token = tokens(fixtures).acmeAll;

  it("an unknown path is 404, a wrong method 405", async () => {
    expect((await get(sandbox, "/v1/nothing-here", token)).status).toBe(404);
    const wrong = await call(sandbox, "PUT", "/v1/products/", { token });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  it("list paths work with or without the trailing slash", async () => {
    expect((await get(sandbox, "/v1/products", token)).status).toBe(200);
    expect((await get(sandbox, "/v1/products/", token)).status).toBe(200);
  });

  it("answers CORS preflights and sets CORS headers", async () => {
    const preflight = await sandbox.fetch(
      new Request(`${BASE}/v1/products/`, {
        method: "OPTIONS",
        headers: { origin: "http://localhost:5173", "access-control-request-headers": "authorization" },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("authorization");
    expect((await get(sandbox, "/v1/products/", token)).headers.get("access-control-allow-origin")).toBe("*");
  });

  it("fetch takes a URL and init as well as a Request", async () => {
    const response = await sandbox.fetch(`${BASE}/v1/products/?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
  });

  it("GET /__sandbox describes every operation", async () => {
    const answer = await get(sandbox, "/__sandbox");
    expect(answer.json.operations).toHaveLength(OPERATION_IDS.length);
  });
});

describe("the start command's port", () => {
  it("is 4010 when PORT is unset or empty, PORT otherwise", () => {
    expect(portFromEnvironment(undefined)).toBe(DEFAULT_PORT);
    expect(portFromEnvironment("")).toBe(4010);
    expect(portFromEnvironment("0")).toBe(0);
    expect(portFromEnvironment("5123")).toBe(5123);
  });

  it("refuses a PORT that is not a port, saying what to give", () => {
    expect(() => portFromEnvironment("http")).toThrow(/PORT="http" is not a port: give a whole number/);
    expect(() => portFromEnvironment("70000")).toThrow(/0 to 65535/);
  });
});
