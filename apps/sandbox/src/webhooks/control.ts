/**
 * `sandbox.webhooks` over HTTP (what `connectSandbox(url).webhooks` and the bin use):
 * - `GET    /__sandbox/webhooks`             `{ endpoints, pending }`;
 * - `POST   /__sandbox/webhooks`             `{ url, secret?, events?, organization?, timeoutMs? }`: 201 `{ id, secret }`;
 * - `DELETE /__sandbox/webhooks/<id>`        `{ removed }` (false when there was no such endpoint);
 * - `POST   /__sandbox/webhooks/send`        `{ type, data?, set? }`: 200 with the first attempts;
 * - `GET    /__sandbox/webhooks/deliveries`  every attempt, oldest first, once those under way are made.
 * An in-process handler cannot cross HTTP: endpoints added here are URLs.
 */

import { json, noSuchControlRoute, readObject } from "../control/http-body.js";
import { checkKeys } from "../usage.js";
import type { WebhookEndpointInput } from "./endpoints.js";
import type { SandboxWebhooks } from "./index.js";

export const WEBHOOK_ROUTES = [
  "GET /__sandbox/webhooks",
  "POST /__sandbox/webhooks",
  "DELETE /__sandbox/webhooks/<id>",
  "POST /__sandbox/webhooks/send",
  "GET /__sandbox/webhooks/deliveries",
] as const;

/** What the group reads of a control request (a `ControlRequest` of control/index.ts). */
interface WebhooksRequest {
  method: string;
  segments: string[];
  request: Request;
  path: string;
}

/** The `webhooks` group of control/index.ts, given only what it uses, so it does not import that file back. */
export async function webhooksGroup(
  { method, segments, request, path }: WebhooksRequest,
  control: { sandbox: { webhooks: SandboxWebhooks } },
): Promise<Response> {
  const webhooks = control.sandbox.webhooks;
  const route = `${method} ${segments.length === 1 ? "" : segments[1]}`;
  if (route === "GET ") return json(200, { endpoints: webhooks.endpoints, pending: webhooks.pending });
  if (route === "POST ") {
    const body = await readObject(request, "POST /__sandbox/webhooks");
    checkKeys("POST /__sandbox/webhooks", body, ["url", "secret", "events", "organization", "timeoutMs"]);
    return json(201, webhooks.add(body as WebhookEndpointInput));
  }
  if (route === "POST send" && segments.length === 2) {
    const body = await readObject(request, "POST /__sandbox/webhooks/send");
    checkKeys("POST /__sandbox/webhooks/send", body, ["type", "data", "set"]);
    const options = body.set === undefined ? {} : { set: body.set as Record<string, unknown> };
    return json(200, await webhooks.send(body.type as string, body.data, options));
  }
  if (route === "GET deliveries" && segments.length === 2) {
    await webhooks.settled();
    return json(200, webhooks.deliveries);
  }
  if (method === "DELETE" && segments.length === 2) {
    return json(200, { removed: webhooks.remove(segments[1] as string) });
  }
  throw noSuchControlRoute(method, path, WEBHOOK_ROUTES);
}
