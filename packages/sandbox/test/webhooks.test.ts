/**
 * The sandbox sends webhooks from its own state: each change sends its events,
 * signed, to an HTTP endpoint and to an in-process handler; failed attempts are
 * retried on the sandbox's clock; every attempt is in the delivery log; reset()
 * forgets endpoints and log.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../src/index.js";
import type { WebhookHandler } from "../src/webhooks/index.js";
import { call, frozenSandbox, tokens } from "./helpers.js";
import { type Receiver, startReceiver, verify } from "./webhook-receiver.js";

const { fixtures } = frozenSandbox();
const t = tokens(fixtures);
const acmeDiscount = fixtures.ids.discounts.find((d) => d.organization_id === t.acme.id)?.id as string;

interface Caught {
  headers: Record<string, string>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read fields of payloads freely
  json: any;
}

/** An in-process handler that keeps what it is given and answers the statuses it is told (then 200). */
function catcher(...statuses: number[]): { handler: WebhookHandler; caught: Caught[] } {
  const caught: Caught[] = [];
  const handler: WebhookHandler = async (request) => {
    const body = await request.text();
    caught.push({ headers: Object.fromEntries(request.headers), body, json: JSON.parse(body) });
    return new Response(null, { status: statuses.shift() ?? 200 });
  };
  return { handler, caught };
}

let sandbox: Sandbox;
let receiver: Receiver;

beforeEach(async () => {
  sandbox = frozenSandbox().sandbox;
  receiver = await startReceiver();
});

afterEach(() => receiver.close());

describe("webhook endpoints and deliveries, at their edges", () => {
  it("timeoutMs must be above 0", () => {
    const { sandbox } = frozenSandbox();
    const handler = () => new Response(null, { status: 204 });
    expect(() => sandbox.webhooks.add({ handler, timeoutMs: 0 })).toThrow(
      /timeoutMs must be a number of milliseconds above 0, got 0/,
    );
    expect(sandbox.webhooks.add({ handler, timeoutMs: 1 }).id).toBeTypeOf("string");
  });

  it("send(type) without data picks a record that fits the type: an unpaid subscription is revoked too", async () => {
    const { sandbox } = frozenSandbox({ seed: false });
    sandbox.webhooks.add({ handler: () => new Response(null, { status: 204 }) });
    const unpaid = sandbox.add.subscription({ status: "unpaid" });
    sandbox.add.subscription({ status: "canceled" });
    const [delivery] = await sandbox.webhooks.send("subscription.revoked");
    expect(delivery?.payload.data).toMatchObject({ id: unpaid.id });
  });

  it("send('order.refunded') without data picks a refunded order, a partial refund included", async () => {
    const { sandbox } = frozenSandbox({ seed: false });
    sandbox.webhooks.add({ handler: () => new Response(null, { status: 204 }) });
    sandbox.add.order({ status: "paid" });
    const partial = sandbox.add.order({ status: "partially_refunded" });
    const [delivery] = await sandbox.webhooks.send("order.refunded");
    expect(delivery?.payload.data).toMatchObject({ id: partial.id, status: "partially_refunded" });
  });

  it("an attempt still running when the sandbox is reset is neither logged nor retried", async () => {
    const { sandbox } = frozenSandbox();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    sandbox.webhooks.add({
      handler: async () => {
        await answered;
        return new Response(null, { status: 500 });
      },
    });
    const sending = sandbox.webhooks.send("customer.created");
    await new Promise((resolve) => setTimeout(resolve, 10));
    sandbox.reset();
    answer();
    await sending;
    await sandbox.webhooks.settled();
    expect(sandbox.webhooks.deliveries).toEqual([]);
    expect(sandbox.webhooks.pending).toEqual([]);
  });
});

