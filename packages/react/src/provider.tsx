import type { CoreClient } from "@commerce-api/client";
import { createContext, type ReactNode, useContext } from "react";

const ClientContext = createContext<CoreClient | undefined>(undefined);

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
