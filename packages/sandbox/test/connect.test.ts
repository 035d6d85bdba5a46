/**
 * `connectSandbox(url)` in process: its `fetch` option takes the sandbox's own fetch
 * handler, so the typed client of the control routes is tested without a server
 * (isolation.test.ts drives it over real HTTP).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { connectSandbox, createSandbox, SandboxUsageError } from "../src/index.js";
import { NOW, tokens } from "./helpers.js";

const sandbox = createSandbox({ now: () => new Date(NOW) });
const sent: { method: string; url: string; body: string | undefined }[] = [];
const viaSandbox: typeof fetch = async (input, init) => {
  sent.push({ method: init?.method ?? "GET", url: String(input), body: init?.body as string | undefined });
  return sandbox.fetch(input, init);
};
const remote = connectSandbox("http://sandbox.test//", { fetch: viaSandbox });
const { acmeAll } = tokens(sandbox.fixtures);
const products = async () =>
  (
    await sandbox.fetch("http://sandbox.test/v1/products/?limit=1", {
      headers: { authorization: `Bearer ${acmeAll}` },
    })
  ).status;

beforeEach(() => {
  sandbox.reset();
  sent.length = 0;
});

describe("connectSandbox", () => {
  it("refuses what is not a URL, saying what to give", () => {
    expect(() => connectSandbox("127.0.0.1:4010/x y")).toThrow(SandboxUsageError);
    expect(() => connectSandbox("not a url")).toThrow(
      'connectSandbox: "not a url" is not a URL; give the sandbox\'s address, e.g. "http://127.0.0.1:4010"',
    );
  });

  it("its baseUrl has no trailing slash, and control calls go under /__sandbox", async () => {
    expect(remote.baseUrl).toBe("http://sandbox.test");
    await remote.fixtures();
    expect(sent).toEqual([{ method: "GET", url: "http://sandbox.test/__sandbox/fixtures", body: undefined }]);
  });

  it("fixtures, state and one table read what the sandbox holds", async () => {
    expect(await remote.fixtures()).toEqual(sandbox.fixtures);
    const customer = await remote.add.customer({ name: "Remote" });
    expect(customer.name).toBe("Remote");
    expect(await remote.state("customers")).toEqual(JSON.parse(JSON.stringify(sandbox.state.customers)));
    expect((await remote.state()).customers.map((c) => c.id)).toContain(customer.id);
  });

  it("add.customerSession takes the customer and gives the token", async () => {
    const customer = await remote.add.customer();
    const token = await remote.add.customerSession(customer.id);
    expect(sandbox.state.tokens.find((t) => t.token === token)?.customer_id).toBe(customer.id);
  });

  it("a builder called without input uses its defaults", async () => {
    const before = sandbox.state.products.length;
    await remote.add.product();
    expect(sandbox.state.products).toHaveLength(before + 1);
  });

  it("the clock: now, freeze (here or at), set, advance, resume", async () => {
    expect((await remote.clock.now()).toISOString()).toBe(NOW);
    expect((await remote.clock.freeze()).toISOString()).toBe(NOW);
    expect(sandbox.clock.frozen).toBe(true);
    expect((await remote.clock.freeze("2030-01-01T00:00:00Z")).toISOString()).toBe(
      "2030-01-01T00:00:00.000Z",
    );
    expect((await remote.clock.set("2031-01-01T00:00:00Z")).toISOString()).toBe("2031-01-01T00:00:00.000Z");
    expect((await remote.clock.advance({ days: 1 })).toISOString()).toBe("2031-01-02T00:00:00.000Z");
    await remote.clock.resume();
    expect(sandbox.clock.frozen).toBe(false);
  });

  it("reset restores the sandbox", async () => {
    const before = sandbox.state.customers.length;
    await remote.add.customer();
    await remote.reset();
    expect(sandbox.state.customers).toHaveLength(before);
  });

  it('inject sends times: Infinity as "always": the fault stays', async () => {
    await remote.inject("listProducts", { status: 503 }, { times: Number.POSITIVE_INFINITY });
    expect(JSON.parse(sent[0]?.body ?? "{}")).toEqual({
      operation: "listProducts",
      fault: { status: 503 },
      times: "always",
    });
    expect([await products(), await products(), await products()]).toEqual([503, 503, 503]);
  });

  it("respond queues the reply", async () => {
    await remote.respond("listProducts", { status: 404, times: 1 });
    expect([await products(), await products()]).toEqual([404, 200]);
  });

  it("failNext fails any call with 503 unless told another status, with the Retry-After given", async () => {
    await remote.failNext(1);
    expect(await products()).toBe(503);
    await remote.failNext(1, 429, 3);
    const limited = await sandbox.fetch("http://sandbox.test/v1/products/", {
      headers: { authorization: `Bearer ${acmeAll}` },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
  });

  it("a misuse throws the sandbox's SandboxUsageError with its message", async () => {
    const refused = remote.clock.advance({ weeks: 1 } as never);
    await expect(refused).rejects.toBeInstanceOf(SandboxUsageError);
    await expect(remote.state("customer" as "customers")).rejects.toThrow(
      /GET \/__sandbox\/state\/<table>: unknown "customer" \(did you mean "customers"\?\)/,
    );
  });

  it("any other failure names the call, the status and the detail", async () => {
    const failing = connectSandbox("http://sandbox.test", {
      fetch: async () => new Response(JSON.stringify({ detail: "down for maintenance" }), { status: 503 }),
    });
    await expect(failing.fixtures()).rejects.toThrow(
      "GET http://sandbox.test/__sandbox/fixtures answered 503: down for maintenance",
    );
    const plain = connectSandbox("http://sandbox.test", {
      fetch: async () => new Response("Bad Gateway", { status: 502 }),
    });
    const error = await plain.reset().catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(SandboxUsageError);
    expect((error as Error).message).toBe(
      "POST http://sandbox.test/__sandbox/reset answered 502: Bad Gateway",
    );
  });

  it("newSandbox makes an independent sandbox with its own id; delete frees it", async () => {
    const mine = await remote.newSandbox({ seed: false });
    expect(mine.baseUrl).toBe(`http://sandbox.test/__sandbox/sandboxes/${mine.id}`);
    await mine.add.customer({ name: "Only mine" });
    expect(await mine.state("customers")).toHaveLength(1);
    expect(sandbox.state.customers.some((c) => c.name === "Only mine")).toBe(false);
    await mine.delete();
    await expect(mine.fixtures()).rejects.toThrow(`no sandbox "${mine.id}" on this server`);
  });
});
