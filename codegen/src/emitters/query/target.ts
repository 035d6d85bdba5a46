import { apiAsOf } from "../../ir/versions.ts";
import type { GeneratedName, OperationSummary, Target } from "../target.ts";
import { emitQuery } from "./emit-query.ts";
import { queryNames } from "./names.ts";
import { queryReservedNames } from "./runtime-names.ts";
import { emitQueryVersions } from "./versions.ts";

/** @commerce-api/query: the framework-free TanStack Query keys and options factories (emit-query.ts). */
export const queryTarget: Target = {
  name: "query",
  output: { package: "query" },
  everyVersion: true,
  emit: (api, files) => {
    emitQuery(apiAsOf(api, api.version), files);
    emitQueryVersions(api, files);
  },
  reserved: { by: "the TanStack Query core", names: queryReservedNames },
  operationValueNames: queryValueNames,
  operationTypeNames: (operation) => {
    const names = queryNames(operation);
    if (operation.kind === "mutation") return [{ name: names.mutationKeyType, what: "mutation key type" }];
    return [
      { name: names.queryKeyType, what: "query key type" },
      { name: names.pagesInput, what: "pages input" },
      { name: names.infiniteQueryKeyType, what: "infinite query key type" },
    ];
  },
};

function queryValueNames(operation: OperationSummary): GeneratedName[] {
  const names = queryNames(operation);
  if (operation.kind === "mutation")
    return [
      { name: names.mutationKey, what: "mutation key" },
      { name: names.mutationOptions, what: "mutation options factory" },
    ];
  return [
    { name: names.queryKey, what: "query key" },
    { name: names.queryOptions, what: "query options factory" },
    { name: names.infiniteQueryKey, what: "infinite query key" },
    { name: names.infiniteQueryOptions, what: "infinite query options factory" },
  ];
}
