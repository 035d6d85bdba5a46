import { type ClientOptions, type CoreClient, createClient } from "@commerce-api/client/core";
import { createSandbox, type Sandbox } from "@commerce-api/sandbox";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { CommerceProvider } from "../src/index.js";

/** One sandbox for a test file: creating one seeds hundreds of records. */
export const sandbox: Sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z") });
export const fixtures = sandbox.fixtures;

export const orgToken = "polar_oat_acme_all";
export const aliceToken = "polar_cst_acme_alice";
export const bobToken = "polar_cst_acme_bob";

/** Every request that reached the sandbox, in order (method and path). */
/** A seeded license key held by a seat member (named from API version 2026-10), and its customer's session token. */
export const heldKey = fixtures.ids.license_keys.find((key) => key.member_id !== null)!;
export const heldKeyToken = fixtures.tokens.find(
  (candidate) => candidate.kind === "customer_session" && candidate.customer_id === heldKey.customer_id,
)!.token;

export const requests: string[] = [];

/** The sandbox's fetch, recording what it is asked. */
export function recordingFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  requests.push(`${request.method} ${url.pathname}`);
  return sandbox.fetch(request);
}

export function resetSandbox(): void {
  sandbox.reset();
  requests.length = 0;
}

/** A client of the in-process sandbox; retries wait 1 ms so failure tests stay fast. */
export function sandboxClient(token: string, options: ClientOptions = {}): CoreClient {
  return createClient({
    baseUrl: "http://sandbox.local",
    token,
    fetch: recordingFetch,
    retry: { initialDelayMs: 1, maxDelayMs: 1 },
    ...options,
  });
}

/** A fresh cache; TanStack's own defaults stay on (retry: 3 included) unless `options` says otherwise. */
export function newQueryClient(options: ConstructorParameters<typeof QueryClient>[0] = {}): QueryClient {
  return new QueryClient({
    ...options,
    defaultOptions: {
      ...options.defaultOptions,
      queries: { retryDelay: 1, ...options.defaultOptions?.queries },
    },
  });
}

function Providers({
  queryClient,
  client,
  children,
}: {
  queryClient: QueryClient;
  client: CoreClient;
  children?: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <CommerceProvider client={client}>{children}</CommerceProvider>
    </QueryClientProvider>
  );
}

/** A React Testing Library wrapper: the query cache, then the commerce client. */
export function providers(queryClient: QueryClient, client: CoreClient) {
  return ({ children }: { children?: ReactNode }) => (
    <Providers queryClient={queryClient} client={client}>
      {children}
    </Providers>
  );
}

export function customerOf(token: string): string {
  const found = fixtures.tokens.find((t) => t.token === token)?.customer_id;
  if (!found) throw new Error(`no customer for ${token}`);
  return found;
}
