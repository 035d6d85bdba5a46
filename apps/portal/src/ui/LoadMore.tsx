/** What the foot of a list reads from a `use<Op>Infinite` result (pages, flat items, next page). */
export interface InfiniteList {
  data: { items: readonly unknown[]; pages: readonly { pagination: unknown }[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The foot of an infinite list: how much is shown, and a button for the next page. */
export function LoadMore({ list }: { list: InfiniteList }) {
  const shown = list.data.items.length;
  const total = totalOf(list.data.pages);
  return (
    <div className="load-more">
      <span className="muted" aria-live="polite">
        {total === undefined ? `${shown} shown` : `${shown} of ${total} shown`}
      </span>
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? "Loading…" : "Load more"}
        </button>
      ) : shown > 0 ? (
        <span className="muted">End of the list</span>
      ) : null}
    </div>
  );
}

/** `total_count` of an offset-paginated list, undefined for the cursor form. */
function totalOf(pages: readonly { pagination: unknown }[]): number | undefined {
  const pagination = pages[0]?.pagination;
  return typeof pagination === "object" && pagination !== null && "total_count" in pagination
    ? Number(pagination.total_count)
    : undefined;
}
