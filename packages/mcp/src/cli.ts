import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { type CliOptions, parseCliOptions, usage } from "./cli-options.js";
import { serveHttp } from "./http.js";
import { sandboxFixturesToolName } from "./sandbox-fixtures-tool.js";
import { selectTools } from "./select-tools.js";
import { type CommerceMcpServerOptions, createCommerceMcpServer } from "./server.js";
import type { ToolDefinition } from "./tool-definition.js";
import { clientMakerAt, toolsAt } from "./versions.js";

export interface CliIo {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where messages go: stderr (stdout is the protocol's in stdio mode). */
  readonly log: (line: string) => void;
}

/** Bad options: nothing was started; the message names the option (the bin exits with 2). */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** What the command line asks to serve: the operations' tools, and whether `sandboxFixtures`. */
interface Served {
  readonly tools: ToolDefinition[];
  readonly fixtures: boolean;
}

/**
 * `commerce-mcp`: serves the tools over stdio or Streamable HTTP. Returns what to close, or
 * nothing for `--help`; throws a `UsageError` for bad options, before serving anything.
 * No token is ever written anywhere: messages name the tokens by label and scopes only.
 */
export async function runCli(io: CliIo): Promise<{ close(): Promise<void> } | undefined> {
  let options: CliOptions;
  let served: Served;
  try {
    options = parseCliOptions(io.argv, io.env);
    if (options.help) {
      io.log(usage);
      return undefined;
    }
    served = servedTools(options);
  } catch (error) {
    throw new UsageError(
      `commerce-mcp: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`,
    );
  }
  if (options.ignoresTokenVariable) {
    io.log(
      "commerce-mcp: COMMERCE_API_TOKEN is set and ignored: --local-sandbox acts with the sandbox's seeded tokens (pass --token to act with another of them)",
    );
  }
  const serverOptions: CommerceMcpServerOptions = {
    ...(await connect(options, served, io.log)),
    tools: served.tools,
  };
  const names = [
    ...served.tools.map((tool) => tool.name),
    ...(served.fixtures ? [sandboxFixturesToolName] : []),
  ];
  io.log(`commerce-mcp: serving ${names.length} tools: ${names.join(", ")}`);
  if (options.httpPort !== undefined) {
    const endpoint = await listen(() => createCommerceMcpServer(serverOptions), options.httpPort);
    io.log(`commerce-mcp: Streamable HTTP at ${endpoint.url}`);
    return endpoint;
  }
  const server = createCommerceMcpServer(serverOptions);
  await server.connect(new StdioServerTransport());
  return server;
}

/**
 * The operations' tools selected, and `sandboxFixtures` on the local sandbox: served unless
 * `--tools` leaves it out, as any other tool (it only reads, so `--read-only` keeps it).
 */
function servedTools(options: CliOptions): Served {
  const names = options.selection.names;
  const fixturesNamed = names?.includes(sandboxFixturesToolName) ?? false;
  if (fixturesNamed && !options.localSandbox) {
    throw new Error(
      `--tools ${sandboxFixturesToolName}: it lists the local sandbox's records, so it is served only with --local-sandbox.`,
    );
  }
  const operations = names?.filter((name) => name !== sandboxFixturesToolName);
  return {
    tools: selectTools(toolsAt(options.apiVersion), {
      ...options.selection,
      ...(operations !== undefined && { names: operations }),
    }),
    fixtures: options.localSandbox && (names === undefined || fixturesNamed),
  };
}

/** Streamable HTTP on the port; a port taken is a bad option (exit 2), not a crash. */
async function listen(...args: Parameters<typeof serveHttp>) {
  try {
    return await serveHttp(...args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    throw new UsageError(
      `commerce-mcp: --port ${args[1]}: the port is in use on 127.0.0.1; give another with --port <port>, or --port 0 for a free one.`,
    );
  }
}

/** The clients the tools call through: the local sandbox's, or the service's with the token. */
async function connect(
  options: CliOptions,
  served: Served,
  log: (line: string) => void,
): Promise<Omit<CommerceMcpServerOptions, "tools">> {
  const createClient = await clientMakerAt(options.apiVersion);
  if (options.localSandbox) {
    // Loaded only here: the service's users do not pay for starting the sandbox's code.
    const { startLocalSandbox } = await import("./local-sandbox.js");
    const local = startLocalSandbox({
      createClient,
      ...(options.token !== undefined && { token: options.token }),
    });
    if (options.token !== undefined && local.organizationId === undefined) {
      throw new UsageError(
        "commerce-mcp: --token is not one of the local sandbox's tokens, so every call would answer 401; drop --token to act with the seeded ones, or give one of @commerce-api/sandbox's fixtures.tokens.",
      );
    }
    log(`commerce-mcp: local sandbox started, seeded; acting with ${local.actingAs}`);
    return {
      client: local.client,
      customerClient: local.customerClient,
      ...(served.fixtures && { localSandbox: local }),
    };
  }
  const token = options.token!;
  log(
    `commerce-mcp: the ${options.environment} service, API version ${options.apiVersion}, with the token given (not shown)`,
  );
  return { client: createClient({ environment: options.environment, token }) };
}
