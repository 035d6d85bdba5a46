// app/api/webhooks/route.ts: a Next.js route handler (App Router).
import { createWebhookHandler } from "@commerce-api/client/webhooks";
import { recordPayment } from "./orders";

export const POST = createWebhookHandler({
  secret: process.env.COMMERCE_WEBHOOK_SECRET!,
  on: {
    "order.paid": async (event, { webhookId }) => {
      // event.data is the Order; webhookId is the same for every retry of this delivery.
      await recordPayment(event.data.id, event.data.total_amount, webhookId);
    },
  },
  onUnknown: (event) => console.log(`no handler yet for ${event.type}`),
});
