// An npm user's Node app, as an ES module: the published client and schemas against the
// sandbox (COMMERCE_BASE_URL, COMMERCE_TOKEN). Prints what it saw as one JSON line.
import { createClient, InvalidInputError, listProducts } from "@commerce-api/client";
import { ListProductsInput } from "@commerce-api/schemas";

const client = createClient({ baseUrl: process.env.COMMERCE_BASE_URL, token: process.env.COMMERCE_TOKEN });
const page = await listProducts(client, { limit: 5 });
const grouped = await client.products.list({ limit: 5 });
let refused = "nothing";
try {
  await listProducts(client, { limit: 0 });
} catch (error) {
  refused = error instanceof InvalidInputError ? "InvalidInputError" : String(error);
}
console.log(
  JSON.stringify({
    ids: page.items.map((product) => product.id),
    groupedIds: grouped.items.map((product) => product.id),
    refused,
    schemaRefuses: !ListProductsInput.safeParse({ limit: 0 }).success,
  }),
);
