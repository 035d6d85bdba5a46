/**
 * The start command: `pnpm --filter @commerce-api/sandbox start` serves the
 * sandbox on 127.0.0.1:${PORT:-4010} and prints its URL and tokens: the
 * `commerce-sandbox` command, from the sources. Kept out of server.ts so
 * importing the server never starts one.
 */
import { main } from "./cli/commerce-sandbox.js";

process.exitCode = await main(process.argv.slice(2));
process.exit();
