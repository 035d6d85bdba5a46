// What a TypeScript user writes against the published types; tsc checks it under
// `node16` and `bundler` resolution. The expected errors prove the types are not `any`.
import { ApiError, type Client, createClient, listProducts, Product } from "@commerce-api/client";
import { verifyWebhook, type WebhookEvent } from "@commerce-api/client/webhooks";
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

// The client re-exports the resource types as types: parsing is the schemas package's.

export function productOf(value: unknown): Product {
  // @ts-expect-error `Product` from the client is a type only: the schema is @commerce-api/schemas'
  return Product.parse(value);
}

export async function eventOf(body: string, headers: Headers): Promise<WebhookEvent["type"]> {
  return (await verifyWebhook(body, headers, "whsec_c2VjcmV0")).type;
}
