import type { CoreClient } from "@commerce-api/client";
import type { DataTag, QueryFunction, QueryKey, QueryObserverOptions } from "@tanstack/query-core";
import type { CommerceError } from "./errors.js";
import { type ClientScope, clientScope, queryKeyRoot } from "./keys.js";
import type { OperationCall } from "./operations.js";

/**
 * What every generated query starts from. `retry: false`: the client already retries what
 * is worth retrying (GET and DELETE on 429, 502, 503, 504, network errors and timeouts,
 * with backoff and `Retry-After`), so a query-level retry would multiply its attempts
 * (TanStack's default of 3 × the client's 3 is 12 requests for one outage), and every
 * other failure (4xx, 500, an invalid input, a response the schema refused) fails the
 * same way again. Pass `retry` to opt in anyway.
 */
export const queryDefaults = { retry: false } as const;

/** The options a query factory (or a framework's query hook) takes: TanStack's, without those the operation decides. */
export type QueryOverrides<Data, Key extends QueryKey> = Omit<
  QueryObserverOptions<Data, CommerceError, Data, Data, Key>,
  "queryKey" | "queryFn" | "select"
>;

/**
 * What `<op>QueryOptions` returns: options for any TanStack adapter's query (`useQuery`,
 * `createQuery`, `injectQuery`...) and for `queryClient.fetchQuery`/`prefetchQuery`/
 * `ensureQueryData`; its `queryKey` carries the data type (so `getQueryData(options.queryKey)`
 * is typed) and its `queryFn` is always a function (never `skipToken`), as Suspense needs.
 */
export type CommerceQueryOptions<Data, Key extends QueryKey> = QueryObserverOptions<
  Data,
  CommerceError,
  Data,
  Data,
  Key
> & {
  queryKey: DataTag<Key, Data, CommerceError>;
  queryFn: QueryFunction<Data, Key>;
};

/** A query's cache key: the root, the operation's group path, its input, then (for one client's entry) the client. */
export type OperationQueryKey<Path extends readonly string[], Input> =
  | readonly [typeof queryKeyRoot, ...Path, Input]
  | readonly [typeof queryKeyRoot, ...Path, Input, ClientScope];

/** `[input?]` when every field of the input is optional, `[input]` when one is required. */
export type InputArgument<Input> = object extends Input ? [input?: Input] : [input: Input];

/**
 * `<op>QueryKey(input, client?)`: with `client`, the exact key of that client's entry;
 * without it, the prefix of every client's entries (for `invalidateQueries`, `removeQueries`...).
 */
export type QueryKeyFactory<Input, Key extends QueryKey> = (
  ...args: [...InputArgument<Input>, client?: CoreClient]
) => Key;

/** `<op>QueryOptions(client, input, options?)`. */
export type QueryOptionsFactory<Input, Data, Key extends QueryKey> = (
  client: CoreClient,
  ...args: [...InputArgument<Input>, options?: QueryOverrides<Data, Key>]
) => CommerceQueryOptions<Data, Key>;

/** The key factory of an operation under `path` (its group, e.g. `["products", "list"]`). */
export function queryKeyFactory<Input, Key extends QueryKey>(
  path: readonly string[],
): QueryKeyFactory<Input, Key> {
  const key = (input: unknown = {}, client?: CoreClient) =>
    client === undefined
      ? [queryKeyRoot, ...path, input]
      : [queryKeyRoot, ...path, input, clientScope(client)];
  return key as unknown as QueryKeyFactory<Input, Key>;
}

/**
 * The options factory of an operation: its key for the client, its call with the query's
 * `signal` (cancelling the request), `retry` off, then `defaults` (e.g. `pollingWhilePending`)
 * and the caller's options.
 */
export function queryOptionsFactory<Input, Data, Key extends QueryKey>(
  call: OperationCall<Input, Data>,
  key: QueryKeyFactory<Input, Key>,
  defaults?: QueryOverrides<Data, Key>,
): QueryOptionsFactory<Input, Data, Key> {
  const keyFor = key as unknown as (input: Input, client: CoreClient) => Key;
  const options = (client: CoreClient, input = {} as Input, overrides?: QueryOverrides<Data, Key>) => ({
    ...queryDefaults,
    ...defaults,
    ...overrides,
    queryKey: keyFor(input, client),
    queryFn: ({ signal }: { signal: AbortSignal }) => call(client, input, { signal }),
  });
  return options as unknown as QueryOptionsFactory<Input, Data, Key>;
}

/** How often an operation that answers `null` ("not ready yet", e.g. a receipt being generated) asks again. */
export const pendingPollIntervalMs = 2000;

/**
 * A `refetchInterval` that polls while the last answer was `null` and stops once there is
 * data, after an error, or when the last observer goes away (TanStack stops intervals then).
 */
export function pollWhileNull(
  intervalMs: number = pendingPollIntervalMs,
): (query: { readonly state: { readonly status: string; readonly data: unknown } }) => number | false {
  return (query) => (query.state.status === "success" && query.state.data === null ? intervalMs : false);
}

/** The defaults of an operation that answers `null` while not ready: ask again until there is data. */
export const pollingWhilePending = { refetchInterval: pollWhileNull() } as const;
