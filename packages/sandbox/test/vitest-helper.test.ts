/**
 * useSandbox(): one call, and each test starts from the seed (these tests pass in
 * any order only because of the reset after each); and the hints it wires in.
 */
import { createClient, listProducts, listRefunds } from "@commerce-api/client";
import { describe, expect, it, vi } from "vitest";
import { unhandledRequestHint } from "../src/msw.js";
import { useSandbox } from "../src/vitest.js";

const sandbox = useSandbox({ seed: false });
// As an app's code would: a token, no baseUrl (the service's production URL, which MSW answers).
const api = () => createClient({ token: "polar_oat_acme_all" });

describe("useSandbox", () => {
  it.each(["first", "second", "third"])("the %s test sees only its own refund", async () => {
    const refund = sandbox.add.refund();
    expect((await listRefunds(api(), {})).items.map((r) => r.id)).toEqual([refund.id]);
    sandbox.clock.freeze("2031-01-01T00:00:00Z");
    sandbox.respond("listProducts", { status: 403 });
  });

  it("resets the clock and the overrides too", async () => {
    expect(sandbox.clock.frozen).toBe(false);
    expect((await listProducts(api(), {})).items).toEqual([]);
  });

  it("injected failures say Retry-After: 0, so the client's retries do not wait", async () => {
    sandbox.inject("listProducts", { status: 429, retryAfterSeconds: 30 }, { times: 2 });
    const statuses: string[] = [];
    const client = createClient({
      token: "polar_oat_acme_all",
      // Every attempt, as the client's retries make them (MSW answers the global fetch).
      fetch: async (request: Request) => {
        const response = await fetch(request);
        statuses.push(`${response.status} ${response.headers.get("retry-after")}`);
        return response;
      },
    });
    await listProducts(client, {});
    expect(statuses).toEqual(["429 0", "429 0", "200 null"]);
  });
});

describe("hints", () => {
  it("a 401 keeps the service's body and adds x-sandbox-hint naming the seeded tokens", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await sandbox.fetch("http://sandbox.test/v1/products/", {
      headers: { authorization: "Bearer polar_oat_acme" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_token" });
    const hint = response.headers.get("x-sandbox-hint");
    expect(hint).toMatch(
      /^the sandbox has no such token; seeded tokens this operation takes: polar_oat_acme_all, /,
    );
    expect(warn).toHaveBeenCalledWith(`[sandbox] 401: ${hint}`);
    warn.mockRestore();
  });

  it("an unhandled request that looks like the service's names the baseUrl to give", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const print = { warning: vi.fn(), error: vi.fn() };
    const hint = unhandledRequestHint();
    hint(new Request("http://localhost:5173/api/v1/v1/products/?limit=1"), print);
    expect(print.error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]?.[0]).toContain(
      'sandboxHandlers(sandbox, { baseUrl: "http://localhost:5173/api" })',
    );
    hint(new Request("http://localhost:5173/assets/logo.svg"), print);
    expect(print.warning).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
