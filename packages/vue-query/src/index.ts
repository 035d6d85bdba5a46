/**
 * `@commerce-api/vue-query`: the core's keys, options and invalidations (`@commerce-api/query`,
 * re-exported as it is) for Vue Query 5, with the client provided once and inputs that may be
 * refs or getters: `useCommerceQuery(listProductsQueryOptions, () => ({ limit: limit.value }))`
 * refetches when `limit` changes. One composable per kind of query, for every operation.
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
  type QueryKey,
  type UseInfiniteQueryReturnType,
  type UseMutationReturnType,
  type UseQueryReturnType,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from "@tanstack/vue-query";
import { type App, type InjectionKey, inject, type MaybeRefOrGetter, provide, toValue } from "vue";

export * from "@commerce-api/query";

/** Where the client is provided: `app.provide(commerceClientKey, client)` or `provideCommerceClient(client)`. */
export const commerceClientKey: InjectionKey<CoreClient> = Symbol("@commerce-api/vue-query client");

/** A plugin for `app.use(commercePlugin, client)`: every component of the app calls through `client`. */
export const commercePlugin = {
  install(app: App, client: CoreClient) {
    app.provide(commerceClientKey, client);
  },
};

/** Provides `client` to the components below this one (call it in `setup`). */
export function provideCommerceClient(client: CoreClient): void {
  provide(commerceClientKey, client);
}

/** The provided client (in `setup`); throws with the fix when none is. */
export function useCommerceClient(): CoreClient {
  const client = inject(commerceClientKey, undefined);
  if (!client) {
    throw new Error(
      "useCommerceClient: no client provided; call app.use(commercePlugin, client) or provideCommerceClient(client) in a parent's setup",
    );
  }
  return client;
}

/**
 * `useQuery` over an operation's options factory with the provided client: `input` and
 * `options` may be plain values, refs or getters, and a change refetches.
 */
export function useCommerceQuery<Input, Data, Key extends QueryKey>(
  factory: AdapterQueryFactory<Input, Data, Key>,
  input?: MaybeRefOrGetter<Input>,
  options?: MaybeRefOrGetter<QueryOverrides<Data, Key> | undefined>,
): UseQueryReturnType<Data, CommerceError> {
  const client = useCommerceClient();
  const reactive = () => factory(client, toValue(input) as Input, toValue(options));
  return useQuery(reactive as never) as UseQueryReturnType<Data, CommerceError>;
}

/** `useInfiniteQuery` over a list's infinite options factory: `data.items` is every item fetched so far. */
export function useCommerceInfiniteQuery<Input, Page extends PageLike, Key extends QueryKey>(
  factory: AdapterInfiniteQueryFactory<Input, Page, Key>,
  input?: MaybeRefOrGetter<Input>,
  options?: MaybeRefOrGetter<InfiniteQueryOverrides<Page, Key> | undefined>,
): UseInfiniteQueryReturnType<PagesWithItems<Page>, CommerceError> {
  const client = useCommerceClient();
  const reactive = () => factory(client, toValue(input) as Input, toValue(options));
  return useInfiniteQuery(reactive as never) as UseInfiniteQueryReturnType<
    PagesWithItems<Page>,
    CommerceError
  >;
}

/** `useMutation` over a mutation's options factory: on success it invalidates what the spec says it changes. */
export function useCommerceMutation<Result, Input>(
  factory: AdapterMutationFactory<Result, Input>,
  options?: MutationOverrides<Result, Input>,
): UseMutationReturnType<Result, CommerceError, Input, unknown> {
  return useMutation(factory(useCommerceClient(), options) as never) as UseMutationReturnType<
    Result,
    CommerceError,
    Input,
    unknown
  >;
}
