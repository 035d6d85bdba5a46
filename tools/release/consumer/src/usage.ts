// What a TypeScript user writes against the published types; tsc checks it under
// `node16` and `bundler` resolution. The expected errors prove the types are not `any`.
import { ApiError, type Client, createClient, listProducts } from "@commerce-api/client";
import type { ListProductsInput, ListProductsResponse } from "@commerce-api/schemas";

export const client: Client = createClient({ environment: "sandbox", token: "token" });

export async function productNames(input: ListProductsInput): Promise<string[]> {
  const page: ListProductsResponse = await listProducts(client, input);
  return page.items.map((product) => product.name);
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

// @ts-expect-error `limit` is a number
export const wrongInput: ListProductsInput = { limit: "20" };

// @ts-expect-error operations take the client first
listProducts({ limit: 20 });
