import type { CoreClient } from "@commerce-api/client";

/** The first element of every query key of this package: `invalidateQueries({ queryKey: [queryKeyRoot] })` reaches them all. */
export const queryKeyRoot = "commerce-api";

/**
 * The last element of a key built for one client: which client's cache entry it is, and
 * whether it holds pages (an infinite query) rather than one response.
 */
export interface ClientScope {
  readonly client: string;
  readonly infinite?: true;
}

/**
 * The clients' cache ids, one registry for every copy of this module: the root entry and each
 * dated entry (`@commerce-api/query/2026-10`) may each hold one (CommonJS builds are not split),
 * and an app may load the ESM and the CommonJS build; a client must have one id in all of them.
 */
interface CacheIdRegistry {
  readonly ids: WeakMap<CoreClient, string>;
  clientsSeen: number;
}
const REGISTRY = Symbol.for("@commerce-api/query.client-cache-ids");
const shared = globalThis as Record<symbol, unknown>;
shared[REGISTRY] ??= { ids: new WeakMap<CoreClient, string>(), clientsSeen: 0 } satisfies CacheIdRegistry;
const registry = shared[REGISTRY] as CacheIdRegistry;
const cacheIds = registry.ids;

/**
 * The id that keeps this client's cache entries apart from every other client's (an
 * organization token and a customer session never share an entry). By default each
 * client object gets its own id the first time a query uses it, e.g.
 * `https://api.example.com#2`; name it with `setClientCacheId` to make keys stable
 * across processes (server rendering, persisted caches).
 */
export function clientCacheId(client: CoreClient): string {
  let id = cacheIds.get(client);
  if (id === undefined) {
    registry.clientsSeen += 1;
    id = `${client.baseUrl}#${registry.clientsSeen}`;
    cacheIds.set(client, id);
  }
  return id;
}

/**
 * Names the client's cache entries, so that the server and the browser (or a persisted
 * cache and the next visit) compute the same keys. Use one name per principal, e.g.
 * `customer:${customerId}`: two clients with the same name share cache entries. Call it
 * right after `createClient`, before any query used the client.
 */
export function setClientCacheId(client: CoreClient, id: string): void {
  if (typeof id !== "string" || id.length === 0) {
    throw new TypeError('setClientCacheId: the id must be a non-empty string, e.g. "customer:42"');
  }
  const current = cacheIds.get(client);
  if (current !== undefined && current !== id) {
    throw new Error(
      `setClientCacheId: this client's queries are already cached as ${JSON.stringify(current)}; name the client right after createClient, before any query uses it`,
    );
  }
  cacheIds.set(client, id);
}

/** The key's last element for `client`; `infinite` for the pages of an infinite query. */
export function clientScope(client: CoreClient, infinite = false): ClientScope {
  return infinite ? { client: clientCacheId(client), infinite: true } : { client: clientCacheId(client) };
}
