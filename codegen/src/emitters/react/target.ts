import type { GeneratedName, OperationSummary, Target } from "../target.ts";
import { emitReact } from "./emit-react.ts";
import { reactNames } from "./names.ts";
import { reactReservedNames } from "./runtime-names.ts";

/** @commerce-api/react: TanStack Query keys, options factories and hooks (emit-react.ts). */
export const reactTarget: Target = {
  name: "react",
  output: { package: "react" },
  emit: emitReact,
  reserved: { by: "the React bindings", names: reactReservedNames },
  operationValueNames: reactValueNames,
  operationTypeNames: (operation) => {
    const names = reactNames(operation);
    if (operation.kind === "mutation") return [{ name: names.mutationKeyType, what: "mutation key type" }];
    return [
      { name: names.queryKeyType, what: "query key type" },
      { name: names.pagesInput, what: "pages input" },
      { name: names.infiniteQueryKeyType, what: "infinite query key type" },
    ];
  },
};

/** The hooks first: an operation id that is another's hook is reported as such. */
function reactValueNames(operation: OperationSummary): GeneratedName[] {
  const names = reactNames(operation);
  if (operation.kind === "mutation")
    return [
      { name: names.hook, what: "hook" },
      { name: names.mutationKey, what: "mutation key" },
      { name: names.mutationOptions, what: "mutation options factory" },
    ];
  return [
    { name: names.hook, what: "hook" },
    { name: names.suspenseHook, what: "Suspense hook" },
    { name: names.infiniteHook, what: "Infinite hook" },
    { name: names.suspenseInfiniteHook, what: "SuspenseInfinite hook" },
    { name: names.queryKey, what: "query key" },
    { name: names.queryOptions, what: "query options factory" },
    { name: names.infiniteQueryKey, what: "infinite query key" },
    { name: names.infiniteQueryOptions, what: "infinite query options factory" },
  ];
}
