/**
 * Webhook ids are unique by default, as the service's are: a receiver that skips a
 * `webhook-id` it has seen (as the client's README recommends) never drops a sandbox's event.
 * Only `webhookIdSeed` makes them repeatable.
 */
import { describe, expect, it } from "vitest";
import { connectSandbox, createSandbox, type SandboxOptions } from "../src/index.js";
import { startServer } from "../src/server.js";
import { deliveryFailureLines } from "../src/webhooks/cli-options.js";

const accept = () => new Response(null, { status: 204 });

/** The webhook ids of three order.paid events sent by a sandbox made with these options. */
async function idsOf(
  options: SandboxOptions = {},
): Promise<{ ids: string[]; again: () => Promise<string[]> }> {
  const sandbox = createSandbox({ webhooks: [{ handler: accept }], ...options });
  const send = async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(...(await sandbox.webhooks.send("order.paid")).map((d) => d.webhookId));
    return ids;
  };
  const ids = await send();
  return {
    ids,
    again: async () => {
      sandbox.reset();
      return send();
    },
  };
}

describe("webhook ids", () => {
  it("differ across two sandboxes of one seed, and after a reset", async () => {
    const one = await idsOf();
    const two = await idsOf();
    const afterReset = await one.again();
    expect(new Set([...one.ids, ...two.ids, ...afterReset]).size).toBe(9);
  });

  it("differ across the sandboxes one server makes (newSandbox)", async () => {
    const ids: string[] = [];
    const server = await startServer({ port: 0, webhooks: [{ handler: accept }] });
    try {
      const remote = connectSandbox(server.url);
      for (const made of [await remote.newSandbox(), await remote.newSandbox()]) {
        for (const delivery of await made.webhooks.send("order.paid")) ids.push(delivery.webhookId);
        await made.delete();
      }
    } finally {
      await server.close();
    }
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it("repeat only with webhookIdSeed: the same ids in two sandboxes and after a reset", async () => {
    const one = await idsOf({ webhookIdSeed: 7 });
    const two = await idsOf({ webhookIdSeed: 7 });
    expect(new Set(one.ids).size).toBe(3);
    expect(two.ids).toEqual(one.ids);
    expect(await one.again()).toEqual(one.ids);
    expect(() => createSandbox({ webhookIdSeed: 1.5 })).toThrow(/webhookIdSeed must be a whole number/);
  });
});

describe("the bin's lines for failed deliveries", () => {
  it("one per failed attempt, and one more when the endpoint gives up", async () => {
    const lines: string[] = [];
    const sandbox = createSandbox({
      webhookIdSeed: 1,
      webhooks: [{ handler: () => new Response(null, { status: 500 }) }],
      onWebhookDelivery: (delivery) => lines.push(...deliveryFailureLines(delivery)),
    });
    sandbox.clock.freeze("2026-04-15T12:00:00Z");
    const [first] = await sandbox.webhooks.send("order.paid");
    for (let i = 0; i < 7; i++) {
      sandbox.clock.advance({ hours: 11 });
      await sandbox.webhooks.settled();
    }
    const id = first?.webhookId;
    const endpoint = first?.endpoint;
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe(
      `[webhooks] order.paid (webhook-id ${id}) to endpoint ${endpoint}: attempt 1 failed, answered 500; next attempt at 2026-04-15T12:00:05.000Z (sandbox clock)`,
    );
    expect(lines.slice(-2)).toEqual([
      `[webhooks] order.paid (webhook-id ${id}) to endpoint ${endpoint}: attempt 8 failed, answered 500`,
      `[webhooks] endpoint ${endpoint} gave up on order.paid (webhook-id ${id}) after 8 attempts; every attempt: GET /__sandbox/webhooks/deliveries`,
    ]);
  });
});
