/**
 * @commerce-api/mcp: an MCP server for the Commerce API, one tool per operation of the spec.
 * The bin is `commerce-mcp`; this entry builds the same server for a transport of your own.
 */
export { toolDefinitions } from "./generated/tools.js";
export { type LocalSandbox, startLocalSandbox } from "./local-sandbox.js";
export { sandboxFixturesToolName } from "./sandbox-fixtures-tool.js";
export { isReadOnly, selectTools, type ToolSelection } from "./select-tools.js";
export { type CommerceMcpServerOptions, createCommerceMcpServer, describeTool } from "./server.js";
export type { ObjectJsonSchema, ToolDefinition } from "./tool-definition.js";
export { toolsAt } from "./versions.js";
