// An npm user's Node app, as an ES module: the published client and schemas against the
// sandbox (COMMERCE_BASE_URL, COMMERCE_TOKEN). Prints what it saw as one JSON line.
import { createHmac } from "node:crypto";
import { createClient, InvalidInputError, listProducts } from "@commerce-api/client";
import { verifyWebhook } from "@commerce-api/client/webhooks";
import { ListProductsInput } from "@commerce-api/schemas";
import { isKnownWebhookEvent, WebhookEvent } from "@commerce-api/schemas/webhooks";

const client = createClient({ baseUrl: process.env.COMMERCE_BASE_URL, token: process.env.COMMERCE_TOKEN });
const page = await listProducts(client, { limit: 5 });
const grouped = await client.products.list({ limit: 5 });
let refused = "nothing";
try {
  await listProducts(client, { limit: 0 });
} catch (error) {
  refused = error instanceof InvalidInputError ? "InvalidInputError" : String(error);
}
// A webhook delivery, signed here by the Standard Webhooks scheme with Node's own HMAC: the
// published /webhooks entries verify it and parse an event type they do not know.
const body = JSON.stringify({ type: "member.created", timestamp: new Date().toISOString(), data: {} });
const [id, timestamp] = ["msg_release", String(Math.floor(Date.now() / 1000))];
const signature = createHmac("sha256", "polar_whs_release")
  .update(`${id}.${timestamp}.${body}`)
  .digest("base64");
const headers = { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
const event = WebhookEvent.parse(await verifyWebhook(body, headers, "polar_whs_release"));

console.log(
  JSON.stringify({
    ids: page.items.map((product) => product.id),
    groupedIds: grouped.items.map((product) => product.id),
    refused,
    schemaRefuses: !ListProductsInput.safeParse({ limit: 0 }).success,
    webhook: isKnownWebhookEvent(event) ? "known" : event.type,
  }),
);
