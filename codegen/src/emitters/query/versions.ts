import type { Api } from "../../ir/types.ts";
import type { FileSet } from "../target.ts";
import { exportedNames, reExport, relocateModule, versionViews } from "../versions.ts";
import { operationFactories } from "./emit-query.ts";

/**
 * `@commerce-api/query/<version>` for each version of the spec: everything of the core's root,
 * with the keys and options factories of the operations the version changes bound to that
 * version's client (`@commerce-api/client/<version>`) and typed by its answers. The others are
 * the roots', shared; the keys are the same, so an invalidation reaches every version's entries.
 */
export function emitQueryVersions(api: Api, files: FileSet) {
  for (const view of versionViews(api)) {
    const index = files.module(`${view.version}/index.ts`);
    index.push(`export * from "../../index.js";`);
    if (view.operations.length === 0) continue;
    const factories = relocateModule(operationFactories(view.operations), new Set(), view.version);
    files.module(`${view.version}/operations.ts`).push(...factories);
    index.push(...reExport("./operations.js", exportedNames(factories)));
  }
}
