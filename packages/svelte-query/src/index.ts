/**
 * `@commerce-api/svelte-query`: the core's keys, options and invalidations (`@commerce-api/query`,
 * re-exported as it is) for Svelte Query 6 on Svelte 5's runes. Inputs are functions, read
 * where `$state` and `$props` track them: `createCommerceQuery(listProductsQueryOptions,
 * () => ({ limit }))` refetches when `limit` changes. The client is set once in a component's
 * context (`setCommerceClient(client)`), like the QueryClient.
 */
import type { CoreClient } from "@commerce-api/client";
import type {
  AdapterInfiniteQueryFactory,
  AdapterMutationFactory,
  AdapterQueryFactory,
  CommerceError,
  InfiniteQueryOverrides,
  MutationOverrides,
  PageLike,
  PagesWithItems,
  QueryOverrides,
} from "@commerce-api/query";
import {
  type CreateInfiniteQueryResult,
  type CreateMutationResult,
  type CreateQueryResult,
  createInfiniteQuery,
  createMutation,
  createQuery,
  type QueryKey,
} from "@tanstack/svelte-query";
import { getContext, setContext } from "svelte";

export * from "@commerce-api/query";

const clientContext = Symbol("@commerce-api/svelte-query client");

/** Makes `client` the one the queries of this component and its children call through (in a component's script). */
export function setCommerceClient(client: CoreClient): void {
  setContext(clientContext, client);
}

/** The client set by `setCommerceClient` above this component; throws with the fix when none is. */
export function getCommerceClient(): CoreClient {
  const client = getContext<CoreClient | undefined>(clientContext);
  if (!client) {
    throw new Error(
      "getCommerceClient: no client set; call setCommerceClient(client) in a parent component's script",
    );
  }
  return client;
}

/** `createQuery` over an operation's options factory: `input` and `options` are functions, tracked as runes. */
export function createCommerceQuery<Input, Data, Key extends QueryKey>(
  factory: AdapterQueryFactory<Input, Data, Key>,
  input?: () => Input,
  options?: () => QueryOverrides<Data, Key> | undefined,
): CreateQueryResult<Data, CommerceError> {
  const client = getCommerceClient();
  const reactive = () => factory(client, input?.() as Input, options?.());
  return createQuery(reactive as never) as CreateQueryResult<Data, CommerceError>;
}

/** `createInfiniteQuery` over a list's infinite options factory: `data.items` is every item fetched so far. */
export function createCommerceInfiniteQuery<Input, Page extends PageLike, Key extends QueryKey>(
  factory: AdapterInfiniteQueryFactory<Input, Page, Key>,
  input?: () => Input,
  options?: () => InfiniteQueryOverrides<Page, Key> | undefined,
): CreateInfiniteQueryResult<PagesWithItems<Page>, CommerceError> {
  const client = getCommerceClient();
  const reactive = () => factory(client, input?.() as Input, options?.());
  return createInfiniteQuery(reactive as never) as CreateInfiniteQueryResult<
    PagesWithItems<Page>,
    CommerceError
  >;
}

/** `createMutation` over a mutation's options factory: on success it invalidates what the spec says it changes. */
export function createCommerceMutation<Result, Input>(
  factory: AdapterMutationFactory<Result, Input>,
  options?: () => MutationOverrides<Result, Input> | undefined,
): CreateMutationResult<Result, CommerceError, Input, unknown> {
  const client = getCommerceClient();
  return createMutation((() => factory(client, options?.())) as never) as CreateMutationResult<
    Result,
    CommerceError,
    Input,
    unknown
  >;
}
