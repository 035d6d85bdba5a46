import { clientTarget } from "./client/target.ts";
import { agentInstructionsTarget, mcpTarget } from "./mcp/target.ts";
import { openApiTarget } from "./openapi/target.ts";
import { queryTarget } from "./query/target.ts";
import { reactTarget } from "./react/target.ts";
import { schemasTarget } from "./schemas/target.ts";
import { specSchemaTarget } from "./spec-schema/target.ts";
import type { Target } from "./target.ts";
import { validatorsTarget } from "./validators/target.ts";

/** Every target the generator runs, in order (target.ts says what a target is). */
export const targets: readonly Target[] = [
  schemasTarget,
  clientTarget,
  validatorsTarget,
  queryTarget,
  reactTarget,
  specSchemaTarget,
  openApiTarget,
  mcpTarget,
  agentInstructionsTarget,
];
