/**
 * `commerce-sandbox trigger <event-type> [--set path=value ...] [--url <sandbox>]`: one event
 * from a running sandbox to its endpoints, built from a fitting record, with fields overridden
 * and checked against the event's schema. In process (trigger is what the bin runs for it).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { trigger } from "../src/cli/trigger.js";
import { type RunningServer, startServer } from "../src/server.js";
import type { WebhookPayload } from "../src/webhooks/index.js";

const received: WebhookPayload[] = [];
let server: RunningServer;

/** An endpoint that takes `events` and answers 204, keeping what it received. */
function delivered(events: string[]) {
  return {
    handler: async (request: Request) => {
      received.push(await request.json());
      return new Response(null, { status: 204 });
    },
    events,
  };
}

/** An endpoint that takes `events` and answers 500: the event is not delivered there. */
function refused(events: string[]) {
  return { handler: async () => new Response("down", { status: 500 }), events };
}

beforeAll(async () => {
  server = await startServer({
    port: 0,
    webhooks: [
      delivered(["order.paid"]),
      // Per delivery outcome, one event type: customer.created reaches both its endpoints,
      // order.created one of two, order.updated none of its one; product.created has no endpoint.
      delivered(["customer.created", "order.created"]),
      delivered(["customer.created"]),
      refused(["order.created", "order.updated"]),
    ],
  });
});
afterAll(() => server.close());
afterEach(() => {
  received.length = 0;
  vi.restoreAllMocks();
});

function output() {
  const out = vi.spyOn(console, "log").mockImplementation(() => {});
  const err = vi.spyOn(console, "error").mockImplementation(() => {});
  return {
    out: () => out.mock.calls.map((call) => call.join(" ")).join("\n"),
    err: () => err.mock.calls.map((call) => call.join(" ")).join("\n"),
  };
}

describe("commerce-sandbox trigger", () => {
  it("sends the event from a fitting record, with the fields --set names overridden", async () => {
    const printed = output();
    const status = await trigger([
      "order.paid",
      "--set",
      "total_amount=4900",
      "--set",
      "customer.email=ada@example.com",
      "--url",
      server.url,
    ]);
    expect([status, printed.err()]).toEqual([0, ""]);
    expect(received).toHaveLength(1);
    expect(received[0]?.type).toBe("order.paid");
    expect(received[0]?.data).toMatchObject({ total_amount: 4900, customer: { email: "ada@example.com" } });
    expect(printed.out()).toMatch(/^order\.paid \(webhook-id [0-9a-f-]{36}\) to endpoint \S+: answered 204$/);
  });

  it("refuses an override the event's schema does not allow, and a field the data has not, sending nothing", async () => {
    const printed = output();
    expect(await trigger(["order.paid", "--set", "total_amount=lots", "--url", server.url])).toBe(2);
    expect(printed.err()).toMatch(/the data is not a order\.paid event's: data\.total_amount: /);
    expect(await trigger(["order.paid", "--set", "totl_amount=1", "--url", server.url])).toBe(2);
    expect(printed.err()).toMatch(/data has no field "totl_amount" \(did you mean "total_amount"\?\)/);
    expect(received).toEqual([]);
  });

  it("no event type, or no sandbox at the URL: says what to do", async () => {
    const printed = output();
    expect(await trigger(["--url", server.url])).toBe(2);
    expect(printed.err()).toMatch(/give one event type, e\.g\. order\.paid/);
    const closed = await startServer({ port: 0, seed: false });
    await closed.close();
    expect(await trigger(["order.paid", "--url", closed.url])).toBe(1);
    expect(printed.err()).toContain(`no sandbox answers at ${closed.url}`);
  });
});

describe("commerce-sandbox trigger's exit status, per delivery outcome", () => {
  it("0 when every endpoint that takes the event answered 2xx, one line per endpoint", async () => {
    const printed = output();
    expect(await trigger(["customer.created", "--url", server.url])).toBe(0);
    expect(received.map((event) => event.type)).toEqual(["customer.created", "customer.created"]);
    expect(printed.out().split("\n")).toHaveLength(2);
    expect(printed.out()).not.toMatch(/answered [^2]/);
  });

  it("1 when only some endpoints received it, naming the one that did not", async () => {
    const printed = output();
    expect(await trigger(["order.created", "--url", server.url])).toBe(1);
    expect(received.map((event) => event.type)).toEqual(["order.created"]);
    expect(printed.out()).toMatch(/order\.created .*: answered 204/);
    expect(printed.out()).toMatch(/order\.created .*: answered 500/);
  });

  it("1 when no endpoint received it", async () => {
    const printed = output();
    expect(await trigger(["order.updated", "--url", server.url])).toBe(1);
    expect(printed.out()).toMatch(/^order\.updated .*: answered 500$/);
  });

  it("1 when no endpoint takes the event, saying how to add one", async () => {
    const printed = output();
    expect(await trigger(["product.created", "--url", server.url])).toBe(1);
    expect(printed.err()).toContain(`no endpoint of ${server.url} takes product.created`);
    expect(received).toEqual([]);
  });
});
