/**
 * `@commerce-api/query`: the framework-free core of the TanStack Query bindings. Per
 * operation its keys and options factories (generated), for any TanStack adapter or a plain
 * `QueryClient`; the per-client key scoping, the defaults and the typed cache helpers.
 * It imports `@tanstack/query-core` types only, and no framework.
 */
export type {
  AdapterInfiniteQueryFactory,
  AdapterMutationFactory,
  AdapterQueryFactory,
} from "./adapter-factories.js";
export type { CommerceError } from "./errors.js";
export * from "./generated/operations.js";
export { type CommerceCache, commerceCache } from "./helpers.js";
export { type ClientScope, clientCacheId, clientScope, queryKeyRoot, setClientCacheId } from "./keys.js";
export {
  type CommerceMutationOptions,
  type Invalidates,
  invalidateThen,
  type MutationOptionsFactory,
  type MutationOverrides,
  mutationKeyFactory,
  mutationOptionsFactory,
  type OperationMutationKey,
} from "./mutations.js";
export type { OperationCall } from "./operations.js";
export {
  type CommerceInfiniteQueryOptions,
  firstPage,
  type InfiniteQueryKeyFactory,
  type InfiniteQueryOptionsFactory,
  type InfiniteQueryOverrides,
  infiniteQueryKeyFactory,
  infiniteQueryOptionsFactory,
  nextPageParam,
  type OperationInfiniteQueryKey,
  type PageLike,
  type PagesWithItems,
  withItems,
} from "./pages.js";
export {
  type CommerceQueryOptions,
  type InputArgument,
  type OperationQueryKey,
  pendingPollIntervalMs,
  pollingWhilePending,
  pollWhileNull,
  type QueryKeyFactory,
  type QueryOptionsFactory,
  type QueryOverrides,
  queryDefaults,
  queryKeyFactory,
  queryOptionsFactory,
} from "./queries.js";
