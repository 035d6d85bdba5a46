import { type ClientOptions, createClient } from "@commerce-api/client/core";
import {
  CommerceProvider,
  listProductsQueryOptions,
  setClientCacheId,
  useListProducts,
} from "@commerce-api/react";
import {
  type DehydratedState,
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from "@tanstack/react-query";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";

function Products() {
  const { data } = useListProducts({ limit: 5 });
  return (
    <ul>
      {data?.items.map((p) => (
        <li key={p.id}>{p.name}</li>
      ))}
    </ul>
  );
}

function Page(props: {
  client: ReturnType<typeof createClient>;
  queryClient: QueryClient;
  state: DehydratedState;
}) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <CommerceProvider client={props.client}>
        <HydrationBoundary state={props.state}>
          <Products />
        </HydrationBoundary>
      </CommerceProvider>
    </QueryClientProvider>
  );
}

/** One name per principal on both sides, so the browser computes the keys the server filled. */
function sessionClient(options: ClientOptions) {
  const client = createClient(options);
  setClientCacheId(client, "organization:acme");
  return client;
}

// On the server, per request: prefetch, render, and send the dehydrated cache with the HTML.
export async function renderPage(options: ClientOptions): Promise<{ html: string; state: string }> {
  const client = sessionClient(options);
  const queryClient = new QueryClient(); // one per request: never share a cache between users
  await queryClient.prefetchQuery(listProductsQueryOptions(client, { limit: 5 }));
  const state = dehydrate(queryClient);
  const html = renderToString(<Page client={client} queryClient={queryClient} state={state} />);
  return { html, state: JSON.stringify(state) };
}

// In the browser: hydrate the server's HTML with its cache; no request for what it sent.
export function hydratePage(container: Element, state: string, options: ClientOptions): QueryClient {
  const client = sessionClient(options);
  // Fresh for a minute: the server's data is not refetched the moment the page hydrates.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  hydrateRoot(container, <Page client={client} queryClient={queryClient} state={JSON.parse(state)} />);
  return queryClient;
}
