/**
 * The webhooks part's control routes (`sandbox.webhooks` over HTTP), rows of the control
 * table (control/routes.ts); their handlers are in control.ts, their client in remote.ts.
 * An in-process handler cannot cross HTTP: endpoints added here are URLs.
 */
import type { RouteSpec } from "../http/route-table.js";

export const WEBHOOK_ROUTES = {
  webhooks: {
    method: "GET",
    path: "webhooks",
    description: "the webhook endpoints and the retries not yet due: { endpoints, pending }",
    explainMisses: true,
  },
  addWebhook: {
    method: "POST",
    path: "webhooks",
    description: "{ url, secret?, events?, organization?, timeoutMs? }: 201 { id, secret }",
    explainMisses: true,
  },
  removeWebhook: {
    method: "DELETE",
    path: "webhooks/:id",
    description: "removes an endpoint: { removed } (false when there was no such endpoint)",
    explainMisses: true,
  },
  sendWebhook: {
    method: "POST",
    path: "webhooks/send",
    description: "{ type, data?, set? }: sends one event now; 200 with the first attempts",
    explainMisses: true,
  },
  webhookDeliveries: {
    method: "GET",
    path: "webhooks/deliveries",
    description: "every delivery attempt, oldest first, once those under way are made",
    explainMisses: true,
  },
} as const satisfies Record<string, RouteSpec>;
