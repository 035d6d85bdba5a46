import { type CoreClient, isClient } from "./client.js";
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

/** A grouped list method, already bound to its client (`client.events.list`). */
export type PageMethod = (input: never, options?: RequestOptions) => Promise<PageShape>;

/** The page type of a list operation or grouped list method. */
export type PageOf<Op extends PageOperation | PageMethod> = Awaited<ReturnType<Op>>;
/** The item type of a list operation or grouped list method. */
export type ItemOf<Op extends PageOperation | PageMethod> = PageOf<Op>["items"][number];

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
 *
 * Takes a standalone operation and a client, `paginate(listEvents, client, input)`,
 * or a grouped method, which carries its client: `paginate(client.events.list, input)`.
 */
export function paginate<Op extends PageOperation>(
  op: Op,
  client: CoreClient,
  input: Parameters<Op>[1],
  options?: RequestOptions,
): Paginator<ItemOf<Op>, PageOf<Op>>;
export function paginate<Method extends PageMethod>(
  method: Method,
  input: Parameters<Method>[0],
  options?: RequestOptions,
): Paginator<ItemOf<Method>, PageOf<Method>>;
export function paginate(
  op: PageOperation | PageMethod,
  ...rest:
    | [client: CoreClient, input: unknown, options?: RequestOptions]
    | [input: unknown, options?: RequestOptions]
): Paginator<unknown, PageShape> {
  const fetchPage = pageFetcher(op, rest);
  const pages = () => walkPages(fetchPage.call, fetchPage.input, fetchPage.options);
  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* page.items;
    },
  };
}

type FetchPage = (input: Record<string, unknown>, options: RequestOptions | undefined) => Promise<PageShape>;

/** Both forms as one: a function of (input, options), the first input and the options. */
function pageFetcher(
  op: PageOperation | PageMethod,
  rest: readonly unknown[],
): { call: FetchPage; input: unknown; options: RequestOptions | undefined } {
  if (isClient(rest[0])) {
    const client = rest[0];
    const operation = op as PageOperation;
    return {
      call: (input, options) => operation(client, input as never, options),
      input: rest[1],
      options: rest[2] as RequestOptions | undefined,
    };
  }
  const method = op as PageMethod;
  return {
    call: (input, options) => method(input as never, options),
    input: rest[0],
    options: rest[1] as RequestOptions | undefined,
  };
}

async function* walkPages(
  fetchPage: FetchPage,
  input: unknown,
  options: RequestOptions | undefined,
): AsyncGenerator<PageShape, void, undefined> {
  const base = isRecord(input) ? input : {};
  let page = typeof base.page === "number" ? base.page : 1;
  for (;;) {
    options?.signal?.throwIfAborted();
    const result = await fetchPage({ ...base, page }, options);
    yield result;
    const next = nextPageNumber(result, page);
    if (next === undefined) return;
    page = next;
  }
}

/**
 * The number of the page after `page`, or `undefined` when `result` (page number `page`)
 * is the last, in both pagination forms: offset (`max_page`: more while the page number is
 * below it) and cursor (`has_next_page`). An empty page always ends the list, so a service
 * that keeps saying "more" cannot make a walk loop. `paginate` and the React bindings'
 * infinite queries both follow this rule.
 */
export function nextPageNumber(result: PageShape, page: number): number | undefined {
  if (result.items.length === 0) return undefined;
  const pagination = isRecord(result.pagination) ? result.pagination : {};
  if (typeof pagination.has_next_page === "boolean") return pagination.has_next_page ? page + 1 : undefined;
  if (typeof pagination.max_page === "number") return page < pagination.max_page ? page + 1 : undefined;
  return undefined; // an unknown form: stop rather than guess
}
