/**
 * `npm start` ends here: the built app and the sandbox at one URL. With COMMERCE_API_BASE_URL
 * set, the app is served alone and talks to that service instead (see README: configuration).
 * Ctrl-C stops the server and exits 0.
 */
import { join } from "node:path";
import { startPortalServer } from "./serve.mjs";

const distDir = join(import.meta.dirname, "..", "dist");
const apiBaseUrl = process.env.COMMERCE_API_BASE_URL?.trim() || undefined;
const token = process.env.COMMERCE_API_TOKEN?.trim() || undefined;

const port = readPort(process.env.PORT);
const sandbox = apiBaseUrl ? undefined : (await import("@commerce-api/sandbox")).createSandbox();
const server = await startPortalServer({
  distDir,
  port,
  ...(sandbox ? { sandbox } : { service: { apiBaseUrl, token } }),
});

console.log(`
  Commerce Portal (the sample app): ${server.url}/
`);
if (sandbox) {
  console.log(`  The sandbox answers at the same address:
    API                 ${server.url}/v1/…
    fixtures (tokens)   GET  ${server.url}/__sandbox/fixtures
    reset the data      POST ${server.url}/__sandbox/reset

  Open the URL: you land signed in on Acme's events; the Session menu switches to any other session.`);
} else {
  console.log(
    `  The app calls ${apiBaseUrl}${token ? " with the token from COMMERCE_API_TOKEN" : "; paste a token in the app"}.`,
  );
}
console.log("\n  Ctrl-C stops it.");

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

/** @param {string | undefined} value */
function readPort(value) {
  if (value === undefined || value.trim() === "") return 4010;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT=${JSON.stringify(value)} is not a port: give a whole number from 0 to 65535.`);
    process.exit(2);
  }
  return port;
}
