import type { Api } from "../../ir/types.ts";
import type { Statement } from "../emitter.ts";
import { operationFactories } from "../query/emit-query.ts";
import type { FileSet } from "../target.ts";
import { exportedNames, reExport, relocateModule, versionViews } from "../versions.ts";
import { emitMutationHooks } from "./mutations.ts";
import { emitQueryHooks } from "./query-hooks.ts";

/**
 * `@commerce-api/react/<version>` for each version of the spec: everything of the React
 * package's root, with the hooks of the operations the version changes (and their keys and
 * options factories, `@commerce-api/query/<version>`'s) typed by that version's answers. The
 * provider is the root's: one `CommerceProvider` serves the hooks of every version.
 */
export function emitReactVersions(api: Api, files: FileSet) {
  for (const view of versionViews(api)) {
    const index = files.module(`${view.version}/index.ts`);
    // The core's names at this entry's top level: a bundler keeps an entry's own `export * from
    // "<package>"`, not one a module deeper (the root's), which it turns into a copy at run time.
    index.push(`export * from "@commerce-api/query/${view.version}";`, `export * from "../../index.js";`);
    if (view.operations.length === 0) continue;
    const hooks = (
      emit: (operations: typeof view.operations, file: Statement[]) => void,
      kind: "query" | "mutation",
      module: string,
    ) => {
      const operations = view.operations.filter((operation) => operation.kind === kind);
      if (operations.length === 0) return;
      const statements: Statement[] = [];
      emit(operations, statements);
      const relocated = relocateModule(statements, new Set(), view.version);
      files.module(`${view.version}/${module}.ts`).push(...relocated);
      index.push(...reExport(`./${module}.js`, exportedNames(relocated)));
    };
    hooks(emitQueryHooks, "query", "queries");
    hooks(emitMutationHooks, "mutation", "mutations");
    // The core's factories of these operations, as that version's (the root's would win otherwise).
    index.push(
      ...reExport(`@commerce-api/query/${view.version}`, exportedNames(operationFactories(view.operations))),
    );
  }
}
