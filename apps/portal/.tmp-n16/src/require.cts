// A CommonJS TypeScript file: under `node16` its imports resolve through the `require`
// conditions, i.e. the packages' `.d.cts` types.
import { createClient, listProducts } from "@commerce-api/client";
import type { ListProductsResponse } from "@commerce-api/schemas";

export async function firstPage(): Promise<ListProductsResponse> {
  return listProducts(createClient({ environment: "sandbox", token: "token" }), { limit: 1 });
}
