import type { Order, Subscription } from "@commerce-api/schemas";
import type { UnknownWebhookEvent, WebhookEvent } from "@commerce-api/schemas/webhooks";
import { describe, expectTypeOf, it } from "vitest";
import {
  createWebhookHandler,
  verifyWebhook,
  type WebhookContext,
  type WebhookVerificationReason,
} from "../../src/webhooks.js";

describe("webhook types", () => {
  it("types each callback's event by its type, and refuses a type the spec does not list", () => {
    const handler = createWebhookHandler({
      secret: "s",
      on: {
        "order.paid": (event, context) => {
          expectTypeOf(event.type).toEqualTypeOf<"order.paid">();
          expectTypeOf(event.data).toEqualTypeOf<Order>();
          expectTypeOf(context).toEqualTypeOf<WebhookContext>();
          expectTypeOf(context.webhookId).toEqualTypeOf<string>();
        },
        "subscription.canceled": async (event) => {
          expectTypeOf(event.data).toEqualTypeOf<Subscription>();
        },
        // @ts-expect-error not an event type the spec lists (a typo of order.paid)
        "order.payed": () => {},
      },
      onUnknown: (event) => {
        expectTypeOf(event).toEqualTypeOf<UnknownWebhookEvent>();
        expectTypeOf(event.data).toEqualTypeOf<unknown>();
      },
    });
    expectTypeOf(handler).toEqualTypeOf<(request: Request) => Promise<Response>>();
  });

  it("verifyWebhook resolves to a WebhookEvent and takes raw bodies only", () => {
    expectTypeOf(verifyWebhook("{}", new Headers(), "s")).toEqualTypeOf<Promise<WebhookEvent>>();
    verifyWebhook(new Uint8Array(), { "webhook-id": "x", "x-forwarded-for": ["a", "b"] }, "s");
    // @ts-expect-error a parsed body is not the raw body the signature is over
    verifyWebhook({ type: "order.paid" }, new Headers(), "s");
    expectTypeOf<WebhookVerificationReason>().toEqualTypeOf<
      | "body_not_raw"
      | "missing_header"
      | "malformed_timestamp"
      | "timestamp_out_of_tolerance"
      | "bad_signature"
      | "body_not_json"
      | "not_a_webhook"
    >();
  });
});