describe("state changes send their events, signed", () => {
  it("deleting a discount sends discount.deleted to a URL and to a handler", async () => {
    const overHttp = sandbox.webhooks.add({ url: receiver.url });
    const inProcess = catcher();
    const local = sandbox.webhooks.add({ handler: inProcess.handler, secret: "polar_whs_my-own-secret" });
    expect(local.secret).toBe("polar_whs_my-own-secret");
    expect(overHttp.secret).toMatch(/^polar_whs_[A-Za-z0-9]{43}$/);

    const answer = await call(sandbox, "DELETE", `/v1/discounts/${acmeDiscount}`, { token: t.acmeAll });
    expect(answer.status).toBe(204);
    await sandbox.webhooks.settled();

    const [viaHttp] = receiver.received;
    expect(viaHttp?.json).toMatchObject({ type: "discount.deleted", data: { id: acmeDiscount } });
    expect(verify(overHttp.secret, viaHttp?.body as string, viaHttp?.headers ?? {})).toEqual(viaHttp?.json);
    expect(viaHttp?.headers["content-type"]).toBe("application/json");

    const [viaHandler] = inProcess.caught;
    expect(viaHandler?.json).toEqual(viaHttp?.json);
    expect(verify(local.secret, viaHandler?.body as string, viaHandler?.headers ?? {})).toEqual(
      viaHandler?.json,
    );
    // One message id per endpoint; the same event.
    expect(viaHandler?.headers["webhook-id"]).not.toBe(viaHttp?.headers["webhook-id"]);
  });

  it("the payload's timestamp is the sandbox's clock; the signature's is real time (receivers check it)", async () => {
    const { handler, caught } = catcher();
    sandbox.webhooks.add({ handler });
    await call(sandbox, "DELETE", `/v1/discounts/${acmeDiscount}`, { token: t.acmeAll });
    await sandbox.webhooks.settled();
    expect(caught[0]?.json.timestamp).toBe(sandbox.clock.now().toISOString());
    const signedAt = Number(caught[0]?.headers["webhook-timestamp"]);
    expect(Math.abs(signedAt - Date.now() / 1000)).toBeLessThan(300);
  });

  it("generating an invoice sends order.updated with the invoice generated", async () => {
    const { handler, caught } = catcher();
    sandbox.webhooks.add({ handler });
    const order = fixtures.ids.orders.find(
      (o) => o.invoice === "eligible" && o.organization_id === t.acme.id,
    );
    const answer = await call(sandbox, "POST", `/v1/orders/${order?.id}/invoice`, { token: t.acmeAll });
    expect(answer.status).toBe(202);
    await sandbox.webhooks.settled();
    expect(caught.map((c) => c.json.type)).toEqual(["order.updated"]);
    expect(caught[0]?.json.data).toMatchObject({ id: order?.id, is_invoice_generated: true });
  });

  it("an order added as paid sends order.created then order.paid, in that order", async () => {
    const { handler, caught } = catcher();
    sandbox.webhooks.add({ handler });
    const customer = sandbox.add.customer();
    const product = sandbox.add.product({ recurring: null });
    const order = sandbox.add.order({ customer, product });
    await sandbox.webhooks.settled();
    expect(caught.map((c) => c.json.type)).toEqual([
      "customer.created",
      "product.created",
      "order.created",
      "order.paid",
    ]);
    expect(caught[3]?.json.data).toMatchObject({
      id: order.id,
      status: "paid",
      paid: true,
      billing_reason: "purchase",
      customer: { id: customer.id },
      product: { id: product.id },
    });
  });

  it("an order added pending sends order.created only", async () => {
    const { handler, caught } = catcher();
    const customer = sandbox.add.customer();
    const product = sandbox.add.product();
    sandbox.webhooks.add({ handler });
    sandbox.add.order({ customer, product, status: "pending" });
    await sandbox.webhooks.settled();
    expect(caught.map((c) => c.json.type)).toEqual(["order.created"]);
  });

  it("a license key added sends benefit_grant.created carrying the key (after its new benefit's benefit.created)", async () => {
    const { handler, caught } = catcher();
    const customer = sandbox.add.customer();
    sandbox.webhooks.add({ handler });
    const key = sandbox.add.licenseKey({ customer });
    await sandbox.webhooks.settled();
    expect(caught.map((c) => c.json.type)).toEqual(["benefit.created", "benefit_grant.created"]);
    expect(caught[1]?.json.data).toMatchObject({
      customer_id: customer.id,
      is_granted: true,
      benefit: { type: "license_keys" },
      properties: { license_key_id: key.id, display_key: key.display_key },
    });
  });

  it("a subscription added active sends subscription.created and .active, then its first order's", async () => {
    const { handler, caught } = catcher();
    const customer = sandbox.add.customer();
    const product = sandbox.add.product({ recurring: "month" });
    sandbox.webhooks.add({ handler });
    const subscription = sandbox.add.subscription({ customer, product });
    await sandbox.webhooks.settled();
    expect(caught.map((c) => c.json.type)).toEqual([
      "subscription.created",
      "subscription.active",
      "order.created",
      "order.paid",
    ]);
    expect(caught[0]?.json.data).toMatchObject({
      id: subscription.id,
      status: "active",
      customer: { id: customer.id },
    });
    expect(caught[3]?.json.data).toMatchObject({
      subscription_id: subscription.id,
      billing_reason: "subscription_create",
    });
  });

  it("a refund added sends refund.created, and the order's order.updated and order.refunded", async () => {
    const { handler, caught } = catcher();
    const order = sandbox.add.order({ customer: sandbox.add.customer(), product: sandbox.add.product() });
    sandbox.webhooks.add({ handler });
    const refund = sandbox.add.refund({ order });
    sandbox.add.discount({ name: "Spring" });
    await sandbox.webhooks.settled();
    expect(caught.map((c) => c.json.type)).toEqual([
      "refund.created",
      "order.updated",
      "order.refunded",
      "discount.created",
    ]);
    expect(caught[0]?.json.data).toMatchObject({ id: refund.id, order_id: order.id });
    expect(caught[2]?.json.data).toMatchObject({
      id: order.id,
      status: "refunded",
      refunded_amount: refund.amount,
    });
    expect(caught[3]?.json.data).toMatchObject({ name: "Spring" });
  });

  it("what changes no record a webhook is about sends nothing", async () => {
    const { handler, caught } = catcher();
    sandbox.webhooks.add({ handler });
    const link = fixtures.ids.checkout_links.find((l) => l.organization_id === t.acme.id)?.id;
    const field = fixtures.ids.custom_fields.find((f) => f.organization_id === t.acme.id)?.id;
    expect((await call(sandbox, "DELETE", `/v1/checkout-links/${link}`, { token: t.acmeAll })).status).toBe(
      204,
    );
    expect((await call(sandbox, "DELETE", `/v1/custom-fields/${field}`, { token: t.acmeAll })).status).toBe(
      204,
    );
    // A usage event of a seeded customer (their first_user_event_at may move: not their details).
    const customer = fixtures.ids.customers.find((c) => c.organization_id === t.acme.id)?.id as string;
    sandbox.add.event({ name: "api.request", customer, timestamp: "2020-01-01T00:00:00Z" });
    const key = fixtures.ids.license_keys.find((k) => k.organization_id === t.acme.id);
    const validated = await call(sandbox, "POST", "/v1/license-keys/validate", {
      token: t.acmeAll,
      body: { key: key?.key, organization_id: t.acme.id, increment_usage: 1 },
    });
    expect(validated.status).toBe(200);
    await sandbox.webhooks.settled();
    expect(caught).toEqual([]);
    expect(sandbox.webhooks.deliveries).toEqual([]);
  });

  it("an endpoint's event filter and organization keep the others away", async () => {
    const paidOnly = catcher();
    const globexOnly = catcher();
    sandbox.webhooks.add({ handler: paidOnly.handler, events: ["order.paid"] });
    sandbox.webhooks.add({ handler: globexOnly.handler, organization: "globex" });
    const customer = sandbox.add.customer({ organization: "acme" });
    sandbox.add.order({ customer, product: sandbox.add.product({ organization: "acme" }) });
    await sandbox.webhooks.settled();
    expect(paidOnly.caught.map((c) => c.json.type)).toEqual(["order.paid"]);
    expect(globexOnly.caught).toEqual([]);
  });
});

