import type {
  InfiniteData,
  QueryKey,
  QueryKeyWithDataTag,
  UnusedSkipTokenInfiniteOptions,
  UseInfiniteQueryOptions,
  UseSuspenseInfiniteQueryOptions,
} from "@tanstack/react-query";
import type { CommerceError } from "./errors.js";

/** A list operation's response: a page of `items` and where the list stands. */
export interface PageLike {
  readonly items: readonly unknown[];
  readonly pagination: unknown;
}

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
 * The page after `lastPage`, or `undefined` at the end, in both pagination forms:
 * offset (`max_page`: more while the page number is below it) and cursor
 * (`has_next_page`). An empty page always ends the list, so a service that keeps
 * saying "more" cannot make `fetchNextPage` loop.
 */
export function nextPageParam(
  lastPage: PageLike,
  _allPages: unknown,
  lastPageParam: number,
): number | undefined {
  if (lastPage.items.length === 0) return undefined;
  const pagination = (typeof lastPage.pagination === "object" ? lastPage.pagination : null) ?? {};
  if ("has_next_page" in pagination && typeof pagination.has_next_page === "boolean") {
    return pagination.has_next_page ? lastPageParam + 1 : undefined;
  }
  if ("max_page" in pagination && typeof pagination.max_page === "number") {
    return lastPageParam < pagination.max_page ? lastPageParam + 1 : undefined;
  }
  return undefined; // an unknown form: stop rather than guess
}

/** The `select` of infinite queries: the pages as fetched, plus all their items in order. */
export function withItems<Page extends PageLike>(data: InfiniteData<Page, number>): PagesWithItems<Page> {
  return { ...data, items: data.pages.flatMap((page) => page.items as Page["items"][number][]) };
}
