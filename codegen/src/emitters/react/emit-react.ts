import type { Operation } from "../../ir/types.ts";
import { type Statement, StructureKind } from "../emitter.ts";
import type { Emitter } from "../target.ts";
import { emitMutationHooks } from "./mutations.ts";
import { emitQueryHooks } from "./query-hooks.ts";

/**
 * @commerce-api/react: TanStack Query v5 hooks over the core's keys and options factories
 * (`@commerce-api/query`, which the package re-exports as they are). queries.ts: `use<Op>`,
 * `use<Op>Suspense`, `use<Op>Infinite`, `use<Op>SuspenseInfinite` (query-hooks.ts);
 * mutations.ts: `use<Op>` (mutations.ts). Each hook is one call of a TanStack hook over
 * its options factory with the provider's client.
 */
export const emitReact: Emitter = (api, files) => {
  const queries = api.operations.filter((o) => o.kind === "query");
  const mutations = api.operations.filter((o) => o.kind === "mutation");
  if (queries.length > 0) emitQueryHooks(queries, files.module("queries.ts"));
  if (mutations.length > 0) emitMutationHooks(mutations, files.module("mutations.ts"));
  emitIndex(queries, mutations, files.module("index.ts"));
};

function emitIndex(queries: readonly Operation[], mutations: readonly Operation[], file: Statement[]) {
  const modules = [
    ...(mutations.length > 0 ? ["./mutations.js"] : []),
    ...(queries.length > 0 ? ["./queries.js"] : []),
  ];
  if (modules.length === 0) file.push({ kind: StructureKind.ExportDeclaration, namedExports: [] }); // still a module
  for (const moduleSpecifier of modules)
    file.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier });
}
