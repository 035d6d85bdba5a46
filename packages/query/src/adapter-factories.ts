import type { CoreClient } from "@commerce-api/client";
import type { QueryKey } from "@tanstack/query-core";
import type { CommerceMutationOptions, MutationOverrides } from "./mutations.js";
import type { CommerceInfiniteQueryOptions, InfiniteQueryOverrides, PageLike } from "./pages.js";
import type { CommerceQueryOptions, QueryOverrides } from "./queries.js";

/**
 * The factories as a framework adapter takes them (`useCommerceQuery(listProductsQueryOptions, ...)`):
 * any `<op>QueryOptions`, with the input as one parameter so an adapter's generic function
 * infers `Input`, `Data` and `Key` from the factory it is given.
 */
export type AdapterQueryFactory<Input, Data, Key extends QueryKey> = (
  client: CoreClient,
  input: Input,
  options?: QueryOverrides<Data, Key>,
) => CommerceQueryOptions<Data, Key>;

/** Any `<op>InfiniteQueryOptions`, as a framework adapter takes it. */
export type AdapterInfiniteQueryFactory<Input, Page extends PageLike, Key extends QueryKey> = (
  client: CoreClient,
  input: Input,
  options?: InfiniteQueryOverrides<Page, Key>,
) => CommerceInfiniteQueryOptions<Page, Key>;

/** Any `<op>MutationOptions`, as a framework adapter takes it. */
export type AdapterMutationFactory<Result, Input> = (
  client: CoreClient,
  options?: MutationOverrides<Result, Input>,
) => CommerceMutationOptions<Result, Input>;
