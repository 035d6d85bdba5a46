/**
 * Moving the sandbox's clock past a subscription's period end does what the
 * service does then, and sends the events it sends: a renewal (with its paid
 * order), the end of a subscription set to cancel, a trial becoming active.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../src/index.js";
import type { WebhookPayload } from "../src/webhooks/index.js";
import { frozenSandbox } from "./helpers.js";

let sandbox: Sandbox;
let received: WebhookPayload[];

beforeEach(() => {
  sandbox = frozenSandbox().sandbox;
  received = [];
  sandbox.webhooks.add({
    handler: async (request) => {
      received.push(await request.json());
      return new Response(null, { status: 204 });
    },
  });
});

const subscriptions = () => sandbox.state.subscriptions;
const aboutSubscription = (id: string) =>
  received.filter(
    (p) =>
      (p.data as { id?: string; subscription_id?: string }).id === id ||
      (p.data as { subscription_id?: string }).subscription_id === id,
  );

/** The active subscription whose period ends first, not set to cancel. */
function nextRenewal() {
  const now = sandbox.clock.now().toISOString();
  return subscriptions()
    .filter((s) => s.status === "active" && !s.cancel_at_period_end && s.current_period_end > now)
    .sort((a, b) => a.current_period_end.localeCompare(b.current_period_end))[0];
}

describe("the clock renews and ends subscriptions", () => {
  it("an active subscription renews at its period end: new period, paid order, their events", async () => {
    const subscription = nextRenewal();
    if (!subscription) throw new Error("the seed has an active subscription");
    const end = subscription.current_period_end;
    sandbox.clock.set(new Date(new Date(end).getTime() - 1000));
    await sandbox.webhooks.settled();
    expect(aboutSubscription(subscription.id)).toEqual([]);

    // Well past the boundary (nothing else renews within the hour): events are stamped at it, not at now.
    sandbox.clock.advance({ hours: 1 });
    await sandbox.webhooks.settled();
    const events = aboutSubscription(subscription.id);
    expect(events.map((e) => e.type)).toEqual([
      "subscription.updated",
      "subscription.cycled",
      "order.created",
      "order.paid",
    ]);
    expect(events.every((e) => e.timestamp === new Date(end).toISOString())).toBe(true);
    expect(events[1]?.data).toMatchObject({ current_period_start: end, status: "active" });
    expect(events[3]?.data).toMatchObject({
      billing_reason: "subscription_cycle",
      subscription_id: subscription.id,
      net_amount: subscription.amount,
      status: "paid",
    });
    const renewed = subscriptions().find((s) => s.id === subscription.id);
    expect(renewed?.current_period_start).toBe(end);
    expect(renewed && renewed.current_period_end > end).toBe(true);
    expect(
      sandbox.state.orders.filter((o) => o.subscription_id === subscription.id && o.created_at === end),
    ).toHaveLength(1);
  });

  it("a subscription set to cancel at period end ends then: canceled, subscription.revoked", async () => {
    const leaving = subscriptions().find((s) => s.status === "active" && s.cancel_at_period_end);
    if (!leaving) throw new Error("the seed has a subscription set to cancel");
    sandbox.clock.set(leaving.current_period_end);
    await sandbox.webhooks.settled();
    expect(aboutSubscription(leaving.id).map((e) => e.type)).toEqual([
      "subscription.updated",
      "subscription.revoked",
    ]);
    expect(subscriptions().find((s) => s.id === leaving.id)).toMatchObject({
      status: "canceled",
      ended_at: new Date(leaving.current_period_end).toISOString(),
    });
  });

  it("a trial that ends becomes active, with its first paid order", async () => {
    const trial = subscriptions().find((s) => s.status === "trialing");
    if (!trial) throw new Error("the seed has a trialing subscription");
    sandbox.clock.set(trial.current_period_end);
    await sandbox.webhooks.settled();
    expect(aboutSubscription(trial.id).map((e) => e.type)).toEqual([
      "subscription.updated",
      "subscription.active",
      "subscription.cycled",
      "order.created",
      "order.paid",
    ]);
  });

  it("a month of clock renews each monthly subscription once, in time order", async () => {
    const monthly = subscriptions().filter(
      (s) => s.status === "active" && !s.cancel_at_period_end && s.recurring_interval === "month",
    );
    sandbox.clock.advance({ days: 31 });
    await sandbox.webhooks.settled();
    const cycled = received.filter((e) => e.type === "subscription.cycled");
    for (const s of monthly)
      expect(cycled.filter((e) => (e.data as { id: string }).id === s.id).length).toBeGreaterThanOrEqual(1);
    const stamps = received.map((e) => e.timestamp);
    expect(stamps).toEqual([...stamps].sort());
  });

  it("moving the clock back changes nothing", async () => {
    sandbox.clock.set("2026-01-01T00:00:00Z");
    await sandbox.webhooks.settled();
    expect(received).toEqual([]);
  });
});
// @ts-nocheck

