/**
 * The generated WebhookEvent: the schema of @commerce-api/schemas and the client's
 * validateWebhookEvent take an event as the service sends it, give a type they do not know
 * to the open variant, refuse a known type whose data is wrong, and agree with each other on
 * the event and on seeded mutations of it.
 */
import { isKnownWebhookEvent, isWebhookEvent, WebhookEvent } from "@commerce-api/schemas/webhooks";
import { describe, expect, it } from "vitest";
import { validateWebhookEvent } from "../../src/generated/validators.js";
import { expectAgreement, mutations, prng } from "../validators/differential.js";
import { orderPaid } from "./fixtures.js";

const pair = { name: "WebhookEvent", check: validateWebhookEvent, schema: WebhookEvent };

describe("WebhookEvent", () => {
  it("parses an order.paid as the service sends it, keeping fields the spec does not list", () => {
    const sent = { ...orderPaid, data: { ...orderPaid.data, added_later: 1 } };
    const event = WebhookEvent.parse(sent);
    expect(event).toEqual(sent);
    expect(isWebhookEvent(event, "order.paid") && event.data.total_amount).toBe(5880);
  });

  it("parses a type it does not know as the open variant, whatever its data", () => {
    const event = WebhookEvent.parse({ type: "member.created", timestamp: orderPaid.timestamp, data: [1] });
    expect(isKnownWebhookEvent(event)).toBe(false);
    expect(event.data).toEqual([1]);
  });

  it("refuses a known type whose data is not its resource, rather than calling it unknown", () => {
    const result = WebhookEvent.safeParse({ ...orderPaid, data: { id: orderPaid.data.id } });
    expect(result.success).toBe(false);
  });

  it("the client's validateWebhookEvent agrees with the schema on the event and on 300 mutations of it", () => {
    let refused = 0;
    expectAgreement(pair, orderPaid, "the event");
    for (const mutation of mutations(orderPaid, 300, prng(26)))
      if (!expectAgreement(pair, mutation.value, mutation.label)) refused++;
    expect(refused).toBeGreaterThan(50);
  });
});
