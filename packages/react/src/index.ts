export type { CommerceError } from "./errors.js";
export * from "./generated/index.js";
export { type ClientScope, clientCacheId, queryKeyRoot, setClientCacheId } from "./keys.js";
export { type MutationOverrides, useCommerceMutation } from "./mutations.js";
export {
  type CommerceInfiniteQueryOptions,
  type InfiniteQueryOverrides,
  nextPageParam,
  type PageLike,
  type PagesWithItems,
  withItems,
} from "./pages.js";
export { CommerceProvider, type CommerceProviderProps, useCommerceClient } from "./provider.js";
export {
  type CommerceQueryOptions,
  pendingPollIntervalMs,
  pollWhileNull,
  type QueryOverrides,
  queryDefaults,
  type SuspenseQueryOverrides,
} from "./queries.js";
