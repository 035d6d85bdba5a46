// A Hono app (Node, Bun, Deno, Cloudflare Workers alike).
import { createWebhookHandler } from "@commerce-api/client/webhooks";
import { Hono } from "hono";
import { recordPayment } from "./orders";

const webhooks = createWebhookHandler({
  secret: process.env.COMMERCE_WEBHOOK_SECRET!,
  on: {
    "order.paid": (event, { webhookId }) => recordPayment(event.data.id, event.data.total_amount, webhookId),
  },
});

export const app = new Hono();
app.post("/webhooks", (c) => webhooks(c.req.raw));
