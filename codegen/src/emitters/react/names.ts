import { pascalCase } from "../../ir/names.ts";
import { queryNames } from "../query/names.ts";

/** The names the React bindings generate for one operation, beside the core's (query/names.ts) they re-export. */
export function reactNames(operation: { readonly id: string }) {
  const names = queryNames(operation);
  const typeName = pascalCase(operation.id);
  return {
    ...names,
    /** Hooks: `use<Op>` (a query's or a mutation's), `use<Op>Suspense`, `use<Op>Infinite`, `use<Op>SuspenseInfinite`. */
    hook: `use${typeName}`,
    suspenseHook: `use${typeName}Suspense`,
    infiniteHook: `use${typeName}Infinite`,
    suspenseInfiniteHook: `use${typeName}SuspenseInfinite`,
  };
}
