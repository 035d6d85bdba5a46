import type { CoreClient } from "@commerce-api/client";
import { type Context, createContext, type ReactNode, useContext } from "react";

/**
 * One context for every copy of this module: the root entry, `/options` and each dated entry
 * (`@commerce-api/react/2026-10`) are built whole, each with its own copy, and an app's ESM and
 * CommonJS may load two more; a provider from one must serve the hooks of every other.
 */
const CONTEXT = Symbol.for("@commerce-api/react.client-context");
const shared = globalThis as Record<symbol, unknown>;
shared[CONTEXT] ??= createContext<CoreClient | undefined>(undefined);
const ClientContext = shared[CONTEXT] as Context<CoreClient | undefined>;

export interface CommerceProviderProps {
  /** The client the hooks below this provider call through (from `createClient`). */
  client: CoreClient;
  children?: ReactNode;
}

/** Makes `client` available to the hooks of its subtree. Place it inside a QueryClientProvider. */
export function CommerceProvider({ client, children }: CommerceProviderProps) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

/** The client of the nearest CommerceProvider. */
export function useCommerceClient(): CoreClient {
  const client = useContext(ClientContext);
  if (!client) {
    throw new Error(
      "useCommerceClient: no client found; wrap your components in <CommerceProvider client={client}>",
    );
  }
  return client;
}
