/**
 * How the sandbox delivers webhooks, as a receiver sees it: one endpoint's events one at a
 * time and in order, endpoints independent of each other, which answers count as delivered,
 * retries on the sandbox's clock (and on real time while it runs), timeouts, and what each
 * failed attempt says. Endpoints: what `add` accepts, refuses, filters and shows.
 */
// @ts-nocheck

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSandbox } from "../src/index.js";
import type { WebhookHandler } from "../src/webhooks/index.js";
import { frozenSandbox, tokens } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: tests read fields of payloads freely
type Payload = { type: string; timestamp: string; data: any };

/** A handler that keeps each payload and answers the statuses it is told (then 200). */
function catcher(...statuses: number[]): { handler: WebhookHandler; caught: Payload[] } {
  const caught: Payload[] = [];
  const handler: WebhookHandler = async (request) => {
    caught.push(await request.json());
    return new Response(null, { status: statuses.shift() ?? 200 });
  };
  return { handler, caught };
}

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("one endpoint's events arrive one at a time, in order; endpoints do not wait for each other", () => {
  it("an endpoint still answering one event gets the next only after it", async () => {
    const { sandbox } = frozenSandbox({ seed: false });
    const first = gate();
    const types: string[] = [];
    let running = 0;
    let most = 0;
    sandbox.webhooks.add({
      handler: async (request) => {
        running++;
        most = Math.max(most, running);
        const { type } = (await request.json()) as Payload;
        types.push(type);
        if (type === "customer.created") await first.opened;
        running--;
        return undefined;
      },
    });
    const other = gate();
    const seen: string[] = [];
    sandbox.webhooks.add({
      handler: async (request) => {
        seen.push(((await request.json()) as Payload).type);
        if (seen.length === 2) other.open();
        return undefined;
      },
    });
    sandbox.add.customer();
    sandbox.add.discount();
    // The second endpoint has both while the first is still on its first.
    await other.opened;
    expect(seen).toEqual(["customer.created", "discount.created"]);
    expect(types).toEqual(["customer.created"]);
    first.open();
    await sandbox.webhooks.settled();
    expect(types).toEqual(["customer.created", "discount.created"]);
    expect(most).toBe(1);
  });
});

describe("reset() while an attempt runs", () => {
  it("drops what is queued: the running attempt's send resolves with nothing, the queued event is never sent", async () => {
    const { sandbox } = frozenSandbox({ seed: false });
    const release = gate();
    const called = gate();
    const types: string[] = [];
    sandbox.webhooks.add({
      handler: async (request) => {
        types.push(((await request.json()) as Payload).type);
        called.open();
        await release.opened;
        return undefined;
      },
    });
    const running = sandbox.webhooks.send("member.created", { id: "m-1" });
    const queued = sandbox.webhooks.send("member.updated", { id: "m-2" });
    await called.opened;
    sandbox.reset();
    release.open();
    expect(await running).toEqual([]);
    expect(await queued).toEqual([]);
    await sandbox.webhooks.settled();
    expect(types).toEqual(["member.created"]);
    expect(sandbox.webhooks.deliveries).toEqual([]);
  });
});

