/**
 * The app's webhook endpoint (server/webhooks.mjs) in process: what it keeps of each delivery,
 * in which order, for how long, and what it keeps of one it refused.
 */
import { createSandbox } from "@commerce-api/sandbox";
import { describe, expect, test } from "vitest";
import { createWebhookInbox, KEPT, newWebhookSecret, receivedBody } from "../server/webhooks.mjs";

const forged = (id: string, body: string) =>
  new Request("http://portal.local/api/webhooks", {
    method: "POST",
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
      "webhook-signature": "v1,Zm9yZ2Vk",
    },
    body,
  });

describe("the webhook inbox", () => {
  test("a verified delivery keeps its id, the time it arrived, its type, its time as ISO and its data", async () => {
    const inbox = createWebhookInbox({
      secret: newWebhookSecret(),
      now: () => new Date("2026-04-02T10:00:00Z"),
    });
    const sandbox = createSandbox({ webhooks: [{ handler: inbox.receive, secret: inbox.secret }] });
    const alice = sandbox.state.customers.find((c) => c.name === "Alice Johnson")!;
    const order = sandbox.add.order({ customer: alice.id, amount: 1000, tax: 0 });
    await sandbox.webhooks.settled();
    const [arrival] = inbox.received();
    expect(arrival).toEqual({
      webhookId: expect.stringMatching(/\S/),
      receivedAt: "2026-04-02T10:00:00.000Z",
      verified: true,
      type: "order.paid",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: expect.objectContaining({ id: order.id, customer_id: alice.id }),
    });
  });

  test("a refused delivery: 400, its id and claimed type only, and why", async () => {
    const inbox = createWebhookInbox({
      secret: newWebhookSecret(),
      now: () => new Date("2026-04-02T10:00:00Z"),
    });
    const response = await inbox.receive(
      forged("msg_1", JSON.stringify({ type: "order.paid", data: { id: "x" } })),
    );
    expect(response.status).toBe(400);
    expect(inbox.received()).toEqual([
      {
        webhookId: "msg_1",
        receivedAt: "2026-04-02T10:00:00.000Z",
        verified: false,
        type: "order.paid",
        reason: "bad_signature",
      },
    ]);
  });

  test("a refused delivery that claims no type, or whose body is not JSON, is kept with none", async () => {
    const inbox = createWebhookInbox({ secret: newWebhookSecret() });
    await inbox.receive(forged("msg_1", JSON.stringify({ type: 7 })));
    await inbox.receive(forged("msg_2", "not json"));
    await inbox.receive(
      new Request("http://portal.local/api/webhooks", {
        method: "POST",
        body: JSON.stringify({ type: "order.paid" }),
      }),
    );
    expect(inbox.received().map(({ webhookId, type, verified }) => ({ webhookId, type, verified }))).toEqual([
      { webhookId: "", type: "order.paid", verified: false },
      { webhookId: "msg_2", type: null, verified: false },
      { webhookId: "msg_1", type: null, verified: false },
    ]);
    expect(inbox.received()[0]).toMatchObject({ reason: "missing_header" });
  });

  test(`newest first, the last ${KEPT} only; what it hands out is a copy`, async () => {
    const inbox = createWebhookInbox({ secret: newWebhookSecret() });
    for (let i = 1; i <= KEPT + 1; i++) await inbox.receive(forged(`msg_${i}`, "{}"));
    const received = inbox.received();
    expect(KEPT).toBe(200);
    expect(received).toHaveLength(KEPT);
    expect(received[0]!.webhookId).toBe(`msg_${KEPT + 1}`);
    expect(received.at(-1)!.webhookId).toBe("msg_2");
    received.length = 0;
    expect(inbox.received()).toHaveLength(KEPT);
  });

  test("a new secret each time, in the dashboard's form", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^polar_whs_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  test("what GET /api/webhooks/received answers, with and without an inbox", async () => {
    expect(receivedBody(undefined)).toEqual({ receiving: false, endpoint: "/api/webhooks", received: [] });
    const inbox = createWebhookInbox({ secret: newWebhookSecret() });
    await inbox.receive(forged("msg_1", "{}"));
    expect(receivedBody(inbox)).toEqual({
      receiving: true,
      endpoint: "/api/webhooks",
      received: inbox.received(),
    });
  });
});
