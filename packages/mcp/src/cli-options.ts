import { parseArgs } from "node:util";
import { environments } from "@commerce-api/client";
import type { ToolSelection } from "./select-tools.js";
import { apiVersionOption, apiVersions, rootVersion } from "./versions.js";

export const usage = `Usage: commerce-mcp [options]

Serves one MCP tool per operation of the Commerce API, over stdio (default) or Streamable HTTP.

  --local-sandbox           start a seeded sandbox in process and act on it (no token needed)
  --token <token>           the API token (default: the COMMERCE_API_TOKEN environment variable,
                            which --local-sandbox ignores: there it takes one of the sandbox's tokens)
  --environment <name>      ${Object.keys(environments).join(" | ")} (default: production)
  --api-version <date>      ${apiVersions.join(" | ")} (default: ${rootVersion}): the tools' answers are this version's
  --tools <id,id,...>       serve only these tools (operation ids; sandboxFixtures with --local-sandbox)
  --read-only               serve only the reading tools (GET operations)
  --http                    serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio
  --port <port>             the HTTP port (default 3000; 0 picks a free one)
  --help                    show this help`;

export interface CliOptions {
  readonly help: boolean;
  readonly localSandbox: boolean;
  /** `--token`, else (not on the local sandbox) `COMMERCE_API_TOKEN`. */
  readonly token: string | undefined;
  /** `COMMERCE_API_TOKEN` is set but not used: the local sandbox takes only `--token`. */
  readonly ignoresTokenVariable: boolean;
  readonly environment: keyof typeof environments;
  /** The API version the tools speak (Polar-Version) and whose answers their output schemas describe. */
  readonly apiVersion: string;
  readonly selection: ToolSelection;
  /** Serve Streamable HTTP on this port; stdio when absent. */
  readonly httpPort: number | undefined;
}

/** The command line, checked: an error names the option and what it takes. */
export function parseCliOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      help: { type: "boolean", default: false },
      "local-sandbox": { type: "boolean", default: false },
      token: { type: "string" },
      environment: { type: "string" },
      "api-version": { type: "string" },
      tools: { type: "string" },
      "read-only": { type: "boolean", default: false },
      http: { type: "boolean", default: false },
      port: { type: "string" },
    },
  });
  // The variable is meant for the service: on the local sandbox its token would answer 401 to
  // every call, so there only --token, given on purpose, replaces the seeded tokens.
  const variable = env.COMMERCE_API_TOKEN || undefined;
  const token = values.token ?? (values["local-sandbox"] ? undefined : variable);
  if (!values.help && !values["local-sandbox"] && token === undefined) {
    throw new Error(
      "No token: set COMMERCE_API_TOKEN (or pass --token), or try the local sandbox with --local-sandbox.",
    );
  }
  if (values.port !== undefined && !values.http) throw new Error("--port is for --http.");
  // The local sandbox is neither environment: taking the option silently would let an agent
  // believe it acts on the service's sandbox.
  if (values["local-sandbox"] && values.environment !== undefined) {
    throw new Error(
      `--environment ${values.environment} names the service; --local-sandbox acts on a sandbox in this process. Give one of them.`,
    );
  }
  return {
    help: values.help,
    localSandbox: values["local-sandbox"],
    token,
    ignoresTokenVariable: values["local-sandbox"] && values.token === undefined && variable !== undefined,
    environment: environmentOption(values.environment ?? "production"),
    apiVersion: apiVersionOption(values["api-version"] ?? rootVersion),
    selection: {
      ...(values.tools !== undefined && { names: toolNames(values.tools) }),
      readOnly: values["read-only"],
    },
    httpPort: values.http ? portOption(values.port ?? "3000") : undefined,
  };
}

function environmentOption(name: string): keyof typeof environments {
  if (Object.hasOwn(environments, name)) return name as keyof typeof environments;
  throw new Error(
    `--environment ${name}: not an environment; use ${Object.keys(environments).join(" or ")}.`,
  );
}

function toolNames(list: string): string[] {
  const names = list
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  if (names.length === 0)
    throw new Error("--tools: give operation ids separated by commas (--tools listProducts,listRefunds).");
  return names;
}

function portOption(text: string): number {
  const port = Number(text);
  if (/^\d+$/.test(text) && port <= 65535) return port;
  throw new Error(`--port ${text}: not a port; give a number from 0 to 65535.`);
}
