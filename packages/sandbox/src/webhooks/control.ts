/** The handlers of the webhooks part's control routes (routes.ts), over `sandbox.webhooks`. */

import { json } from "../http/body.js";
import type { RouteHandlers } from "../http/route-handlers.js";
import type { WebhookEndpointInput } from "./endpoints.js";
import type { SandboxWebhooks } from "./index.js";
import type { WEBHOOK_ROUTES } from "./routes.js";

/** What these handlers use of the control context (control/types.ts), so they do not import it. */
interface WebhooksContext {
  sandbox: { webhooks: SandboxWebhooks };
}

export const WEBHOOK_HANDLERS: RouteHandlers<typeof WEBHOOK_ROUTES, WebhooksContext> = {
  webhooks: {
    handle: (_, { sandbox: { webhooks } }) =>
      json(200, { endpoints: webhooks.endpoints, pending: webhooks.pending }),
  },
  addWebhook: {
    body: ["url", "secret", "events", "organization", "timeoutMs"],
    handle: ({ body }, { sandbox }) => json(201, sandbox.webhooks.add(body as WebhookEndpointInput)),
  },
  removeWebhook: {
    handle: ({ params }, { sandbox }) => json(200, { removed: sandbox.webhooks.remove(params.id as string) }),
  },
  sendWebhook: {
    body: ["type", "data", "set"],
    async handle({ body }, { sandbox }) {
      const options = body.set === undefined ? {} : { set: body.set as Record<string, unknown> };
      return json(200, await sandbox.webhooks.send(body.type as string, body.data, options));
    },
  },
  webhookDeliveries: {
    async handle(_, { sandbox }) {
      await sandbox.webhooks.settled();
      return json(200, sandbox.webhooks.deliveries);
    },
  },
};
