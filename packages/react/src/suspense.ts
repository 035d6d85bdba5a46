import type { CommerceError, PageLike, PagesWithItems } from "@commerce-api/query";
import type {
  QueryKey,
  UseSuspenseInfiniteQueryOptions,
  UseSuspenseQueryOptions,
} from "@tanstack/react-query";

/** The options a Suspense query hook takes: TanStack's, without those the operation decides. */
export type SuspenseQueryOverrides<Data, Key extends QueryKey> = Omit<
  UseSuspenseQueryOptions<Data, CommerceError, Data, Key>,
  "queryKey" | "queryFn" | "select"
>;

/** The options a Suspense infinite query hook takes. */
export type SuspenseInfiniteQueryOverrides<Page extends PageLike, Key extends QueryKey> = Omit<
  UseSuspenseInfiniteQueryOptions<Page, CommerceError, PagesWithItems<Page>, Key, number>,
  "queryKey" | "queryFn" | "select" | "initialPageParam" | "getNextPageParam"
>;