describe("every kind of change reaches both kinds of endpoint, signed", () => {
  const eligible = fixtures.ids.orders.find(
    (o) => o.invoice === "eligible" && o.organization_id === t.acme.id,
  );
  const changes: [string, string[], (sandbox: Sandbox) => unknown, ((sandbox: Sandbox) => void)?][] = [
    [
      "deleteDiscount",
      ["discount.deleted"],
      (s) => call(s, "DELETE", `/v1/discounts/${acmeDiscount}`, { token: t.acmeAll }),
    ],
    [
      "generateOrderInvoice",
      ["order.updated"],
      (s) => call(s, "POST", `/v1/orders/${eligible?.id}/invoice`, { token: t.acmeAll }),
    ],
    ["add.customer", ["customer.created"], (s) => s.add.customer()],
    ["add.discount", ["discount.created"], (s) => s.add.discount()],
    [
      "add.subscription",
      [
        "customer.created",
        "product.created",
        "subscription.created",
        "subscription.active",
        "order.created",
        "order.paid",
      ],
      (s) => s.add.subscription(),
    ],
    [
      "add.refund",
      [
        "customer.created",
        "product.created",
        "order.created",
        "order.paid",
        "refund.created",
        "order.updated",
        "order.refunded",
      ],
      (s) => s.add.refund(),
    ],
    [
      "clock.advance past a renewal",
      ["subscription.updated", "subscription.cycled", "order.created", "order.paid"],
      (s) => s.clock.advance(1),
      // Just before the next renewal of an active subscription (what ends before it is not this test's).
      (s) => {
        const now = s.clock.now().toISOString();
        const next = s.state.subscriptions
          .filter((x) => x.status === "active" && !x.cancel_at_period_end && x.current_period_end > now)
          .sort((a, b) => a.current_period_end.localeCompare(b.current_period_end))[0];
        s.clock.freeze(new Date(new Date(next?.current_period_end as string).getTime() - 1));
      },
    ],
  ];

  it.each(changes)("%s", async (_name, types, change, prepare) => {
    prepare?.(sandbox);
    const overHttp = sandbox.webhooks.add({ url: receiver.url });
    const inProcess = catcher();
    const local = sandbox.webhooks.add({ handler: inProcess.handler });
    await change(sandbox);
    await sandbox.webhooks.settled();
    // settled(): every attempt is made, so the receiver has what it will get.
    const viaHttp = receiver.received;
    expect(viaHttp.map((r) => r.json.type)).toEqual(types);
    expect(inProcess.caught.map((c) => c.json.type)).toEqual(types);
    for (const r of viaHttp) expect(verify(overHttp.secret, r.body, r.headers)).toEqual(r.json);
    for (const c of inProcess.caught) expect(verify(local.secret, c.body, c.headers)).toEqual(c.json);
    expect(sandbox.webhooks.deliveries.every((d) => d.ok)).toBe(true);
  });
});

