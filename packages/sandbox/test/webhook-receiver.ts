/**
 * A webhook receiver for tests: a node:http server on 127.0.0.1 (ephemeral port)
 * that keeps each request's headers and raw body and answers with the statuses
 * it is told (200 once they run out).
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read fields of payloads freely
  json: any;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The statuses to answer next, in order. */
  answer(...statuses: number[]): void;
  /** Resolves once `count` requests have arrived (rejects, naming what came, after a minute without them). */
  waitFor(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const statuses: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: request.headers, body, json: JSON.parse(body) });
      response.writeHead(statuses.shift() ?? 200).end();
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
    });
  });
  // The sandbox delivers with fetch, which reuses an idle connection until a second before Node's
  // 5 s close: on a loaded machine a late delivery could meet a closing socket and fail an
  // attempt no test asked for. Kept a minute, as the sandbox's and the portal's servers keep theirs.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks`,
    received,
    answer: (...next) => statuses.push(...next),
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve(received)
        : new Promise((resolve, reject) => {
            // Ends a wait for what never comes (a minute: a limit against hanging, not a speed check).
            const timer = setTimeout(() => {
              const types = received.map((r) => r.json.type).join(", ");
              reject(new Error(`expected ${count} webhook requests, ${received.length} came: ${types}`));
            }, 60_000);
            waiters.push({
              count,
              resolve: () => {
                clearTimeout(timer);
                resolve(received);
              },
            });
          }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Verifies a delivery as the service's SDK does: the reference library keyed with the secret's UTF-8 bytes. */
export function verify(secret: string, body: string, headers: Record<string, unknown>): unknown {
  const pick = (name: string) => String(headers[name]);
  return new Webhook(Buffer.from(secret, "utf-8").toString("base64")).verify(body, {
    "webhook-id": pick("webhook-id"),
    "webhook-timestamp": pick("webhook-timestamp"),
    "webhook-signature": pick("webhook-signature"),
  });
}