describe("which answers deliver", () => {
  it("any 2xx is delivered; a 3xx is not (redirects are not followed) and is retried", async () => {
    const { sandbox } = frozenSandbox();
    for (const status of [200, 204, 299, 300, 302]) {
      sandbox.webhooks.add({ handler: () => new Response(null, { status }), events: ["customer.created"] });
    }
    const first = await sandbox.webhooks.send("customer.created");
    expect(first.map((d) => [d.status, d.ok, d.nextAttemptAt === null])).toEqual([
      [200, true, true],
      [204, true, true],
      [299, true, true],
      [300, false, false],
      [302, false, false],
    ]);
  });

  it("a handler that answers nothing (or no Response) has delivered: 204", async () => {
    const { sandbox } = frozenSandbox();
    sandbox.webhooks.add({ handler: () => undefined });
    sandbox.webhooks.add({ handler: (() => "done") as unknown as WebhookHandler });
    const first = await sandbox.webhooks.send("customer.created");
    expect(first.map((d) => [d.status, d.ok, d.error])).toEqual([
      [204, true, null],
      [204, true, null],
    ]);
  });

  it("a handler that throws something not an Error says what it threw", async () => {
    const { sandbox } = frozenSandbox();
    sandbox.webhooks.add({
      handler: () => {
        throw "out of stock";
      },
    });
    const [delivery] = await sandbox.webhooks.send("customer.created");
    expect(delivery?.error).toBe("the handler threw: out of stock");
  });

  it("a handler that never answers fails after timeoutMs, 10 seconds by default", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { sandbox } = frozenSandbox();
    const called = gate();
    sandbox.webhooks.add({
      handler: () => {
        called.open();
        return new Promise<Response>(() => {});
      },
    });
    const sending = sandbox.webhooks.send("customer.created");
    await called.opened;
    await vi.advanceTimersByTimeAsync(9_999);
    expect(sandbox.webhooks.deliveries).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const [delivery] = await sending;
    expect(delivery).toMatchObject({
      status: null,
      ok: false,
      error: "no answer within 10000 ms (timeoutMs)",
    });
  });
});

describe("over HTTP", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      }),
    );
  });

  /** A server on 127.0.0.1 doing `respond` with each request; its URL. */
  async function serve(respond: Parameters<typeof createServer>[1]): Promise<string> {
    const server = createServer(respond);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  }

  it("POSTs the signed JSON as the sandbox's user agent, and does not follow a redirect", async () => {
    const requests: { method?: string; agent?: string; type?: string; path?: string }[] = [];
    const url = await serve((request, response) => {
      request.on("data", () => {});
      request.on("end", () => {
        requests.push({
          method: request.method,
          agent: request.headers["user-agent"],
          type: request.headers["content-type"],
          path: request.url,
        });
        if (request.url === "/hooks") response.writeHead(307, { location: "/elsewhere" }).end();
        else response.writeHead(204).end();
      });
    });
    const { sandbox } = frozenSandbox();
    sandbox.webhooks.add({ url });
    const [delivery] = await sandbox.webhooks.send("customer.created");
    expect(delivery).toMatchObject({ url, status: 307, ok: false });
    expect(requests).toEqual([
      { method: "POST", agent: "commerce-sandbox-webhooks", type: "application/json", path: "/hooks" },
    ]);
    // A 2xx without a body (204) is delivered too.
    sandbox.webhooks.add({ url: url.replace("/hooks", "/elsewhere") });
    const [, accepted] = await sandbox.webhooks.send("customer.created");
    expect(accepted).toMatchObject({ status: 204, ok: true, error: null });
  });

  it("a receiver that does not answer in timeoutMs, or drops the connection, is a failed attempt saying so", async () => {
    const silent = await serve(() => {});
    const rude = await serve((request) => request.socket.destroy());
    const { sandbox } = frozenSandbox();
    sandbox.webhooks.add({ url: silent, timeoutMs: 50 });
    sandbox.webhooks.add({ url: rude });
    const log = await sandbox.webhooks.send("customer.created");
    expect(log.map((d) => [d.status, d.ok])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect(log[0]?.error).toBe("no answer within 50 ms (timeoutMs)");
    expect(log[1]?.error).toMatch(new RegExp(`^could not reach ${rude}: \\S`));
  });
});

