import { operationNames } from "../../ir/names.ts";

/** The names the React bindings generate for one operation, beside the shared ones (ir/names.ts). */
export interface ReactOperationNames {
  /** The client's standalone function the hooks call, e.g. `getThing`. */
  readonly function: string;
  /** The schemas' input and response types. */
  readonly input: string;
  readonly response: string;
  /** The query key's type and its factory, the query options factory. */
  readonly queryKeyType: string;
  readonly queryKey: string;
  readonly queryOptions: string;
  /** Lists that page by number: the input without `page`, the pages' key and options. */
  readonly pagesInput: string;
  readonly infiniteQueryKeyType: string;
  readonly infiniteQueryKey: string;
  readonly infiniteQueryOptions: string;
  /** Mutations: the mutation key's type and its factory, the mutation options factory. */
  readonly mutationKeyType: string;
  readonly mutationKey: string;
  readonly mutationOptions: string;
  /**
   * Hooks: `use<Op>` (a query's or a mutation's), `use<Op>Suspense`, `use<Op>Infinite`,
   * `use<Op>SuspenseInfinite`.
   */
  readonly hook: string;
  readonly suspenseHook: string;
  readonly infiniteHook: string;
  readonly suspenseInfiniteHook: string;
}

export function reactNames(operation: { readonly id: string }): ReactOperationNames {
  const { id } = operation;
  const { typeName, input, response } = operationNames(operation);
  return {
    function: id,
    input,
    response,
    queryKeyType: `${typeName}QueryKey`,
    queryKey: `${id}QueryKey`,
    queryOptions: `${id}QueryOptions`,
    pagesInput: `${typeName}PagesInput`,
    infiniteQueryKeyType: `${typeName}InfiniteQueryKey`,
    infiniteQueryKey: `${id}InfiniteQueryKey`,
    infiniteQueryOptions: `${id}InfiniteQueryOptions`,
    mutationKeyType: `${typeName}MutationKey`,
    mutationKey: `${id}MutationKey`,
    mutationOptions: `${id}MutationOptions`,
    hook: `use${typeName}`,
    suspenseHook: `use${typeName}Suspense`,
    infiniteHook: `use${typeName}Infinite`,
    suspenseInfiniteHook: `use${typeName}SuspenseInfinite`,
  };
}
