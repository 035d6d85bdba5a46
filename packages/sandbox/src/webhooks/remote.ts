/**
 * `connectSandbox(url).webhooks`: `sandbox.webhooks` over the webhooks part's control
 * routes (routes.ts), async. Endpoints are URLs here: a function cannot
 * cross HTTP.
 */

import type { RouteParams, RouteSpec } from "../http/route-table.js";
import { SandboxUsageError } from "../kit/usage.js";
import type { Deliveries } from "./delivery.js";
import type { WebhookEndpointInput, WebhookEndpointView } from "./endpoints.js";
import type { SendOptions } from "./index.js";
import type { WebhookDelivery } from "./log.js";
import { WEBHOOK_ROUTES as routes } from "./routes.js";

export interface RemoteWebhooks {
  /** Sends events to `url`; returns the endpoint's id and signing secret. */
  add(endpoint: Omit<WebhookEndpointInput, "handler">): Promise<{ id: string; secret: string }>;
  remove(id: string): Promise<boolean>;
  endpoints(): Promise<WebhookEndpointView[]>;
  /** Sends one event now (from a seeded record without `data`); resolves with the first attempts. */
  send(type: string, data?: unknown, options?: SendOptions): Promise<WebhookDelivery[]>;
  /** Every attempt so far, once those under way are made. */
  deliveries(): Promise<WebhookDelivery[]>;
  /** Retries not yet due, soonest first. */
  pending(): Promise<Deliveries["pending"]>;
}

/** `ControlCall` of kit/connect.ts: one route of the control table over HTTP. */
type Control = (route: RouteSpec, params?: RouteParams, body?: unknown) => Promise<unknown>;

export function remoteWebhooks(control: Control): RemoteWebhooks {
  return {
    async add(endpoint) {
      if (typeof endpoint === "object" && endpoint !== null && "handler" in endpoint)
        throw new SandboxUsageError(
          "connectSandbox(...).webhooks.add: a handler function cannot cross HTTP; give a url your test serves",
        );
      return (await control(routes.addWebhook, {}, endpoint)) as { id: string; secret: string };
    },
    async remove(id) {
      return ((await control(routes.removeWebhook, { id })) as { removed: boolean }).removed;
    },
    async endpoints() {
      return ((await control(routes.webhooks)) as { endpoints: WebhookEndpointView[] }).endpoints;
    },
    send: (type, data, options = {}) =>
      control(routes.sendWebhook, {}, { type, data, ...options }) as Promise<WebhookDelivery[]>,
    deliveries: () => control(routes.webhookDeliveries) as Promise<WebhookDelivery[]>,
    async pending() {
      return ((await control(routes.webhooks)) as { pending: Deliveries["pending"] }).pending;
    },
  };
}
