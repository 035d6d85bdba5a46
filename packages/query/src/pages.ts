import type { CoreClient } from "@commerce-api/client";
import { nextPageNumber, type PageShape } from "@commerce-api/client";
import type {
  DataTag,
  InfiniteData,
  InfiniteQueryObserverOptions,
  QueryFunction,
  QueryKey,
} from "@tanstack/query-core";
import type { CommerceError } from "./errors.js";
import { type ClientScope, clientScope, queryKeyRoot } from "./keys.js";
import type { OperationCall } from "./operations.js";
import { type InputArgument, queryDefaults } from "./queries.js";

/** A list operation's response: the client's `PageShape` (a page of `items` and where the list stands). */
export type PageLike = PageShape;

/** An infinite query's data: every page fetched so far, and their items in one flat array. */
export type PagesWithItems<Page extends PageLike> = InfiniteData<Page, number> & {
  readonly items: Page["items"][number][];
};

/** The options an infinite query factory (or hook) takes: TanStack's, without those the operation decides. */
export type InfiniteQueryOverrides<Page extends PageLike, Key extends QueryKey> = Omit<
  InfiniteQueryObserverOptions<Page, CommerceError, PagesWithItems<Page>, Key, number>,
  "queryKey" | "queryFn" | "select" | "initialPageParam" | "getNextPageParam"
>;

/**
 * What `<op>InfiniteQueryOptions` returns: options for any adapter's infinite query and for
 * `queryClient.fetchInfiniteQuery`/`prefetchInfiniteQuery`; its key carries the pages' type.
 */
export type CommerceInfiniteQueryOptions<
  Page extends PageLike,
  Key extends QueryKey,
> = InfiniteQueryObserverOptions<Page, CommerceError, PagesWithItems<Page>, Key, number> & {
  queryKey: DataTag<Key, InfiniteData<Page, number>, CommerceError>;
  queryFn: QueryFunction<Page, Key, number>;
};

/** A list's pages key: the root, the group path, the input without `page`, the client (marked infinite). */
export type OperationInfiniteQueryKey<Path extends readonly string[], PagesInput> = readonly [
  typeof queryKeyRoot,
  ...Path,
  PagesInput,
  ClientScope,
];

/** `<op>InfiniteQueryKey(input, client)`: the key of `client`'s pages for `input`. */
export type InfiniteQueryKeyFactory<PagesInput, Key extends QueryKey> = (
  input: PagesInput,
  client: CoreClient,
) => Key;

/** `<op>InfiniteQueryOptions(client, input, options?)`. */
export type InfiniteQueryOptionsFactory<PagesInput, Page extends PageLike, Key extends QueryKey> = (
  client: CoreClient,
  ...args: [...InputArgument<PagesInput>, options?: InfiniteQueryOverrides<Page, Key>]
) => CommerceInfiniteQueryOptions<Page, Key>;

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

/** The pages key factory of a list under `path`. */
export function infiniteQueryKeyFactory<PagesInput, Key extends QueryKey>(
  path: readonly string[],
): InfiniteQueryKeyFactory<PagesInput, Key> {
  const key = (input: PagesInput, client: CoreClient) => [
    queryKeyRoot,
    ...path,
    input,
    clientScope(client, true),
  ];
  return key as unknown as InfiniteQueryKeyFactory<PagesInput, Key>;
}

/**
 * The infinite options factory of a list: page after page from the first (`page` is the
 * query's to set), `hasNextPage` false after the last page, `data.items` every item so far.
 */
export function infiniteQueryOptionsFactory<PagesInput, Page extends PageLike, Key extends QueryKey>(
  call: OperationCall<PagesInput & { page: number }, Page>,
  key: InfiniteQueryKeyFactory<PagesInput, Key>,
): InfiniteQueryOptionsFactory<PagesInput, Page, Key> {
  const options = (
    client: CoreClient,
    input = {} as PagesInput,
    overrides?: InfiniteQueryOverrides<Page, Key>,
  ) => ({
    ...queryDefaults,
    ...overrides,
    queryKey: key(input, client),
    queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
      call(client, { ...input, page: pageParam }, { signal }),
    initialPageParam: firstPage,
    getNextPageParam: nextPageParam,
    select: withItems<Page>,
  });
  return options as unknown as InfiniteQueryOptionsFactory<PagesInput, Page, Key>;
}
