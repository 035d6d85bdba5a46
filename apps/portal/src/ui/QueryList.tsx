/**
 * A list screen's states, in one place: loading the first time, an error with "Try again",
 * nothing found, or the rows with their foot (how many, "Load more"). While new filters load,
 * the previous rows stay (dimmed, marked busy), so the page does not jump.
 */
import { keepPreviousData } from "@tanstack/react-query";
import type { ReactNode } from "react";
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
  children,
}: {
  query: ListQuery<Item>;
  /** "Loading refunds…" */
  loading: string;
  /** The empty state: its title, or a whole element. */
  empty: ReactNode;
  children: (items: readonly Item[]) => ReactNode;
}) {
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => query.refetch()} />;
  if (query.isPending || !query.data) return <Loading label={loading} />;
  const items = query.data.items;
  if (items.length === 0) {
    return typeof empty === "string" ? <EmptyState title={empty} /> : empty;
  }
  const updating = query.isPlaceholderData;
  return (
    <Panel>
      {/* Inert while updating: the rows on screen are the previous filters', not to be acted on. */}
      <div className={updating ? "list-updating" : undefined} aria-busy={updating} inert={updating}>
        {children(items)}
      </div>
      <LoadMore list={{ ...query, data: query.data }} />
    </Panel>
  );
}
