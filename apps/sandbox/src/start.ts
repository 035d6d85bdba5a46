/**
 * The start command: `pnpm --filter @commerce-api/sandbox start` serves the
 * sandbox on 127.0.0.1:${PORT:-4010} and prints its URL and tokens. Kept out of
 * server.ts so importing the server never starts one.
 */
import { DEFINITIONS } from "./definitions.js";
import { ROUTES } from "./routes/index.js";
import { createRouter, unroutedWarning } from "./routing.js";
import { banner, startServer } from "./server.js";

const server = await startServer();
console.log(banner(server.url, server.sandbox.fixtures.tokens));
const warning = unroutedWarning(createRouter(DEFINITIONS, ROUTES).unrouted);
if (warning) console.warn(warning);

const stop = () => {
  server.close().finally(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
