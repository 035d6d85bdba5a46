/**
 * `@commerce-api/solid-query`: the core's keys, options and invalidations (`@commerce-api/query`,
 * re-exported as it is) for Solid Query 5. Inputs are accessors, tracked like any signal read:
 * `useCommerceQuery(listProductsQueryOptions, () => ({ limit: limit() }))` refetches when
 * `limit` changes. The client is provided once (`<CommerceProvider client={client}>`).
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
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryResult,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from "@tanstack/solid-query";
import { type Accessor, createComponent, createContext, type JSX, useContext } from "solid-js";

export * from "@commerce-api/query";

const ClientContext = createContext<CoreClient>();

/** Makes `client` the one the primitives of its subtree call through. Place it inside a QueryClientProvider. */
export function CommerceProvider(props: { client: CoreClient; children?: JSX.Element }): JSX.Element {
  return createComponent(ClientContext.Provider, {
    get value() {
      return props.client;
    },
    get children() {
      return props.children;
    },
  });
}

/** The client of the nearest `CommerceProvider`; throws with the fix when there is none. */
export function useCommerceClient(): CoreClient {
  const client = useContext(ClientContext);
  if (!client) {
    throw new Error(
      "useCommerceClient: no client found; wrap your components in <CommerceProvider client={client}>",
    );
  }
  return client;
}

/** `useQuery` over an operation's options factory: `input` and `options` are accessors, tracked. */
export function useCommerceQuery<Input, Data, Key extends QueryKey>(
  factory: AdapterQueryFactory<Input, Data, Key>,
  input?: Accessor<Input>,
  options?: Accessor<QueryOverrides<Data, Key> | undefined>,
): UseQueryResult<Data, CommerceError> {
  const client = useCommerceClient();
  const reactive = () => factory(client, input?.() as Input, options?.());
  return useQuery(reactive as never) as UseQueryResult<Data, CommerceError>;
}

/** `useInfiniteQuery` over a list's infinite options factory: `data.items` is every item fetched so far. */
export function useCommerceInfiniteQuery<Input, Page extends PageLike, Key extends QueryKey>(
  factory: AdapterInfiniteQueryFactory<Input, Page, Key>,
  input?: Accessor<Input>,
  options?: Accessor<InfiniteQueryOverrides<Page, Key> | undefined>,
): UseInfiniteQueryResult<PagesWithItems<Page>, CommerceError> {
  const client = useCommerceClient();
  const reactive = () => factory(client, input?.() as Input, options?.());
  return useInfiniteQuery(reactive as never) as UseInfiniteQueryResult<PagesWithItems<Page>, CommerceError>;
}

/** `useMutation` over a mutation's options factory: on success it invalidates what the spec says it changes. */
export function useCommerceMutation<Result, Input>(
  factory: AdapterMutationFactory<Result, Input>,
  options?: Accessor<MutationOverrides<Result, Input> | undefined>,
): UseMutationResult<Result, CommerceError, Input, unknown> {
  const client = useCommerceClient();
  return useMutation((() => factory(client, options?.())) as never) as UseMutationResult<
    Result,
    CommerceError,
    Input,
    unknown
  >;
}
