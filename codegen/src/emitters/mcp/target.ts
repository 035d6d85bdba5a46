import type { Target } from "../target.ts";
import { llmsText, skillText } from "./agent-instructions.ts";
import { emitTools } from "./tools.ts";

/**
 * @commerce-api/mcp: one MCP tool per operation, as a table (tools.ts) the hand-written
 * server beside it serves. It generates no name of its own in a spec's namespace.
 */
export const mcpTarget: Target = {
  name: "mcp",
  output: { package: "mcp" },
  emit: (api, files) => emitTools(api, files.module("tools.ts")),
};

/** The instructions for coding agents (agent-instructions.ts), published at @commerce-api/mcp's root. */
export const agentInstructionsTarget: Target = {
  name: "agent-instructions",
  output: { packageRoot: "mcp" },
  emit: (api, files) => {
    files.text("llms.txt", llmsText(api));
    files.text("SKILL.md", skillText(api));
  },
};
