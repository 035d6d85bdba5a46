/**
 * Moving the sandbox's clock past a subscription's period end does what the
 * service does then, and sends the events it sends: a renewal (with its paid
 * order), the end of a subscription set to cancel, a trial becoming active.
 */
import { beforeEach, describe, expect, it } from "vitest";
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
