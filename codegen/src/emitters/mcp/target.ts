import { apiAsOf } from "../../ir/versions.ts";
import type { Target } from "../target.ts";
import { llmsText, skillText } from "./agent-instructions.ts";
import { emitTools } from "./tools.ts";
import { emitToolVersions } from "./versions.ts";

/**
 * @commerce-api/mcp: one MCP tool per operation, as a table (tools.ts) the hand-written
 * server beside it serves. It generates no name of its own in a spec's namespace.
 */
export const mcpTarget: Target = {
  name: "mcp",
  output: { package: "mcp" },
  everyVersion: true,
  emit: (api, files) => {
    emitTools(apiAsOf(api, api.version), files.module("tools.ts"));
    emitToolVersions(api, files);
  },
};

/** The instructions for coding agents (agent-instructions.ts), published at @commerce-api/mcp's root. */
export const agentInstructionsTarget: Target = {
  name: "agent-instructions",
  output: { packageRoot: "mcp" },
  everyVersion: true,
  emit: (api, files) => {
    // The roots' version throughout, and a section on what the others add (`versionsSection`).
    const root = apiAsOf(api, api.version);
    files.text("llms.txt", llmsText(root, api));
    files.text("SKILL.md", skillText(root));
  },
};
