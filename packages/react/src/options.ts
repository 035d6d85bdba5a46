/**
 * `@commerce-api/react/options`: the query keys and options factories without React (no
 * provider, no hooks), for router loaders, server code and prefetching. The main entry
 * point exports all of this too.
 */
export type { CommerceError } from "./errors.js";
export * from "./generated/options.js";
export { type ClientScope, clientCacheId, queryKeyRoot, setClientCacheId } from "./keys.js";
export { type CommerceMutationOptions, invalidateThen, type MutationOverrides } from "./mutations.js";
export {
  type CommerceInfiniteQueryOptions,
  type InfiniteQueryOverrides,
  nextPageParam,
  type PageLike,
  type PagesWithItems,
  type SuspenseInfiniteQueryOverrides,
  withItems,
} from "./pages.js";
export {
  type CommerceQueryOptions,
  pendingPollIntervalMs,
  pollWhileNull,
  type QueryOverrides,
  queryDefaults,
  type SuspenseQueryOverrides,
} from "./queries.js";