describe("retries", () => {
  it("pending retries are listed soonest first, and made in that order when the clock passes both", async () => {
    const { sandbox } = frozenSandbox({ seed: false });
    const failing = catcher(500, 500, 500, 500);
    sandbox.webhooks.add({ handler: failing.handler });
    sandbox.add.customer(); // fails at 0 s: retried at 5 s, fails again: next at 5 min 5 s
    await sandbox.webhooks.settled();
    sandbox.clock.advance({ seconds: 5 });
    await sandbox.webhooks.settled();
    sandbox.add.discount(); // fails at 5 s: retried at 10 s
    await sandbox.webhooks.settled();
    const start = new Date(sandbox.clock.now().getTime() - 5_000);
    const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
    expect(sandbox.webhooks.pending.map((p) => [p.type, p.attempt, p.dueAt])).toEqual([
      ["discount.created", 2, at(10_000)],
      ["customer.created", 3, at(305_000)],
    ]);
    sandbox.clock.advance({ hours: 1 });
    await sandbox.webhooks.settled();
    expect(sandbox.webhooks.deliveries.slice(-2).map((d) => [d.type, d.attempt])).toEqual([
      ["discount.created", 2],
      ["customer.created", 3],
    ]);
  });

  it("with the clock running, a retry is made when real time reaches it", async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox({ now: "2026-04-15T12:00:00Z", seed: false });
    const { handler, caught } = catcher(500);
    sandbox.webhooks.add({ handler });
    sandbox.add.customer();
    await sandbox.webhooks.settled();
    expect(sandbox.webhooks.pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4_900);
    await sandbox.webhooks.settled();
    expect(caught).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await sandbox.webhooks.settled();
    expect(caught).toHaveLength(2);
    expect(sandbox.webhooks.deliveries.map((d) => [d.attempt, d.ok])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(sandbox.webhooks.pending).toEqual([]);
  });

  it("with the clock frozen, real time makes no retry", async () => {
    vi.useFakeTimers();
    const { sandbox } = frozenSandbox({ seed: false });
    const { handler, caught } = catcher(500);
    sandbox.webhooks.add({ handler });
    sandbox.add.customer();
    await sandbox.webhooks.settled();
    await vi.advanceTimersByTimeAsync(60_000);
    await sandbox.webhooks.settled();
    expect(caught).toHaveLength(1);
    expect(sandbox.webhooks.pending).toHaveLength(1);
  });
});

