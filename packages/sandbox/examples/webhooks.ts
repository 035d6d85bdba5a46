import { createWebhookHandler } from "@commerce-api/client/webhooks";
import { createSandbox } from "@commerce-api/sandbox";

const secret = "polar_whs_test-secret";
const paid: string[] = [];
// Your app's webhook route (a Next.js route handler, Hono, a Worker…), as it verifies the service's requests.
const route = createWebhookHandler({
  secret,
  on: {
    "order.paid": (event) => {
      paid.push(event.data.id);
    },
  },
});

const sandbox = createSandbox();
sandbox.webhooks.add({ handler: route, secret });
const customer = sandbox.add.customer();
const order = sandbox.add.order({ customer, product: sandbox.add.product() }); // paid: order.created, order.paid
await sandbox.webhooks.settled();

const delivery = sandbox.webhooks.deliveries.find((d) => d.type === "order.paid");
console.log(paid[0] === order.id, delivery?.status); // true 204
