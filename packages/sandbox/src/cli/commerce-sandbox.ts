/**
 * `commerce-sandbox` (`npx commerce-sandbox --port 4010`): serves the sandbox on
 * 127.0.0.1 and prints its URL and tokens, for Playwright's `webServer` and for
 * tests in other languages. Ctrl-C stops it with status 0, quietly.
 */
import { parseArgs } from "node:util";
import { DEFINITIONS } from "../http/definitions.js";
import { createRouter, unroutedWarning } from "../http/routing.js";
import { ROUTES } from "../routes/index.js";
import { banner, portFromEnvironment, type RunningServer, startServer } from "../server.js";
import {
  deliveryFailureLines,
  WEBHOOK_FLAGS,
  WEBHOOK_USAGE,
  webhookEndpoints,
  webhooksBanner,
} from "../webhooks/cli-options.js";
import { trigger } from "./trigger.js";

const USAGE = `Usage: commerce-sandbox [--port 4010] [--host 127.0.0.1] [--seed <number> | --empty] [--webhook <url> [--webhook-secret <secret>]]
       commerce-sandbox trigger <event-type> [--set path=value ...] [--url <sandbox>]   (--help for more)

Serves the Commerce API sandbox: the service's operations over an in-memory store.
  --port   port to listen on (default: PORT from the environment, else 4010; 0 picks a free one)
  --host   address to listen on (default 127.0.0.1)
  --seed   seed of the generated data (default 20260415); --empty starts with no records
${WEBHOOK_USAGE}
`;

export async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === "trigger") return trigger(argv.slice(1));
  let values: { port?: string; host?: string; seed?: string; empty?: boolean; help?: boolean } & Parameters<
    typeof webhookEndpoints
  >[0];
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: "string", short: "p" },
        host: { type: "string" },
        seed: { type: "string" },
        empty: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        ...WEBHOOK_FLAGS,
      },
    }));
  } catch (error) {
    console.error(`commerce-sandbox: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const seed = values.empty ? false : values.seed === undefined ? undefined : Number(values.seed);
  if (typeof seed === "number" && !Number.isInteger(seed)) {
    console.error(`commerce-sandbox: --seed ${values.seed} is not a whole number\n\n${USAGE}`);
    return 2;
  }
  const webhooks = webhookEndpoints(values);
  if (typeof webhooks === "string") {
    console.error(`commerce-sandbox: ${webhooks}\n\n${USAGE}`);
    return 2;
  }
  let port: number;
  try {
    port = portFromEnvironment(values.port ?? process.env.PORT);
  } catch (error) {
    const message = (error as Error).message;
    console.error(
      `commerce-sandbox: ${values.port === undefined ? message : message.replace(/^PORT=/, "--port ")}\n\n${USAGE}`,
    );
    return 2;
  }
  const host = values.host ?? "127.0.0.1";
  let server: RunningServer;
  try {
    server = await startServer({
      port,
      host,
      webhooks,
      onWebhookDelivery: (delivery) => {
        for (const line of deliveryFailureLines(delivery)) console.log(line);
      },
      ...(seed !== undefined ? { seed } : {}),
    });
  } catch (error) {
    if ((error as Error).name === "SandboxUsageError") {
      console.error(
        `commerce-sandbox: ${(error as Error).message.replace("createSandbox: ", "")}\n\n${USAGE}`,
      );
      return 2;
    }
    const problem = listenProblem(error as NodeJS.ErrnoException, host, port);
    if (problem === undefined) throw error;
    console.error(`commerce-sandbox: ${problem}`);
    return 1;
  }
  console.log(
    banner(server.url, server.sandbox.fixtures.tokens) + webhooksBanner(server.sandbox.webhooks.endpoints),
  );
  const warning = unroutedWarning(createRouter(DEFINITIONS, ROUTES).unrouted);
  if (warning) console.warn(warning);
  return new Promise((resolve) => {
    // The terminal's Ctrl-C reaches every process of the group; a package manager running us
    // passes it on a moment later as a second SIGINT. The listener stays for that one, and the
    // exit waits a little, so no second signal kills us and no "Command failed" line follows.
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      server.close().finally(() => setTimeout(() => resolve(0), 250));
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** Why the server could not listen, in words with the fix, for the errors a user can fix. */
function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string | undefined {
  if (error.code === "EADDRINUSE") {
    return `port ${port} on ${host} is in use (another sandbox still running?): stop it, or pass --port 0 for any free port`;
  }
  if (error.code === "EACCES") return `not allowed to listen on port ${port}: pass a port above 1023`;
  if (error.code === "EADDRNOTAVAIL")
    return `${host} is not an address of this machine: pass --host 127.0.0.1`;
  return undefined;
}
