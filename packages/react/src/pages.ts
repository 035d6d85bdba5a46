import { nextPageNumber, type PageShape } from "@commerce-api/client";
import type {
  InfiniteData,
  QueryKey,
  QueryKeyWithDataTag,
  UnusedSkipTokenInfiniteOptions,
  UseInfiniteQueryOptions,
  UseSuspenseInfiniteQueryOptions,
} from "@tanstack/react-query";
import type { CommerceError } from "./errors.js";

/** A list operation's response: the client's `PageShape` (a page of `items` and where the list stands). */
export type PageLike = PageShape;

/** An infinite query's data: every page fetched so far, and their items in one flat array. */
export type PagesWithItems<Page extends PageLike> = InfiniteData<Page, number> & {
  readonly items: Page["items"][number][];
};

/** The options an infinite query hook or factory takes: TanStack's, without those the operation decides. */
export type InfiniteQueryOverrides<Page extends PageLike, Key extends QueryKey> = Omit<
  UseInfiniteQueryOptions<Page, CommerceError, PagesWithItems<Page>, Key, number>,
  "queryKey" | "queryFn" | "select" | "initialPageParam" | "getNextPageParam"
>;

/** The options a Suspense infinite query hook takes. */
export type SuspenseInfiniteQueryOverrides<Page extends PageLike, Key extends QueryKey> = Omit<
  UseSuspenseInfiniteQueryOptions<Page, CommerceError, PagesWithItems<Page>, Key, number>,
  "queryKey" | "queryFn" | "select" | "initialPageParam" | "getNextPageParam"
>;

/** What `<op>InfiniteQueryOptions` returns: options for `useInfiniteQuery` and `queryClient.fetchInfiniteQuery`. */
export type CommerceInfiniteQueryOptions<
  Page extends PageLike,
  Key extends QueryKey,
> = UnusedSkipTokenInfiniteOptions<Page, CommerceError, PagesWithItems<Page>, Key, number> &
  QueryKeyWithDataTag<Key, InfiniteData<Page>, CommerceError>;

/** Infinite queries start at the first page; the page number is their page param. */
export const firstPage = 1;

/**
 * The page after `lastPage`, or `undefined` at the end: the client's rule for every
 * pagination form (`nextPageNumber`), as TanStack's `getNextPageParam`.
 */
export function nextPageParam(
  lastPage: PageLike,
  _allPages: unknown,
  lastPageParam: number,
): number | undefined {
  return nextPageNumber(lastPage, lastPageParam);
}

/** The `select` of infinite queries: the pages as fetched, plus all their items in order. */
export function withItems<Page extends PageLike>(data: InfiniteData<Page, number>): PagesWithItems<Page> {
  return { ...data, items: data.pages.flatMap((page) => page.items as Page["items"][number][]) };
}
