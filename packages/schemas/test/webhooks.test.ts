// The webhook events of @commerce-api/schemas/webhooks: the README's example, run on an
// order.paid as the service sends it (the client's webhook tests' delivery) and on an event
// type the spec does not list, which parses as the open variant instead of failing.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isKnownWebhookEvent, isWebhookEvent, WebhookEvent } from "../src/webhooks.js";

const root = join(import.meta.dirname, "..");
const orderPaidBody = await readFile(
  join(root, "..", "client", "test", "webhooks", "order-paid.json"),
  "utf8",
);

const example = `import { isWebhookEvent, WebhookEvent } from "@commerce-api/schemas/webhooks";

const event = WebhookEvent.parse(JSON.parse(body));
if (isWebhookEvent(event, "order.paid")) console.log(event.data.total_amount);
`;

/** The README's example, as a function of the body. */
function receive(body: string) {
  const event = WebhookEvent.parse(JSON.parse(body));
  if (isWebhookEvent(event, "order.paid")) console.log(event.data.total_amount);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the README's webhook example", () => {
  it("is in the README as run here", async () => {
    expect(await readFile(join(root, "README.md"), "utf8")).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it("logs an order.paid's total, and takes an event type it does not know without a word", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    receive(orderPaidBody);
    const member = JSON.stringify({ type: "member.created", timestamp: "2026-04-01T12:00:00Z", data: {} });
    receive(member);
    expect(log.mock.calls).toEqual([[5880]]);
    expect(isKnownWebhookEvent(WebhookEvent.parse(JSON.parse(member)))).toBe(false);
  });
});