describe("retries and the delivery log", () => {
  it("a non-2xx answer is retried when the sandbox's clock reaches the next attempt", async () => {
    receiver.answer(500, 503);
    const endpoint = sandbox.webhooks.add({ url: receiver.url, events: ["discount.deleted"] });
    await call(sandbox, "DELETE", `/v1/discounts/${acmeDiscount}`, { token: t.acmeAll });
    await sandbox.webhooks.settled();
    const start = sandbox.clock.now().getTime();
    expect(sandbox.webhooks.deliveries).toMatchObject([
      {
        type: "discount.deleted",
        endpoint: endpoint.id,
        url: receiver.url,
        attempt: 1,
        status: 500,
        ok: false,
        error: null,
        at: new Date(start).toISOString(),
        nextAttemptAt: new Date(start + 5_000).toISOString(),
      },
    ]);

    sandbox.clock.advance({ seconds: 4 });
    await sandbox.webhooks.settled();
    expect(receiver.received).toHaveLength(1);

    sandbox.clock.advance({ seconds: 1 });
    await sandbox.webhooks.settled();
    expect(receiver.received).toHaveLength(2);
    expect(sandbox.webhooks.pending).toMatchObject([
      { attempt: 3, dueAt: new Date(start + 5_000 + 300_000).toISOString() },
    ]);

    sandbox.clock.advance({ minutes: 5 });
    await sandbox.webhooks.settled();
    const log = sandbox.webhooks.deliveries;
    expect(log.map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 200, true],
    ]);
    expect(log[2]?.nextAttemptAt).toBeNull();
    expect(sandbox.webhooks.pending).toEqual([]);
    // Every attempt is the same message: same id and body, each signature valid.
    const [first, , third] = receiver.received;
    expect(third?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
    expect(third?.body).toBe(first?.body);
    expect(verify(endpoint.secret, third?.body as string, third?.headers ?? {})).toEqual(first?.json);
  });

  it("gives up after the eighth attempt", async () => {
    const { handler } = catcher(...Array.from({ length: 8 }, () => 500));
    sandbox.webhooks.add({ handler });
    await sandbox.webhooks.send("discount.deleted");
    for (let i = 0; i < 8; i++) {
      sandbox.clock.advance({ hours: 10 });
      await sandbox.webhooks.settled();
    }
    const log = sandbox.webhooks.deliveries;
    expect(log.map((d) => d.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(log.at(-1)?.nextAttemptAt).toBeNull();
    expect(sandbox.webhooks.pending).toEqual([]);
  });

  it("a handler that throws or does not answer in time is a failed attempt, with the reason", async () => {
    sandbox.webhooks.add({
      handler: () => {
        throw new Error("database down");
      },
    });
    sandbox.webhooks.add({ handler: () => new Promise<Response>(() => {}), timeoutMs: 30 });
    await sandbox.webhooks.send("customer.created");
    const log = sandbox.webhooks.deliveries;
    expect(log.map((d) => [d.status, d.ok, d.error])).toEqual([
      [null, false, "the handler threw: database down"],
      [null, false, "no answer within 30 ms (timeoutMs)"],
    ]);
    expect(log.every((d) => d.nextAttemptAt !== null)).toBe(true);
  });

  it("a URL nobody listens on is a failed attempt that says so", async () => {
    const url = receiver.url;
    await receiver.close();
    receiver = await startReceiver();
    sandbox.webhooks.add({ url });
    const [delivery] = await sandbox.webhooks.send("customer.created");
    expect(delivery).toMatchObject({ status: null, ok: false });
    expect(delivery?.error).toContain("connection refused");
  });

  it("send() resolves with the first attempts, for a test to assert its app answered 2xx", async () => {
    sandbox.webhooks.add({ url: receiver.url });
    const [delivery] = await sandbox.webhooks.send("order.paid");
    expect(delivery).toMatchObject({ type: "order.paid", status: 200, ok: true, attempt: 1 });
    expect(delivery?.payload.data).toMatchObject({ status: "paid", paid: true });
  });

  it("reset() forgets endpoints, the log and the retries", async () => {
    const { handler, caught } = catcher(500);
    sandbox.webhooks.add({ handler });
    await sandbox.webhooks.send("customer.created");
    expect(sandbox.webhooks.pending).toHaveLength(1);
    sandbox.reset();
    expect(sandbox.webhooks.endpoints).toEqual([]);
    expect(sandbox.webhooks.deliveries).toEqual([]);
    expect(sandbox.webhooks.pending).toEqual([]);
    sandbox.clock.freeze();
    sandbox.clock.advance({ days: 1 });
    sandbox.add.customer();
    await sandbox.webhooks.settled();
    expect(caught).toHaveLength(1);
  });
});

describe("send(type, data?)", () => {
  it("without data, builds the event from a seeded record that fits it", async () => {
    const { handler, caught } = catcher();
    sandbox.webhooks.add({ handler });
    await sandbox.webhooks.send("subscription.past_due");
    await sandbox.webhooks.send("order.refunded");
    expect(caught[0]?.json.data.status).toBe("past_due");
    expect(["refunded", "partially_refunded"]).toContain(caught[1]?.json.data.status);
  });

  it("with data, sends it as given, also for an event type the sandbox does not build", async () => {
    const { handler, caught } = catcher();
    sandbox.webhooks.add({ handler });
    await sandbox.webhooks.send("member.created", { id: "m-1", organization_id: t.acme.id });
    expect(caught[0]?.json).toMatchObject({ type: "member.created", data: { id: "m-1" } });
  });

  it("an unknown type without data, or not a type at all, is refused naming the accepted ones", async () => {
    await expect(sandbox.webhooks.send("order.payed")).rejects.toThrow(
      /no seeded data for "order.payed" \(did you mean "order.paid"\?\).*order\.created/,
    );
    await expect(sandbox.webhooks.send("Order Paid")).rejects.toThrow(
      /not an event type; accepted: .*order\.paid/,
    );
  });

  it("add() refuses what it cannot use, naming the fix", () => {
    expect(() => sandbox.webhooks.add({})).toThrow(/exactly one of url .* and handler/);
    expect(() => sandbox.webhooks.add({ url: "localhost:3000/hooks" })).toThrow(/absolute http\(s\) address/);
    expect(() => sandbox.webhooks.add({ url: receiver.url, events: ["order.payed"] })).toThrow(
      /unknown event type "order.payed" \(did you mean "order.paid"\?\)/,
    );
    // biome-ignore lint/suspicious/noExplicitAny: a misspelt option, as an untyped test would pass it
    expect(() => sandbox.webhooks.add({ url: receiver.url, secrett: "x" } as any)).toThrow(
      /unknown option "secrett" \(did you mean "secret"\?\)/,
    );
    expect(() => sandbox.webhooks.add({ url: receiver.url, organization: "initech" })).toThrow(
      /acme, globex/,
    );
  });
});
