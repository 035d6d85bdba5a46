/**
 * How many signed webhook deliveries the sandbox makes per second:
 * `pnpm --filter @commerce-api/sandbox bench:webhooks`.
 * - signing alone: the Standard Webhooks signature of a 2 KB body (WebCrypto HMAC-SHA256);
 * - in process, `send("order.paid")` one after another to an in-process handler: the
 *   payload built from a seeded order, serialised, signed, delivered, logged;
 * - in process, a burst of state changes (`add.customer()` × N) to an in-process handler,
 *   then `settled()`: what a test that makes many records pays;
 * - over HTTP: the same sends to a node:http receiver on 127.0.0.1 (keep-alive).
 * Prints one line per figure; the README's table is these lines.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createSandbox } from "../src/index.js";
import { signature } from "../src/webhooks/signing.js";

const perSecond = (count: number, started: number) =>
  (count / ((performance.now() - started) / 1000)).toFixed(0);
const SECRET = "polar_whs_bench-secret";

const body = JSON.stringify({
  type: "order.paid",
  timestamp: new Date().toISOString(),
  data: { pad: "x".repeat(2000) },
});
for (let i = 0; i < 500; i++) await signature(SECRET, `msg_${i}`, 1_700_000_000, body);
let started = performance.now();
const SIGNATURES = 20_000;
for (let i = 0; i < SIGNATURES; i++) await signature(SECRET, `msg_${i}`, 1_700_000_000, body);
console.log(`signing a 2 KB body:                          ${perSecond(SIGNATURES, started)} signatures/s`);

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z") });
sandbox.webhooks.add({ handler: () => new Response(null, { status: 204 }), secret: SECRET });
for (let i = 0; i < 300; i++) await sandbox.webhooks.send("order.paid");
const SENDS = 5_000;
started = performance.now();
for (let i = 0; i < SENDS; i++) await sandbox.webhooks.send("order.paid");
console.log(`in process, send("order.paid"), one at a time: ${perSecond(SENDS, started)} deliveries/s`);

const CHANGES = 5_000;
started = performance.now();
for (let i = 0; i < CHANGES; i++) sandbox.add.customer();
await sandbox.webhooks.settled();
console.log(`in process, add.customer() burst, settled:     ${perSecond(CHANGES, started)} deliveries/s`);

const receiver = createServer((request, response) => {
  request.resume();
  request.on("end", () => response.writeHead(204).end());
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const overHttp = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z") });
overHttp.webhooks.add({
  url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
  secret: SECRET,
});
for (let i = 0; i < 200; i++) await overHttp.webhooks.send("order.paid");
const HTTP_SENDS = 2_000;
started = performance.now();
for (let i = 0; i < HTTP_SENDS; i++) await overHttp.webhooks.send("order.paid");
console.log(`over HTTP (127.0.0.1), send("order.paid"):     ${perSecond(HTTP_SENDS, started)} deliveries/s`);
const failed = [...sandbox.webhooks.deliveries, ...overHttp.webhooks.deliveries].filter((d) => !d.ok).length;
if (failed > 0)
  throw new Error(`${failed} deliveries failed: the figures above are not of signed deliveries`);
receiver.close();