describe("what each subscription does when the clock passes its boundary", () => {
  // The next test's sandbox makes the same ids: what this one sends must not reach its receiver.
  afterEach(() => sandbox.webhooks.settled());

  const DAY = 86_400_000;
  const later = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();
  const calendar = (iso: string, months: number, years: number) => {
    const d = new Date(iso);
    return new Date(
      Date.UTC(
        d.getUTCFullYear() + years,
        d.getUTCMonth() + months,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
      ),
    ).toISOString();
  };
  const stored = (id: string) => {
    const found = subscriptions().find((s) => s.id === id);
    if (!found) throw new Error(`no subscription ${id}`);
    return found;
  };

  it.each([
    ["day", (end: string) => later(end, DAY)],
    ["week", (end: string) => later(end, 7 * DAY)],
    ["month", (end: string) => calendar(end, 1, 0)],
    ["year", (end: string) => calendar(end, 0, 1)],
  ] as const)("a %sly subscription renews for one interval", (interval, next) => {
    const product = sandbox.add.product({ recurring: interval });
    const { id } = sandbox.add.subscription({ product });
    const end = stored(id).current_period_end;
    sandbox.clock.freeze(end);
    expect(stored(id)).toMatchObject({
      status: "active",
      current_period_start: end,
      current_period_end: next(end),
    });
  });

  it("a daily subscription renews once per day the clock passes, each stamped at its own boundary", async () => {
    const product = sandbox.add.product({ recurring: "day" });
    const { id } = sandbox.add.subscription({ product });
    const end = stored(id).current_period_end;
    sandbox.clock.set(end);
    await sandbox.webhooks.settled();
    received.length = 0;
    sandbox.clock.advance({ days: 3, hours: 1 });
    await sandbox.webhooks.settled();
    const cycled = aboutSubscription(id).filter((e) => e.type === "subscription.cycled");
    expect(cycled.map((e) => e.timestamp)).toEqual([
      later(end, DAY),
      later(end, 2 * DAY),
      later(end, 3 * DAY),
    ]);
    expect(stored(id).current_period_end).toBe(later(end, 4 * DAY));
  });

  it("a paused subscription resumes at its resume date, with a new period and its paid order", async () => {
    const { id } = sandbox.add.subscription({ status: "paused" });
    const resumesAt = stored(id).resumes_at as string;
    expect(resumesAt).toBeTypeOf("string");
    await sandbox.webhooks.settled();
    received.length = 0;
    sandbox.clock.set(later(resumesAt, -1));
    await sandbox.webhooks.settled();
    expect(aboutSubscription(id)).toEqual([]);
    sandbox.clock.advance(1);
    await sandbox.webhooks.settled();
    expect(aboutSubscription(id).map((e) => e.type)).toEqual([
      "subscription.updated",
      "subscription.resumed",
      "subscription.cycled",
      "order.created",
      "order.paid",
    ]);
    expect(stored(id)).toMatchObject({
      status: "active",
      paused_at: null,
      resumes_at: null,
      current_period_start: resumesAt,
      current_period_end: calendar(resumesAt, 1, 0),
    });
  });

  it("past-due, unpaid, canceled and incomplete subscriptions stay as they are", async () => {
    const ids = (["past_due", "unpaid", "canceled", "incomplete"] as const).map(
      (status) => sandbox.add.subscription({ status }).id,
    );
    const before = ids.map(stored);
    await sandbox.webhooks.settled();
    received.length = 0;
    sandbox.clock.advance({ days: 400 });
    await sandbox.webhooks.settled();
    for (const [i, id] of ids.entries()) {
      expect(aboutSubscription(id), before[i]?.status).toEqual([]);
      expect(stored(id)).toEqual(before[i]);
    }
  });

  it("the renewal order bills the subscription's amount and currency to the customer's billing name, without tax", () => {
    const customer = sandbox.add.customer();
    const { id } = sandbox.add.subscription({ customer });
    const subscription = stored(id);
    sandbox.clock.set(subscription.current_period_end);
    const [order] = sandbox.state.orders.filter(
      (o) => o.subscription_id === id && o.created_at === subscription.current_period_end,
    );
    const billed = sandbox.state.customers.find((c) => c.id === customer.id);
    expect(order).toMatchObject({
      status: "paid",
      customer_id: customer.id,
      product_id: subscription.product_id,
      organization_id: subscription.organization_id,
      net_amount: subscription.amount,
      tax_amount: 0,
      currency: subscription.currency,
      billing_name: billed?.billing_name,
      billing_address: billed?.billing_address,
      modified_at: null,
    });
  });

  it("a renewal moves the meter period of a metered subscription, and leaves an unmetered one without", () => {
    const metered = subscriptions().find(
      (s) => s.status === "active" && !s.cancel_at_period_end && s.current_meter_period_start !== null,
    );
    const plain = sandbox.add.subscription();
    if (!metered) throw new Error("the seed has a metered subscription");
    sandbox.clock.set(metered.current_period_end);
    sandbox.clock.set(stored(plain.id).current_period_end);
    const renewed = stored(metered.id);
    expect(renewed.current_meter_period_start).toBe(renewed.current_period_start);
    expect(renewed.current_meter_period_end).toBe(renewed.current_period_end);
    expect(stored(plain.id)).toMatchObject({
      current_meter_period_start: null,
      current_meter_period_end: null,
    });
  });

  it("what happens after a renewal is stamped at the clock's now again, not at the boundary", async () => {
    const subscription = nextRenewal();
    if (!subscription) throw new Error("the seed has an active subscription");
    sandbox.clock.set(later(subscription.current_period_end, 60_000));
    sandbox.add.customer();
    await sandbox.webhooks.settled();
    expect(received.at(-1)).toMatchObject({
      type: "customer.created",
      timestamp: sandbox.clock.now().toISOString(),
    });
  });
});

describe("the clock as users drive it", () => {
  it("resume() after freeze() answers the clock's now and lets it run again, renewing nothing on the way", async () => {
    const frozenAt = sandbox.clock.freeze();
    expect(sandbox.clock.frozen).toBe(true);
    const resumed = sandbox.clock.resume();
    expect(resumed).toEqual(frozenAt);
    expect(sandbox.clock.frozen).toBe(false);
    await sandbox.webhooks.settled();
    expect(received).toEqual([]);
  });
});
