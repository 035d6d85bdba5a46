/**
 * A list screen's states, in one place: loading the first time, an error with "Try again",
 * nothing found, or the rows with their foot (how many, "Load more"). While new filters load,
 * the previous rows stay (dimmed, marked busy), so the page does not jump.
 */
import { keepPreviousData } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { EmptyState, ErrorNotice, Loading } from "./Feedback.js";
import { type InfiniteList, LoadMore } from "./LoadMore.js";
import { Panel } from "./Page.js";

/** The options every list hook takes here: the previous rows stay while the next ones load. */
export const keepRows = { placeholderData: keepPreviousData } as const;

/** What the list reads from a `use<Op>Infinite` result. */
export interface ListQuery<Item> extends Omit<InfiniteList, "data"> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
  data: { items: readonly Item[]; pages: InfiniteList["data"]["pages"] } | undefined;
}

export function QueryList<Item>({
  query,
  loading,
  empty,
  bare = false,
  children,
}: {
  query: ListQuery<Item>;
  /** "Loading refunds…" */
  loading: string;
  /** The empty state: its title, or a whole element. */
  empty: ReactNode;
  /**
   * A list inside a panel of its own (a customer's orders beside their keys): no panel frame,
   * an empty list is one quiet line, and the foot appears only when there is more to load.
   */
  bare?: boolean;
  children: (items: readonly Item[]) => ReactNode;
}) {
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => query.refetch()} />;
  if (query.isPending || !query.data) return <Loading label={loading} />;
  const items = query.data.items;
  if (items.length === 0) {
    if (typeof empty !== "string") return empty;
    return bare ? (
      <p className="muted" role="status">
        {empty}
      </p>
    ) : (
      <EmptyState title={empty} />
    );
  }
  const updating = query.isPlaceholderData;
  const rows = (
    <>
      {/* Inert while updating: the rows on screen are the previous filters', not to be acted on. */}
      <div className={updating ? "list-updating" : undefined} aria-busy={updating} inert={updating}>
        {children(items)}
      </div>
      {bare && !query.hasNextPage ? null : <LoadMore list={{ ...query, data: query.data }} />}
    </>
  );
  return bare ? rows : <Panel>{rows}</Panel>;
}

/** Records the app already holds (the sandbox's, which the API cannot list), as `QueryList` reads a list. */
export interface HeldRecords<Item> {
  items: readonly Item[];
  /** The records arrived (or there is nothing to wait for). */
  ready: boolean;
  error: Error | null;
  retry(): void;
}

/** Held records through `QueryList`, a page at a time ("Load more" shows the next `pageSize`). */
export function useHeldList<Item>(held: HeldRecords<Item>, pageSize = 10): ListQuery<Item> {
  const [shown, setShown] = useState(pageSize);
  const total = held.items.length;
  return {
    isPending: !held.ready && held.error === null,
    isError: held.error !== null,
    error: held.error,
    isPlaceholderData: false,
    refetch: held.retry,
    data: held.ready
      ? { items: held.items.slice(0, shown), pages: [{ pagination: { total_count: total } }] }
      : undefined,
    hasNextPage: shown < total,
    isFetchingNextPage: false,
    fetchNextPage: () => setShown((n) => n + pageSize),
  };
}
