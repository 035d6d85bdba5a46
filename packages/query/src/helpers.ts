import type { CoreClient } from "@commerce-api/client";
import type { QueryClient, QueryKey, Updater } from "@tanstack/query-core";
import type { CommerceError } from "./errors.js";
import type { CommerceQueryOptions, InputArgument } from "./queries.js";

type OptionsOf<Input, Data, Key extends QueryKey> = (
  client: CoreClient,
  input: Input,
) => CommerceQueryOptions<Data, Key>;

type InputOf<Input> = InputArgument<Input>;

/**
 * The everyday cache operations, typed by operation and scoped to one client:
 *
 * ```ts
 * const cache = commerceCache(queryClient, client);
 * await cache.prefetch(listProductsQueryOptions, { limit: 20 });
 * const key = await cache.ensure(getCustomerLicenseKeyQueryOptions, { id });
 * cache.setQueryData(listProductsQueryOptions, { limit: 20 }, (page) => page && { ...page, items: [] });
 * await cache.invalidate(listProductsQueryKey); // every input, every client
 * ```
 *
 * Each takes the operation's own options factory (or key factory), so its input and data
 * are that operation's: a wrong input or a wrong shape of data does not compile.
 */
export function commerceCache(queryClient: QueryClient, client: CoreClient) {
  const optionsOf = <Input, Data, Key extends QueryKey>(
    factory: OptionsOf<Input, Data, Key>,
    input: Input | undefined,
  ) => factory(client, input as Input);
  return {
    /** Fetches into the cache unless fresh data is there (errors are kept in the cache, not thrown). */
    prefetch<Input, Data, Key extends QueryKey>(
      factory: OptionsOf<Input, Data, Key>,
      ...[input]: InputOf<Input>
    ): Promise<void> {
      return queryClient.prefetchQuery<Data, CommerceError, Data, Key>(optionsOf(factory, input));
    },
    /** The cached data, or fetched and cached when there is none (rejects with the typed error). */
    ensure<Input, Data, Key extends QueryKey>(
      factory: OptionsOf<Input, Data, Key>,
      ...[input]: InputOf<Input>
    ): Promise<Data> {
      return queryClient.ensureQueryData<Data, CommerceError, Data, Key>(optionsOf(factory, input));
    },
    /** This client's cached data of the operation for `input`, if any. */
    getQueryData<Input, Data, Key extends QueryKey>(
      factory: OptionsOf<Input, Data, Key>,
      ...[input]: InputOf<Input>
    ): Data | undefined {
      return queryClient.getQueryData<Data, Key>(optionsOf(factory, input).queryKey);
    },
    /** Writes this client's entry of the operation for `input` (an optimistic update, a server answer). */
    setQueryData<Input, Data, Key extends QueryKey>(
      factory: OptionsOf<Input, Data, Key>,
      input: Input,
      updater: Updater<Data | undefined, Data | undefined>,
    ): Data | undefined {
      const { queryKey } = optionsOf(factory, input);
      return queryClient.setQueryData<Data>(queryKey as QueryKey, updater);
    },
    /**
     * Marks the operation's entries stale (every client's: the service changed, whoever looks)
     * and refetches the active ones; with `input`, only the entries whose input has those fields.
     */
    invalidate<Input>(
      key: (input: Input, client?: CoreClient) => QueryKey,
      input?: Partial<Input>,
    ): Promise<void> {
      return queryClient.invalidateQueries({ queryKey: key((input ?? {}) as Input) });
    },
  };
}

/** What `commerceCache` returns. */
export type CommerceCache = ReturnType<typeof commerceCache>;
