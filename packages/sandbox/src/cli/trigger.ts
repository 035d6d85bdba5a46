/**
 * `commerce-sandbox trigger <event-type> [--set path=value ...] [--url <sandbox>]`: sends one
 * event from a running sandbox to its registered endpoints, as the service's own CLI's
 * `trigger` does: built from a record that fits the type (as `sandbox.webhooks.send(type)`),
 * with the fields `--set` names overridden and the result checked against the event's schema.
 */
import { parseArgs } from "node:util";
import { DEFAULT_PORT } from "../server.js";
import type { WebhookDelivery } from "../webhooks/log.js";

export const TRIGGER_USAGE = `Usage: commerce-sandbox trigger <event-type> [--set path=value ...] [--url <sandbox>]

Sends one event (e.g. order.paid) from a running sandbox to its webhook endpoints (--webhook),
built from a record of the sandbox that fits the type.
  --set   a field of the event's data to override, e.g. --set total_amount=4900 --set customer.email=ada@example.com
          (the value as JSON when it parses as JSON, else as text; repeatable)
  --url   the sandbox (default http://127.0.0.1:${DEFAULT_PORT})`;

/** The command's status: 0 sent and delivered, 1 not delivered or no sandbox there, 2 a usage error. */
export async function trigger(argv: readonly string[], fetchImpl: typeof fetch = fetch): Promise<number> {
  let parsed: { values: { set?: string[]; url?: string; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        set: { type: "string", multiple: true },
        url: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    console.error(`commerce-sandbox trigger: ${(error as Error).message}\n\n${TRIGGER_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(TRIGGER_USAGE);
    return 0;
  }
  const [type, ...extra] = positionals;
  if (type === undefined || extra.length > 0) {
    console.error(`commerce-sandbox trigger: give one event type, e.g. order.paid\n\n${TRIGGER_USAGE}`);
    return 2;
  }
  const set: Record<string, unknown> = {};
  for (const pair of values.set ?? []) {
    const equals = pair.indexOf("=");
    if (equals <= 0) {
      console.error(`commerce-sandbox trigger: --set ${pair} is not path=value\n\n${TRIGGER_USAGE}`);
      return 2;
    }
    set[pair.slice(0, equals)] = parsedValue(pair.slice(equals + 1));
  }
  const url = (values.url ?? `http://127.0.0.1:${DEFAULT_PORT}`).replace(/\/+$/, "");
  let response: Response;
  try {
    response = await fetchImpl(`${url}/__sandbox/webhooks/send`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(Object.keys(set).length === 0 ? { type } : { type, set }),
    });
  } catch {
    console.error(
      `commerce-sandbox trigger: no sandbox answers at ${url}: start one (npx commerce-sandbox --webhook <url>) or pass --url`,
    );
    return 1;
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    console.error(
      `commerce-sandbox trigger: ${typeof detail === "string" ? detail : `${url} answered ${response.status}`}`,
    );
    return response.status === 400 ? 2 : 1;
  }
  const deliveries = body as WebhookDelivery[];
  if (deliveries.length === 0) {
    console.error(
      `commerce-sandbox trigger: no endpoint of ${url} takes ${type}: start the sandbox with --webhook <url> (or add one: POST /__sandbox/webhooks)`,
    );
    return 1;
  }
  for (const delivery of deliveries) console.log(deliveryLine(delivery));
  return deliveries.every((delivery) => delivery.ok) ? 0 : 1;
}

/** `--set` values: JSON when they parse (numbers, booleans, null, objects, quoted strings), else the text. */
function parsedValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function deliveryLine(delivery: WebhookDelivery): string {
  const where = delivery.url ?? `endpoint ${delivery.endpoint}`;
  const outcome = delivery.status === null ? `failed: ${delivery.error}` : `answered ${delivery.status}`;
  return `${delivery.type} (webhook-id ${delivery.webhookId}) to ${where}: ${outcome}`;
}
