// The same app as CommonJS: `require` must reach the packages' CJS builds (the sandbox's
// too: in-process and as a server), and the error classes must be the ones the operations throw.
const { createClient, InvalidInputError, listProducts } = require("@commerce-api/client");
const { createClient: createCoreClient } = require("@commerce-api/client/core");
const { verifyWebhook, WebhookVerificationError } = require("@commerce-api/client/webhooks");
const { ListProductsInput } = require("@commerce-api/schemas");
const { createSandbox } = require("@commerce-api/sandbox");
const { startServer } = require("@commerce-api/sandbox/server");

async function main() {
  const client = createClient({ baseUrl: process.env.COMMERCE_BASE_URL, token: process.env.COMMERCE_TOKEN });
  const core = createCoreClient({
    baseUrl: process.env.COMMERCE_BASE_URL,
    token: process.env.COMMERCE_TOKEN,
  });
  const page = await listProducts(client, { limit: 5 });
  const grouped = await client.products.list({ limit: 5 });
  const fromCore = await listProducts(core, { limit: 5 });
  // The sandbox's own seed, in-process and over HTTP: the same products as the server's.
  const token = process.env.COMMERCE_TOKEN;
  const sandbox = createSandbox();
  const inProcess = createClient({ baseUrl: "http://sandbox.test", fetch: sandbox.fetch, token });
  const sandboxIds = (await listProducts(inProcess, { limit: 5 })).items.map((product) => product.id);
  const server = await startServer({ port: 0 });
  let serverIds;
  try {
    const overHttp = createClient({ baseUrl: server.url, token });
    serverIds = (await listProducts(overHttp, { limit: 5 })).items.map((product) => product.id);
  } finally {
    await server.close();
  }
  let refused = "nothing";
  try {
    await listProducts(core, { limit: 0 });
  } catch (error) {
    refused = error instanceof InvalidInputError ? "InvalidInputError" : String(error);
  }
  // The CJS build of /webhooks: a delivery without its headers is refused with the reason.
  const webhook = await verifyWebhook("{}", {}, "polar_whs_release").catch((error) =>
    error instanceof WebhookVerificationError ? error.reason : String(error),
  );
  console.log(
    JSON.stringify({
      ids: page.items.map((product) => product.id),
      groupedIds: grouped.items.map((product) => product.id),
      coreIds: fromCore.items.map((product) => product.id),
      sandboxIds,
      serverIds,
      refused,
      schemaRefuses: !ListProductsInput.safeParse({ limit: 0 }).success,
      webhook,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