describe("endpoints", () => {
  const { fixtures } = frozenSandbox();
  const t = tokens(fixtures);

  it("are listed as added, a copy, without the handler itself", () => {
    const { sandbox } = frozenSandbox();
    const handler = () => undefined;
    const byUrl = sandbox.webhooks.add({ url: "http://127.0.0.1:9/hooks", events: ["order.paid"] });
    const byHandler = sandbox.webhooks.add({ handler, organization: "globex", secret: "polar_whs_mine" });
    const listed = sandbox.webhooks.endpoints;
    expect(listed).toEqual([
      {
        id: byUrl.id,
        url: "http://127.0.0.1:9/hooks",
        handler: false,
        secret: byUrl.secret,
        events: ["order.paid"],
        organization_id: null,
      },
      {
        id: byHandler.id,
        url: null,
        handler: true,
        secret: "polar_whs_mine",
        events: null,
        organization_id: t.globex.id,
      },
    ]);
    listed[0]?.events?.push("order.created");
    expect(sandbox.webhooks.endpoints[0]?.events).toEqual(["order.paid"]);
  });

  it("an organization by id or slug; events without an organization reach every endpoint", async () => {
    const { sandbox } = frozenSandbox();
    const bySlug = catcher();
    const byId = catcher();
    const all = catcher();
    sandbox.webhooks.add({ handler: bySlug.handler, organization: "acme" });
    sandbox.webhooks.add({ handler: byId.handler, organization: t.globex.id });
    sandbox.webhooks.add({ handler: all.handler });
    await sandbox.webhooks.send("member.created", { id: "m-1", organization_id: t.acme.id });
    await sandbox.webhooks.send("member.created", { id: "m-2", organization_id: t.globex.id });
    await sandbox.webhooks.send("member.created", { id: "m-3" });
    const ids = (c: { caught: Payload[] }) => c.caught.map((p) => p.data.id);
    expect(ids(bySlug)).toEqual(["m-1", "m-3"]);
    expect(ids(byId)).toEqual(["m-2", "m-3"]);
    expect(ids(all)).toEqual(["m-1", "m-2", "m-3"]);
  });

  it("remove() stops an endpoint's events and says whether there was one", async () => {
    const { sandbox } = frozenSandbox();
    const kept = catcher();
    const removed = catcher();
    sandbox.webhooks.add({ handler: kept.handler });
    const { id } = sandbox.webhooks.add({ handler: removed.handler });
    expect(sandbox.webhooks.remove(id)).toBe(true);
    expect(sandbox.webhooks.remove(id)).toBe(false);
    await sandbox.webhooks.send("customer.created");
    expect([kept.caught.length, removed.caught.length]).toEqual([1, 0]);
    expect(sandbox.webhooks.endpoints).toHaveLength(1);
  });

  it("add() refuses each option it cannot use, naming the fix", () => {
    const { sandbox } = frozenSandbox();
    const handler = () => undefined;
    const add = (input: unknown) => () => sandbox.webhooks.add(input as never);
    expect(add(null)).toThrow(
      "sandbox.webhooks.add: give { url } or { handler }, with secret and events if you like",
    );
    expect(add("http://127.0.0.1/hooks")).toThrow(/give \{ url \} or \{ handler \}/);
    expect(add({ url: "http://127.0.0.1/hooks", handler })).toThrow(/exactly one of url .* and handler/);
    expect(add({ handler: "not a function" })).toThrow(
      "sandbox.webhooks.add: handler must be a function (request: Request) => Response",
    );
    expect(add({ url: "ftp://127.0.0.1/hooks" })).toThrow(/absolute http\(s\) address .*got "ftp:/);
    expect(add({ url: 3000 })).toThrow(/absolute http\(s\) address .*got 3000/);
    for (const secret of ["", 42])
      expect(add({ handler, secret })).toThrow(
        "sandbox.webhooks.add: secret must be a non-empty string (as the dashboard shows it)",
      );
    for (const timeoutMs of [-5, Number.NaN, Number.POSITIVE_INFINITY, "100"])
      expect(add({ handler, timeoutMs }), String(timeoutMs)).toThrow(
        /timeoutMs must be a number of milliseconds above 0/,
      );
    for (const events of [[], "order.paid"])
      expect(add({ handler, events })).toThrow(
        "sandbox.webhooks.add: events must be a non-empty array of event types (or left out: all)",
      );
    expect(add({ handler, organization: "initech" })).toThrow(
      'sandbox.webhooks.add: no organization "initech"; give an id or one of: acme, globex',
    );
    expect(sandbox.webhooks.endpoints).toEqual([]);
    // Each accepted form.
    expect(add({ url: "https://shop.example/hooks", timeoutMs: 1, events: ["order.paid"] })).not.toThrow();
  });
});

describe("send(type, data?)", () => {
  it("refuses what is not an event type before anything else", async () => {
    const { sandbox } = frozenSandbox();
    sandbox.webhooks.add({ handler: () => undefined });
    for (const type of ["order", "order.", "Order.paid", "order.paid!", " order.paid", "1order.paid", 42])
      await expect(sandbox.webhooks.send(type as string, {}), String(type)).rejects.toThrow(
        /^sandbox\.webhooks\.send: .* is not an event type; accepted: customer\.created, /,
      );
    await expect(sandbox.webhooks.send("benefit_grant.created")).resolves.toHaveLength(1);
    await expect(sandbox.webhooks.send("customer.seat.claimed", { id: "s" })).resolves.toHaveLength(1);
  });

  it.each([
    ["order.paid", { status: "paid" }],
    ["subscription.active", { status: "active" }],
    ["subscription.uncanceled", { status: "active" }],
    ["subscription.cycled", { status: "active" }],
    ["subscription.resumed", { status: "active" }],
    ["subscription.paused", { status: "paused" }],
    ["benefit_grant.created", { is_granted: true }],
    ["benefit_grant.cycled", { is_granted: true }],
    ["benefit_grant.revoked", { is_revoked: true }],
  ])("without data, %s is built from a seeded record that fits it", async (type, fits) => {
    const { sandbox } = frozenSandbox();
    sandbox.webhooks.add({ handler: () => undefined });
    const [delivery] = await sandbox.webhooks.send(type);
    expect(delivery?.payload).toMatchObject({ type, data: fits });
  });

  it("without data, subscription.canceled is about one set to cancel (or canceled)", async () => {
    const { sandbox } = frozenSandbox();
    sandbox.webhooks.add({ handler: () => undefined });
    const [delivery] = await sandbox.webhooks.send("subscription.canceled");
    const data = delivery?.payload.data as { cancel_at_period_end: boolean; status: string };
    expect(data.cancel_at_period_end || data.status === "canceled").toBe(true);
  });

  it("with data that is not the type's, refused naming the first five fields wrong and how many more", async () => {
    const { sandbox } = frozenSandbox();
    sandbox.webhooks.add({ handler: () => undefined });
    const refusal = await sandbox.webhooks.send("order.paid", {}).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refusal).toMatch(/^sandbox\.webhooks\.send: the data is not a order\.paid event's: data\.\w+: /);
    expect(refusal?.split(/[:;] data\./)).toHaveLength(6);
    expect(refusal).toMatch(/; and \d+ more$/);
    expect(sandbox.webhooks.deliveries).toEqual([]);
  });

  it("without data and with no record of the type's kind: refused, saying to add one or give the data", async () => {
    const { sandbox } = frozenSandbox({ seed: false });
    sandbox.webhooks.add({ handler: () => undefined });
    await expect(sandbox.webhooks.send("order.paid")).rejects.toThrow(
      "sandbox.webhooks.send: the sandbox holds no record for order.paid; add one first (sandbox.add) or give the data",
    );
  });

  it("with no endpoint, sends nothing and resolves with no attempt", async () => {
    const { sandbox } = frozenSandbox();
    await expect(sandbox.webhooks.send("order.paid")).resolves.toEqual([]);
    await expect(sandbox.webhooks.send("member.created", { id: "m" })).resolves.toEqual([]);
    expect(sandbox.webhooks.deliveries).toEqual([]);
  });

  it("sends the data as it was when sent, whatever the caller does to it next", async () => {
    const { sandbox } = frozenSandbox();
    const { handler, caught } = catcher();
    sandbox.webhooks.add({ handler });
    const data = { id: "m-1", tags: ["a"] };
    const sending = sandbox.webhooks.send("member.created", data);
    data.tags.push("b");
    await sending;
    expect(caught[0]?.data).toEqual({ id: "m-1", tags: ["a"] });
  });
});

describe("the webhooks option and reset()", () => {
  it("endpoints given at creation are there from the start and back after reset, with the same id and secret", async () => {
    const { handler, caught } = catcher();
    const sandbox = createSandbox({ webhooks: [{ handler }], now: () => new Date("2026-04-15T12:00:00Z") });
    const [before] = sandbox.webhooks.endpoints;
    sandbox.webhooks.add({ handler: () => undefined });
    sandbox.reset();
    expect(sandbox.webhooks.endpoints).toEqual([before]);
    await sandbox.webhooks.send("customer.created");
    expect(caught).toHaveLength(1);
  });

  it("ids and secrets follow from the seed number: the same for the same seed, others for another", () => {
    const endpoint = (seed: number) => {
      const sandbox = createSandbox({ seed, now: () => new Date("2026-04-15T12:00:00Z") });
      return sandbox.webhooks.add({ handler: () => undefined });
    };
    expect(endpoint(7)).toEqual(endpoint(7));
    expect(endpoint(8).id).not.toBe(endpoint(7).id);
  });

  it("a webhooks option that is not an array is refused, saying what it takes", () => {
    expect(() => createSandbox({ webhooks: { handler: () => undefined } as never })).toThrow(
      "createSandbox: webhooks must be an array of endpoints ({ url } or { handler })",
    );
  });
});
