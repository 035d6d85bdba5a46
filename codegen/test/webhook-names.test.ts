/**
 * The loader's reading of `webhooks:`: what it lowers each event to, which event types it
 * takes (dotted snake_case, any number of segments), and the type names generated from the
 * events (one per event, the `WebhookEvent` union and its parts) that no declared type or
 * enum may take, checked only when the spec has webhooks. bad-specs.test.ts has one case of
 * each error through the CLI; these lower the text in process.
 */
import { describe, expect, it } from "vitest";
import { SpecError } from "../src/diagnostics.ts";
import { lowerText } from "../src/loader/load.ts";

const spec = (declarations: string, webhooks: string) => `info:
  title: Shop API
  version: "1"
environments:
  production: https://api.example.com
security:
  pat:
    audience: organization
errors: {}
enums:
  Color:
    values: [red]
${declarations}types:
  Order:
    fields:
      id: uuid
  Refund:
    union:
      discriminator: kind
      variants:
        full: FullRefund
  FullRefund:
    fields:
      kind: string
  Amount:
    type: integer
operations: {}
${webhooks}`;

function problems(text: string): string[] {
  try {
    lowerText(text, "spec.yaml");
    return [];
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return error.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);
  }
}

describe("webhook events", () => {
  it("lower to their type, generated name, payload resource and kind, and description", () => {
    const api = lowerText(
      spec(
        "",
        `webhooks:
  order.paid:
    data: Order
    description: An order was paid.
  benefit_grant.refund.created2:
    data: Refund
  amount.set:
    data: Amount
`,
      ),
      "spec.yaml",
    );
    expect(api.webhooks).toEqual([
      {
        type: "order.paid",
        name: "OrderPaidWebhookEvent",
        payload: { name: "Order", kind: "object" },
        description: "An order was paid.",
      },
      {
        type: "benefit_grant.refund.created2",
        name: "BenefitGrantRefundCreated2WebhookEvent",
        payload: { name: "Refund", kind: "union" },
      },
      { type: "amount.set", name: "AmountSetWebhookEvent", payload: { name: "Amount", kind: "alias" } },
    ]);
  });

  it.each(["order", "order.", ".paid", "order.Paid", "order..paid", "order.2paid", "order-paid.x"])(
    "refuse the event type %j",
    (type) => {
      expect(problems(spec("", `webhooks:\n  "${type}":\n    data: Order\n`))).toEqual([
        `29:3 webhook event type '${type}' must be dotted snake_case, as the service sends it, e.g. order.paid or benefit_grant.created`,
      ]);
    },
  );

  it("that generate one name are each reported against the first of them", () => {
    const text = spec(
      "",
      `webhooks:
  order.color_set:
    data: Order
  order_color.set:
    data: Order
  order_color_set.x:
    data: Order
  order.color.set:
    data: Order
`,
    );
    expect(problems(text)).toEqual([
      "31:3 webhook events 'order.color_set' and 'order_color.set' would both generate the type 'OrderColorSetWebhookEvent'; keep the one the service sends and remove the other",
      "35:3 webhook events 'order.color_set' and 'order.color.set' would both generate the type 'OrderColorSetWebhookEvent'; keep the one the service sends and remove the other",
    ]);
  });
});

describe("the names generated for the webhook events' union", () => {
  const event = "webhooks:\n  order.paid:\n    data: Order\n";

  it.each(["WebhookEvent", "UnknownWebhookEvent", "KnownWebhookEvent", "WebhookEventVariants"])(
    "may not name an enum (%s), reported at the enum",
    (name) => {
      const enums = `  ${name}:\n    values: [a]\n`;
      expect(problems(spec(enums, event))).toEqual([
        `13:3 '${name}' is generated for the spec's webhooks (the union of the webhook events); rename this enum`,
      ]);
    },
  );

  it("are free to take when the spec has no webhooks", () => {
    const enums = "  WebhookEvent:\n    values: [a]\n  UnknownWebhookEvent:\n    values: [b]\n";
    expect(problems(spec(enums, ""))).toEqual([]);
    expect(problems(spec(enums, "webhooks: {}\n"))).toEqual([]);
  });
});
