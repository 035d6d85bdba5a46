import type { CoreClient } from "./client.js";
import { isRecord } from "./issues.js";
import type { RequestOptions } from "./request.js";

/** What a list operation resolves to: a page of `items` and its `pagination`. */
export interface PageShape {
  readonly items: readonly unknown[];
  readonly pagination?: unknown;
}

/**
 * Any list operation (`listEvents`, `listProducts`...). The input is typed
 * `never` here only so that every operation fits; `paginate` takes the real
 * input type from the operation it is given.
 */
export type PageOperation = (
  client: CoreClient,
  input: never,
  options?: RequestOptions,
) => Promise<PageShape>;

/** The page type of a list operation. */
export type PageOf<Op extends PageOperation> = Awaited<ReturnType<Op>>;
/** The item type of a list operation. */
export type ItemOf<Op extends PageOperation> = PageOf<Op>["items"][number];

/** Items across all pages (`for await`), or whole pages with `.pages()`. Iterating again starts over. */
export interface Paginator<Item, Page> extends AsyncIterable<Item> {
  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined>;
  /** Whole page responses, `pagination` included. */
  pages(): AsyncGenerator<Page, void, undefined>;
}

/**
 * Walks a list operation page by page, from `input.page ?? 1`, lazily: a page
 * is fetched only when the previous one has been consumed, and breaking out of
 * the loop stops fetching. Both pagination forms advance with `page`:
 * offset (`{total_count, max_page}`) stops after `max_page`; cursor
 * (`{has_next_page}`) stops when it is false. An empty page always stops, so a
 * server that keeps saying "more" cannot loop forever. `options` (signal,
 * timeout, retry, headers) apply to every page request.
 */
export function paginate<Op extends PageOperation>(
  op: Op,
  client: CoreClient,
  input: Parameters<Op>[1],
  options?: RequestOptions,
): Paginator<ItemOf<Op>, PageOf<Op>> {
  const pages = () => walkPages(op, client, input, options) as AsyncGenerator<PageOf<Op>, void, undefined>;
  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* page.items as readonly ItemOf<Op>[];
    },
  };
}

async function* walkPages(
  op: PageOperation,
  client: CoreClient,
  input: unknown,
  options: RequestOptions | undefined,
): AsyncGenerator<PageShape, void, undefined> {
  const base = isRecord(input) ? input : {};
  let page = typeof base.page === "number" ? base.page : 1;
  for (;;) {
    options?.signal?.throwIfAborted();
    const result = await op(client, { ...base, page } as never, options);
    yield result;
    if (!hasNextPage(result, page)) return;
    page += 1;
  }
}

function hasNextPage(result: PageShape, page: number): boolean {
  if (result.items.length === 0) return false;
  const pagination = isRecord(result.pagination) ? result.pagination : {};
  if (typeof pagination.has_next_page === "boolean") return pagination.has_next_page;
  if (typeof pagination.max_page === "number") return page < pagination.max_page;
  return false; // an unknown form: stop rather than guess
}
