import { createClient, listProducts, validateLicenseKey } from "@commerce-api/client";
import { startServer } from "@commerce-api/sandbox/server";

const server = await startServer({ port: 0, seed: false });
const { sandbox } = server;
sandbox.add.product({ name: "Pro plan", prices: [{ amount: 2900 }] });
const key = sandbox.add.licenseKey({ customer: sandbox.add.customer(), limitUsage: 10 });

const client = createClient({ baseUrl: server.url, token: "polar_oat_acme_all" });
const products = await listProducts(client, {});
const validated = await validateLicenseKey(client, {
  key: key.key,
  organization_id: key.organization_id,
  increment_usage: 1,
});
console.log(
  products.items.map((p) => p.name),
  validated.usage,
); // [ 'Pro plan' ] 1
await server.close();
