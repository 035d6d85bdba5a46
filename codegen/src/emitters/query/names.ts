import { operationNames } from "../../ir/names.ts";

/** The names the framework-free core generates for one operation, beside the shared ones (ir/names.ts). */
export function queryNames(operation: { readonly id: string }) {
  const { id } = operation;
  const { typeName, input, response } = operationNames(operation);
  return {
    /** The client's standalone function the factories call, e.g. `getThing`, and the schemas' types. */
    function: id,
    input,
    response,
    /** The query key's type and its factory, the query options factory. */
    queryKeyType: `${typeName}QueryKey`,
    queryKey: `${id}QueryKey`,
    queryOptions: `${id}QueryOptions`,
    /** Lists that page by number: the input without `page`, the pages' key and options. */
    pagesInput: `${typeName}PagesInput`,
    infiniteQueryKeyType: `${typeName}InfiniteQueryKey`,
    infiniteQueryKey: `${id}InfiniteQueryKey`,
    infiniteQueryOptions: `${id}InfiniteQueryOptions`,
    /** Mutations: the mutation key's type and its factory, the mutation options factory. */
    mutationKeyType: `${typeName}MutationKey`,
    mutationKey: `${id}MutationKey`,
    mutationOptions: `${id}MutationOptions`,
  };
}
