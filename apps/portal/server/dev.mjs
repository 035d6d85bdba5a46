/**
 * `npm start`: the app and the sandbox from their sources, through Vite's dev server, at one
 * URL. Nothing is built first (the packages' TypeScript is compiled on request), so the app is
 * up seconds after the install. The production build stays for the release and the e2e walk:
 * `pnpm --filter @commerce-api/portal build && pnpm --filter @commerce-api/portal serve`.
 * Ctrl-C stops it and exits 0.
 */
import { join } from "node:path";
import { readPort } from "./port.mjs";

const appDir = join(import.meta.dirname, "..");
const port = readPort(process.env.PORT);
// Vite is loaded once the settings hold: a PORT that is not a port is refused at once.
const { createServer } = await import("vite");
const service = process.env.COMMERCE_API_BASE_URL?.trim() || undefined;
const started = performance.now();

const server = await createServer({
  root: appDir,
  configFile: join(appDir, "vite.config.ts"),
  logLevel: "warn",
  server: { host: "127.0.0.1", port, strictPort: true },
});
await server.listen();
const address = /** @type {import("node:net").AddressInfo} */ (server.httpServer?.address());
const url = `http://127.0.0.1:${address.port}`;
// Ready means ready: the sandbox loaded and the app's modules compiled before the URL is printed.
if (!service) await fetch(`${url}/__sandbox`);
await server.warmupRequest("/src/main.tsx");
const seconds = ((performance.now() - started) / 1000).toFixed(1);

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
  Commerce Portal (the sample app), from sources: ${url}/   (ready in ${seconds} s)
`);
if (!service) {
  console.log(`  The sandbox answers at the same address:
    API                 ${url}/v1/…
    fixtures (tokens)   GET  ${url}/__sandbox/fixtures
    reset the data      POST ${url}/__sandbox/reset
    webhooks            it signs and sends every event to ${url}/api/webhooks (the Webhooks screen)
`);
} else {
  console.log(`  The app calls ${service}.\n`);
}
console.log(
  service
    ? "  Open the URL and paste a token. Ctrl-C stops it."
    : "  Open the URL: you land signed in on Acme's events; the Session menu switches to any other session. Ctrl-C stops it.",
);
