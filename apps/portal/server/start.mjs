/**
 * `pnpm serve`: the built app and the sandbox at one URL, the sandbox sending its webhooks to
 * the app's endpoint (`/api/webhooks`). With COMMERCE_API_BASE_URL set, the app is served alone
 * and talks to that service instead (see README: configuration); COMMERCE_WEBHOOK_SECRET then
 * lets the endpoint verify the service's deliveries. Ctrl-C stops the server and exits 0.
 */
import { join } from "node:path";
import { readPort } from "./port.mjs";
import { startPortalServer } from "./serve.mjs";

const distDir = join(import.meta.dirname, "..", "dist");
const apiBaseUrl = process.env.COMMERCE_API_BASE_URL?.trim() || undefined;
const token = process.env.COMMERCE_API_TOKEN?.trim() || undefined;
const webhookSecret = process.env.COMMERCE_WEBHOOK_SECRET?.trim() || undefined;

const port = readPort(process.env.PORT);
const createSandbox = apiBaseUrl ? undefined : (await import("@commerce-api/sandbox")).createSandbox;
const server = await startPortalServer({
  distDir,
  port,
  ...(webhookSecret ? { webhookSecret } : {}),
  ...(createSandbox
    ? { makeSandbox: (endpoint) => createSandbox({ webhooks: [endpoint] }) }
    : { service: { apiBaseUrl, token } }),
});

// Ctrl-C is handled before the banner says so: a Ctrl-C as it appears still exits 0.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

console.log(`
  Commerce Portal (the sample app): ${server.url}/
`);
if (createSandbox) {
  console.log(`  The sandbox answers at the same address:
    API                 ${server.url}/v1/…
    fixtures (tokens)   GET  ${server.url}/__sandbox/fixtures
    reset the data      POST ${server.url}/__sandbox/reset
    webhooks            it signs and sends every event to ${server.url}/api/webhooks (the Webhooks screen)

  Open the URL: you land signed in on Acme's events; the Session menu switches to any other session.`);
} else {
  console.log(
    `  The app calls ${apiBaseUrl}${token ? " with the token from COMMERCE_API_TOKEN" : "; paste a token in the app"}.`,
  );
  console.log(
    webhookSecret
      ? `  Webhooks: register ${server.url}/api/webhooks's public address in the dashboard; deliveries are verified with COMMERCE_WEBHOOK_SECRET.`
      : "  Webhooks: not received (set COMMERCE_WEBHOOK_SECRET to the endpoint's secret).",
  );
}
console.log("\n  Ctrl-C stops it.");
