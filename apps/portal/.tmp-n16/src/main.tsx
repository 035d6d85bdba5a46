// The page's entry: the bare client from `/core` (the grouped facade would bring every
// operation), the query client and the provider, as the react README shows.
import { createClient } from "@commerce-api/client/core";
import { CommerceProvider } from "@commerce-api/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRoot } from "react-dom/client";
import { ProductList } from "./ProductList.js";

const client = createClient({
  baseUrl: "http://127.0.0.1:4010",
  token: () => sessionStorage.getItem("commerce-token") ?? "",
});

createRoot(document.getElementById("root")!).render(
  <QueryClientProvider client={new QueryClient()}>
    <CommerceProvider client={client}>
      <ProductList />
    </CommerceProvider>
  </QueryClientProvider>,
);
