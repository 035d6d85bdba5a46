/**
 * `@commerce-api/angular-query`: the core's keys, options and invalidations (`@commerce-api/query`,
 * re-exported as it is) for Angular Query (experimental). Inputs are functions that read
 * signals: `injectCommerceQuery(listProductsQueryOptions, () => ({ limit: this.limit() }))`
 * refetches when `limit` changes. The client is provided once: `provideCommerceClient(client)`.
 */

import { InjectionToken, inject, type Provider } from "@angular/core";
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
  injectInfiniteQuery,
  injectMutation,
  injectQuery,
  type QueryKey,
} from "@tanstack/angular-query-experimental";

export * from "@commerce-api/query";

/** The client the injected queries call through. */
export const COMMERCE_CLIENT = new InjectionToken<CoreClient>("@commerce-api/angular-query client");

/** `providers: [provideTanStackQuery(queryClient), provideCommerceClient(client)]`. */
export function provideCommerceClient(client: CoreClient): Provider {
  return { provide: COMMERCE_CLIENT, useValue: client };
}

/** The provided client (in an injection context); throws with the fix when none is. */
export function injectCommerceClient(): CoreClient {
  const client = inject(COMMERCE_CLIENT, { optional: true });
  if (!client) {
    throw new Error(
      "injectCommerceClient: no client provided; add provideCommerceClient(client) to your application's providers",
    );
  }
  return client;
}

/** `injectQuery` over an operation's options factory: `input` and `options` are functions, tracked as signals. */
export function injectCommerceQuery<Input, Data, Key extends QueryKey>(
  factory: AdapterQueryFactory<Input, Data, Key>,
  input?: () => Input,
  options?: () => QueryOverrides<Data, Key> | undefined,
): CreateQueryResult<Data, CommerceError> {
  const client = injectCommerceClient();
  const reactive = () => factory(client, input?.() as Input, options?.());
  return injectQuery(reactive as never) as CreateQueryResult<Data, CommerceError>;
}

/** `injectInfiniteQuery` over a list's infinite options factory: `data().items` is every item fetched so far. */
export function injectCommerceInfiniteQuery<Input, Page extends PageLike, Key extends QueryKey>(
  factory: AdapterInfiniteQueryFactory<Input, Page, Key>,
  input?: () => Input,
  options?: () => InfiniteQueryOverrides<Page, Key> | undefined,
): CreateInfiniteQueryResult<PagesWithItems<Page>, CommerceError> {
  const client = injectCommerceClient();
  const reactive = () => factory(client, input?.() as Input, options?.());
  return injectInfiniteQuery(reactive as never) as CreateInfiniteQueryResult<
    PagesWithItems<Page>,
    CommerceError
  >;
}

/** `injectMutation` over a mutation's options factory: on success it invalidates what the spec says it changes. */
export function injectCommerceMutation<Result, Input>(
  factory: AdapterMutationFactory<Result, Input>,
  options?: () => MutationOverrides<Result, Input> | undefined,
): CreateMutationResult<Result, CommerceError, Input, unknown> {
  const client = injectCommerceClient();
  return injectMutation((() => factory(client, options?.())) as never) as CreateMutationResult<
    Result,
    CommerceError,
    Input,
    unknown
  >;
}
