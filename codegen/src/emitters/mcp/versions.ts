import type { Api } from "../../ir/types.ts";
import type { Statement } from "../emitter.ts";
import type { FileSet } from "../target.ts";
import { relocateModule, versionAlias, versionViews } from "../versions.ts";
import { emitTools } from "./tools.ts";

/**
 * The tools of each dated version (`commerce-mcp --api-version 2026-10`): those of the
 * operations the version changes, with that version's output schemas and operation definitions
 * (`@commerce-api/client/<version>`), in `generated/<version>/tools.ts`; `generated/versions.ts`
 * names them by version. Every other tool is the roots'.
 */
export function emitToolVersions(api: Api, files: FileSet) {
  const changing = versionViews(api).filter((view) => view.operations.length > 0);
  for (const view of changing) {
    const tools: Statement[] = [];
    emitTools({ ...view.api, operations: view.operations }, tools);
    files.module(`${view.version}/tools.ts`).push(...relocateModule(tools, new Set(), view.version));
  }
  files
    .module("versions.ts")
    .push(
      `import type { ToolDefinition } from "../tool-definition.js";`,
      ...changing.map(
        (view) => `import * as ${versionAlias(view.version)} from "./${view.version}/tools.js";`,
      ),
      "",
      "/** Per API version, the tools of the operations it changes (the others are the roots'). */",
      "export const datedToolDefinitions: Readonly<Record<string, readonly ToolDefinition[]>> = {",
      ...changing.map(
        (view) => `  ${JSON.stringify(view.version)}: ${versionAlias(view.version)}.toolDefinitions,`,
      ),
      "};",
    );
}
