import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { type CliOptions, parseCliOptions, usage } from "./cli-options.js";
import { serveHttp } from "./http.js";
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

/**
 * `commerce-mcp`: serves the tools over stdio or Streamable HTTP. Returns what to close, or
 * nothing for `--help`; throws a `UsageError` for bad options, before starting anything.
 * No token is ever written anywhere: messages name the tokens by label and scopes only.
 */
export async function runCli(io: CliIo): Promise<{ close(): Promise<void> } | undefined> {
  let options: CliOptions;
  let tools: ToolDefinition[];
  try {
    options = parseCliOptions(io.argv, io.env);
    if (options.help) {
      io.log(usage);
      return undefined;
    }
    tools = selectTools(toolsAt(options.apiVersion), options.selection);
  } catch (error) {
    throw new UsageError(
      `commerce-mcp: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`,
    );
  }
  const serverOptions: CommerceMcpServerOptions = { ...(await connect(options, io.log)), tools };
  io.log(`commerce-mcp: serving ${tools.length} tools: ${tools.map((tool) => tool.name).join(", ")}`);
  if (options.httpPort !== undefined) {
    const endpoint = await serveHttp(() => createCommerceMcpServer(serverOptions), options.httpPort);
    io.log(`commerce-mcp: Streamable HTTP at ${endpoint.url}`);
    return endpoint;
  }
  const server = createCommerceMcpServer(serverOptions);
  await server.connect(new StdioServerTransport());
  return server;
}

/** The clients the tools call through: the local sandbox's, or the service's with the token. */
async function connect(options: CliOptions, log: (line: string) => void): Promise<CommerceMcpServerOptions> {
  const createClient = await clientMakerAt(options.apiVersion);
  if (options.localSandbox) {
    // Loaded only here: the service's users do not pay for starting the sandbox's code.
    const { startLocalSandbox } = await import("./local-sandbox.js");
    const local = startLocalSandbox({
      createClient,
      ...(options.token !== undefined && { token: options.token }),
    });
    log(`commerce-mcp: local sandbox started, seeded; acting with ${local.actingAs}`);
    return { client: local.client, customerClient: local.customerClient };
  }
  const token = options.token!;
  log(
    `commerce-mcp: the ${options.environment} service, API version ${options.apiVersion}, with the token given (not shown)`,
  );
  return { client: createClient({ environment: options.environment, token }) };
}
