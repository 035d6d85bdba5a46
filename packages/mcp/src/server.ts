import { type CoreClient, request } from "@commerce-api/client";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import packageJson from "../package.json" with { type: "json" };
import { toolDefinitions } from "./generated/tools.js";
import type { LocalSandbox } from "./local-sandbox.js";
import {
  callSandboxFixtures,
  sandboxFixturesTool,
  sandboxFixturesToolName,
} from "./sandbox-fixtures-tool.js";
import type { ToolDefinition } from "./tool-definition.js";
import { errorResult, successResult } from "./tool-result.js";

export interface CommerceMcpServerOptions {
  /** The client the tools call through (its token, environment or base URL, fetch). */
  readonly client: CoreClient;
  /** The client of the customer portal's tools, when they need another token. Default: `client`. */
  readonly customerClient?: CoreClient;
  /** The tools to serve (`selectTools`). Default: every operation's. */
  readonly tools?: readonly ToolDefinition[];
  /**
   * The local sandbox the clients act on (`startLocalSandbox()`): given, the server also serves
   * `sandboxFixtures`, its seeded records, so an agent can find the ids the tools take.
   */
  readonly localSandbox?: LocalSandbox;
}

/**
 * An MCP server with one tool per operation: `tools/list` describes them from the generated
 * table, `tools/call` runs the operation through the client, which checks the input with its
 * own validators before any request and the answer after. Connect it to any transport.
 */
export function createCommerceMcpServer(options: CommerceMcpServerOptions): Server {
  const tools = options.tools ?? toolDefinitions;
  const server = new Server(
    { name: "commerce-mcp", title: "Commerce API", version: packageJson.version },
    {
      capabilities: { tools: {} },
      instructions:
        "One tool per operation of the Commerce API. Arguments are the operation's input, flat. Each tool's description names the scopes its token needs. Lists answer one page; pass `page` for the next.",
    },
  );
  const { localSandbox } = options;
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools.map(describeTool), ...(localSandbox ? [sandboxFixturesTool] : [])],
  }));
  server.setRequestHandler(CallToolRequestSchema, (call) => {
    if (localSandbox && call.params.name === sandboxFixturesToolName) {
      return callSandboxFixtures(localSandbox, call.params.arguments ?? {});
    }
    const tool = tools.find((candidate) => candidate.name === call.params.name);
    // An unknown tool is the protocol's error (MCP says so); everything a known tool meets is the tool's.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `No tool named ${call.params.name}`);
    const client = tool.audience === "customer" ? (options.customerClient ?? options.client) : options.client;
    return callTool(tool, call.params.arguments ?? {}, client);
  });
  return server;
}

/** What `tools/list` says of a tool. */
export function describeTool(tool: ToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema && { outputSchema: tool.outputSchema }),
    annotations: tool.annotations,
  };
}

async function callTool(
  tool: ToolDefinition,
  input: Record<string, unknown>,
  client: CoreClient,
): Promise<CallToolResult> {
  try {
    return successResult(await request(client, tool.operation, input));
  } catch (error) {
    return errorResult(tool.name, error, input);
  }
}
