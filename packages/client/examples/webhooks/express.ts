// An Express app whose JSON body parser runs for every route, the webhook route included.
import { createWebhookHandler, keepRawBody, toNodeHandler } from "@commerce-api/client/webhooks";
import express from "express";
import { recordPayment } from "./orders";

export const app: express.Express = express();
// keepRawBody keeps the bytes the parser read, which the signature is over.
app.use(express.json({ verify: keepRawBody }));

const webhooks = createWebhookHandler({
  secret: process.env.COMMERCE_WEBHOOK_SECRET!,
  on: {
    "order.paid": (event, { webhookId }) => recordPayment(event.data.id, event.data.total_amount, webhookId),
  },
});
app.post("/webhooks", toNodeHandler(webhooks));
