import type {
  QueryKey,
  QueryKeyWithDataTag,
  UnusedSkipTokenOptions,
  UseQueryOptions,
  UseSuspenseQueryOptions,
} from "@tanstack/react-query";
import type { CommerceError } from "./errors.js";

/**
 * What every generated query starts from. `retry: false`: the client already retries what
 * is worth retrying (GET and DELETE on 429, 502, 503, 504, network errors and timeouts,
 * with backoff and `Retry-After`), so a query-level retry would multiply its attempts
 * (TanStack's default of 3 × the client's 3 is 12 requests for one outage), and every
 * other failure (4xx, 500, an invalid input, a response the schema refused) fails the
 * same way again. Pass `retry` to a hook to opt in anyway.
 */
export const queryDefaults = { retry: false } as const;

/** The options a query hook or factory takes: TanStack's, without those the operation decides. */
export type QueryOverrides<Data, Key extends QueryKey> = Omit<
  UseQueryOptions<Data, CommerceError, Data, Key>,
  "queryKey" | "queryFn" | "select"
>;

/** The options a suspense query hook takes. */
export type SuspenseQueryOverrides<Data, Key extends QueryKey> = Omit<
  UseSuspenseQueryOptions<Data, CommerceError, Data, Key>,
  "queryKey" | "queryFn" | "select"
>;

/**
 * What `<op>QueryOptions` returns: options for `useQuery`, `useSuspenseQuery`, `useQueries`,
 * `queryClient.fetchQuery`/`prefetchQuery`/`ensureQueryData`, whose `queryKey` carries the
 * data type (so `queryClient.getQueryData(options.queryKey)` is typed).
 */
export type CommerceQueryOptions<Data, Key extends QueryKey> = UnusedSkipTokenOptions<
  Data,
  CommerceError,
  Data,
  Key
> &
  QueryKeyWithDataTag<Key, Data, CommerceError>;

/** How often an operation that answers `null` ("not ready yet", e.g. a receipt being generated) asks again. */
export const pendingPollIntervalMs = 2000;

/**
 * A `refetchInterval` that polls while the last answer was `null` and stops once there is
 * data, after an error, or when the last observer unmounts (TanStack stops intervals then).
 */
export function pollWhileNull(
  intervalMs: number = pendingPollIntervalMs,
): (query: { readonly state: { readonly status: string; readonly data: unknown } }) => number | false {
  return (query) => (query.state.status === "success" && query.state.data === null ? intervalMs : false);
}
