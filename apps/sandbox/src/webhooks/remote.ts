/**
 * `connectSandbox(url).webhooks`: `sandbox.webhooks` over the `/__sandbox/webhooks`
 * routes (webhooks/control.ts), async. Endpoints are URLs here: a function cannot
 * cross HTTP.
 */

import { SandboxUsageError } from "../usage.js";
import type { Deliveries } from "./delivery.js";
import type { WebhookEndpointInput, WebhookEndpointView } from "./endpoints.js";
import type { SendOptions } from "./index.js";
import type { WebhookDelivery } from "./log.js";

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

type Control = (method: string, path: string, body?: unknown) => Promise<unknown>;

export function remoteWebhooks(control: Control): RemoteWebhooks {
  return {
    async add(endpoint) {
      if (typeof endpoint === "object" && endpoint !== null && "handler" in endpoint)
        throw new SandboxUsageError(
          "connectSandbox(...).webhooks.add: a handler function cannot cross HTTP; give a url your test serves",
        );
      return (await control("POST", "webhooks", endpoint)) as { id: string; secret: string };
    },
    async remove(id) {
      return ((await control("DELETE", `webhooks/${encodeURIComponent(id)}`)) as { removed: boolean })
        .removed;
    },
    async endpoints() {
      return ((await control("GET", "webhooks")) as { endpoints: WebhookEndpointView[] }).endpoints;
    },
    send: (type, data, options = {}) =>
      control("POST", "webhooks/send", { type, data, ...options }) as Promise<WebhookDelivery[]>,
    deliveries: () => control("GET", "webhooks/deliveries") as Promise<WebhookDelivery[]>,
    async pending() {
      return ((await control("GET", "webhooks")) as { pending: Deliveries["pending"] }).pending;
    },
  };
}
