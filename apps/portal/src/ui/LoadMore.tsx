/** The foot of an infinite list: how much is shown, and a button for the next page. */
export function LoadMore({
  shown,
  total,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: {
  shown: number;
  total?: number | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="load-more">
      <span className="muted" aria-live="polite">
        {total === undefined ? `${shown} shown` : `${shown} of ${total} shown`}
      </span>
      {hasNextPage ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={onLoadMore}
          disabled={isFetchingNextPage}
        >
          {isFetchingNextPage ? "Loading…" : "Load more"}
        </button>
      ) : shown > 0 ? (
        <span className="muted">End of the list</span>
      ) : null}
    </div>
  );
}

/** `total_count` of an offset-paginated list, undefined for the cursor form. */
export function totalOf(pages: readonly { pagination: unknown }[] | undefined): number | undefined {
  const pagination = pages?.[0]?.pagination;
  return typeof pagination === "object" && pagination !== null && "total_count" in pagination
    ? Number(pagination.total_count)
    : undefined;
}
