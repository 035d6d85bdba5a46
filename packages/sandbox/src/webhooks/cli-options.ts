/**
 * The bin's webhook flags: `--webhook URL` (repeatable) and `--webhook-secret SECRET`,
 * so a developer receives the sandbox's signed events on localhost, which the
 * service itself refuses to send to.
 */
import type { WebhookEndpointInput, WebhookEndpointView } from "./endpoints.js";
import type { WebhookDelivery } from "./log.js";

export const WEBHOOK_FLAGS = {
  webhook: { type: "string", multiple: true },
  "webhook-secret": { type: "string" },
} as const;

export const WEBHOOK_USAGE = `  --webhook          POST every event, signed, to this URL (repeatable), e.g. http://127.0.0.1:3000/api/webhooks
  --webhook-secret   the signing secret, as your app has it (default: a new polar_whs_… one, printed)`;

/** The endpoints the flags ask for; a usage problem as a message. */
export function webhookEndpoints(values: {
  webhook?: string[] | undefined;
  "webhook-secret"?: string | undefined;
}): WebhookEndpointInput[] | string {
  const urls = values.webhook ?? [];
  const secret = values["webhook-secret"];
  if (secret !== undefined && urls.length === 0)
    return "--webhook-secret needs --webhook <url>: where to send the events it signs";
  if (secret === "") return "--webhook-secret is empty: give the secret your app verifies with";
  return urls.map((url) => ({ url, ...(secret === undefined ? {} : { secret }) }));
}

/** The banner's lines about webhooks: where events go and the secret to verify them with. */
export function webhooksBanner(endpoints: readonly WebhookEndpointView[]): string {
  if (endpoints.length === 0) return "";
  const lines = ["", "Webhooks (Standard Webhooks signatures; verify with the secret):"];
  for (const endpoint of endpoints) lines.push(`  POST ${endpoint.url}  secret ${endpoint.secret}`);
  return lines.join("\n");
}

/**
 * What the bin prints of an attempt: nothing when it was delivered; a line for a failed one
 * (the endpoint, the status or the cause, when the next attempt is due), and one more when
 * the endpoint gives up on the event, so a developer sees why without reading the log.
 */
export function deliveryFailureLines(delivery: WebhookDelivery): string[] {
  if (delivery.ok) return [];
  const where = delivery.url ?? `endpoint ${delivery.endpoint}`;
  const why = delivery.status === null ? (delivery.error ?? "no answer") : `answered ${delivery.status}`;
  const head = `[webhooks] ${delivery.type} (webhook-id ${delivery.webhookId}) to ${where}: attempt ${delivery.attempt} failed, ${why}`;
  if (delivery.nextAttemptAt !== null)
    return [`${head}; next attempt at ${delivery.nextAttemptAt} (sandbox clock)`];
  return [
    head,
    `[webhooks] ${where} gave up on ${delivery.type} (webhook-id ${delivery.webhookId}) after ${delivery.attempt} attempts; every attempt: GET /__sandbox/webhooks/deliveries`,
  ];
}
