// What a change invalidates: the cache helper's `invalidate` and a mutation's own invalidation
// reach every client's entries of the operation (the service changed, whoever looks at it), and
// a mutation resolves only once the active queries have refetched.
import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { MutationObserver, QueryClient, type QueryKey, QueryObserver } from "@tanstack/query-core";
import { beforeEach, describe, expect, it } from "vitest";
import {
  commerceCache,
  deleteCustomFieldMutationOptions,
  listEventsQueryKey,
  listProductsQueryKey,
  listProductsQueryOptions,
} from "../src/index.js";

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z") });
const clientOf = (token: string) =>
  createClient({
    baseUrl: "http://sandbox.local",
    token,
    fetch: (request: Request) => sandbox.fetch(request),
  });
const org = clientOf("polar_oat_acme_all");
const otherOrg = clientOf("polar_oat_acme_all");

beforeEach(() => sandbox.reset());

const isInvalidated = (queryClient: QueryClient, key: QueryKey) =>
  queryClient.getQueryState(key)?.isInvalidated ?? "no entry";

/** A QueryClient holding listProducts for `limit` 2 and 3 and listEvents, for each client. */
function cacheOfTwoClients() {
  const queryClient = new QueryClient();
  for (const client of [org, otherOrg]) {
    for (const limit of [2, 3])
      queryClient.setQueryData(listProductsQueryKey({ limit }, client), { items: [] });
    queryClient.setQueryData(listEventsQueryKey({}, client), { items: [] });
  }
  return queryClient;
}

describe("commerceCache(queryClient, client).invalidate", () => {
  it("marks the operation's entries of every client stale, and no other operation's", async () => {
    const queryClient = cacheOfTwoClients();
    await commerceCache(queryClient, org).invalidate(listProductsQueryKey);
    for (const client of [org, otherOrg]) {
      expect(isInvalidated(queryClient, listProductsQueryKey({ limit: 2 }, client))).toBe(true);
      expect(isInvalidated(queryClient, listProductsQueryKey({ limit: 3 }, client))).toBe(true);
      expect(isInvalidated(queryClient, listEventsQueryKey({}, client))).toBe(false);
    }
  });

  it("with an input, only the entries whose input has those fields, of every client", async () => {
    const queryClient = cacheOfTwoClients();
    await commerceCache(queryClient, otherOrg).invalidate(listProductsQueryKey, { limit: 2 });
    for (const client of [org, otherOrg]) {
      expect(isInvalidated(queryClient, listProductsQueryKey({ limit: 2 }, client))).toBe(true);
      expect(isInvalidated(queryClient, listProductsQueryKey({ limit: 3 }, client))).toBe(false);
    }
  });
});

describe("a mutation's invalidation", () => {
  it("reaches every client's entries, and resolves after the active ones refetched", async () => {
    const queryClient = new QueryClient();
    const products = listProductsQueryOptions(org, { limit: 100 });
    const watched = new QueryObserver(queryClient, products);
    const unsubscribe = watched.subscribe(() => undefined);
    const page = await watched.refetch();
    const field = page.data!.items.flatMap((p) => p.attached_custom_fields)[0]!.custom_field_id;
    const othersEntry = listProductsQueryKey({ limit: 100 }, otherOrg);
    queryClient.setQueryData(othersEntry, page.data);

    await new MutationObserver(queryClient, deleteCustomFieldMutationOptions(org)).mutate({ id: field });
    // Already refetched when the mutation resolves: the screen shows the change at once.
    const fields = queryClient
      .getQueryData(products.queryKey)!
      .items.flatMap((p) => p.attached_custom_fields.map((f) => f.custom_field_id));
    expect(fields).not.toContain(field);
    expect(isInvalidated(queryClient, othersEntry)).toBe(true);
    unsubscribe();
  });
});
