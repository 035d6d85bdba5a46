/**
 * What a browser app and a test's setup rely on from `createSandbox`: CORS on every
 * answer (the headers a browser lets the app read), preflights, `seed: false`, and
 * options refused with a message naming the fix.
 */
import { describe, expect, it } from "vitest";
import { createSandbox, SandboxUsageError } from "../src/index.js";
import { call, get, NOW, tokens } from "./helpers.js";

const sandbox = createSandbox({ now: () => new Date(NOW) });
const { acmeAll } = tokens(sandbox.fixtures);

describe("CORS", () => {
  it("every answer lets a browser read retry-after, www-authenticate, content-disposition and the hint", async () => {
    const answers = [
      await get(sandbox, "/v1/products/?limit=1", acmeAll),
      await get(sandbox, "/v1/products/"),
      await get(sandbox, "/__sandbox/fixtures"),
      await get(sandbox, "/v1/nowhere"),
    ];
    for (const answer of answers) {
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      const exposed = (answer.headers.get("access-control-expose-headers") ?? "").split(/,\s*/);
      expect(exposed.sort()).toEqual(
        ["content-disposition", "retry-after", "www-authenticate", "x-sandbox-hint"].sort(),
      );
    }
  });

  it("a preflight allows every method, the headers asked for (or authorization and content-type), for 10 minutes", async () => {
    const preflight = (headers: Record<string, string>) =>
      sandbox.fetch("http://sandbox.test/v1/license-keys/validate", { method: "OPTIONS", headers });
    const asked = await preflight({ "access-control-request-headers": "x-custom, authorization" });
    expect(asked.status).toBe(204);
    expect(asked.headers.get("access-control-allow-headers")).toBe("x-custom, authorization");
    expect(asked.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(asked.headers.get("access-control-max-age")).toBe("600");
    expect(asked.headers.get("access-control-allow-origin")).toBe("*");
    const plain = await preflight({});
    expect(plain.headers.get("access-control-allow-headers")).toBe("authorization, content-type");
  });

  it("a preflight consumes no queued failure", async () => {
    const failing = createSandbox({ now: () => new Date(NOW) });
    failing.failNext(1, 503);
    const preflight = await failing.fetch("http://sandbox.test/v1/products/", { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect((await get(failing, "/v1/products/", acmeAll)).status).toBe(503);
  });
});

describe("seed: false", () => {
  it("keeps the organizations and their organization tokens, and nothing else", async () => {
    const empty = createSandbox({ seed: false, now: () => new Date(NOW) });
    const state = empty.state;
    expect(state.organizations).toEqual(sandbox.state.organizations);
    expect(state.tokens.length).toBeGreaterThan(0);
    expect(state.tokens.every((token) => token.customer_id === undefined)).toBe(true);
    expect(state.tokens.map((token) => token.token)).toContain(acmeAll);
    for (const table of ["customers", "products", "orders", "events", "licenseKeys", "meters"] as const)
      expect(state[table], table).toEqual([]);
    expect((await get(empty, "/v1/products/", acmeAll)).json.items).toEqual([]);
    expect((await get(empty, "/v1/customer-portal/subscriptions/", "polar_cst_acme_alice")).status).toBe(401);
  });
});

describe("options refused, naming the fix", () => {
  it.each([
    [null, "createSandbox: options must be an object, got null"],
    [{ seed: 1.5 }, "createSandbox: seed must be a whole number or false, got 1.5"],
    [{ seed: true }, "createSandbox: seed must be a whole number or false, got true"],
    [{ maxBodyBytes: 1.5 }, "createSandbox: maxBodyBytes must be a whole number of bytes, got 1.5"],
  ])("%j", (options, message) => {
    expect(() => createSandbox(options as never)).toThrow(SandboxUsageError);
    expect(() => createSandbox(options as never)).toThrow(message);
  });

  it("a seed of 0 and a maxBodyBytes of 0 are accepted", async () => {
    expect(createSandbox({ seed: 0 }).state.customers.length).toBeGreaterThan(0);
    const strict = createSandbox({ maxBodyBytes: 0 });
    const answer = await call(strict, "POST", "/v1/license-keys/validate", { token: acmeAll, rawBody: "{}" });
    expect(answer.status).toBe(413);
  });
});
