/**
 * What `npm start` serves (server/dev.mjs: Vite's dev server with vite.config.ts's sandbox
 * plugin), in process: the app's configuration, the sandbox from its sources at the app's
 * origin, and the webhook endpoint the sandbox sends to.
 */
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const appDir = join(import.meta.dirname, "..");
let server: ViteDevServer;
let url: string;

/** The dev server as `npm start` makes it, with `env` set while its plugin reads the environment. */
async function startDevServer(env: Record<string, string> = {}) {
  const saved = Object.keys(env).map((key) => [key, process.env[key]] as const);
  Object.assign(process.env, env);
  try {
    const dev = await createServer({
      root: appDir,
      configFile: join(appDir, "vite.config.ts"),
      logLevel: "silent",
      server: { host: "127.0.0.1", port: 0, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    await dev.listen();
    const address = dev.httpServer?.address();
    return { dev, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

beforeAll(async () => {
  ({ dev: server, url } = await startDevServer());
});

afterAll(async () => {
  await server?.close();
});

const acme = { authorization: "Bearer polar_oat_acme_all" };

describe("npm start's server", () => {
  test("tells the app it runs against the sandbox, which answers at the same origin", async () => {
    const config = await fetch(`${url}/portal-config.json`);
    expect(config.headers.get("content-type")).toBe("application/json");
    expect(await config.json()).toEqual({ mode: "sandbox" });
    const products = await fetch(`${url}/v1/products/?limit=1`, { headers: acme });
    expect(products.status).toBe(200);
    expect((await products.json()).items).toHaveLength(1);
    expect((await fetch(`${url}/__sandbox/fixtures`)).status).toBe(200);
  });

  test("the sandbox signs and sends its events to the app's endpoint, which lists them verified", async () => {
    const received = async () =>
      (await (await fetch(`${url}/api/webhooks/received`)).json()) as {
        receiving: boolean;
        endpoint: string;
        received: { type: string; verified: boolean }[];
      };
    expect(await received()).toMatchObject({ receiving: true, endpoint: "/api/webhooks" });
    const fixtures = await (await fetch(`${url}/__sandbox/fixtures`)).json();
    const discount = fixtures.ids.discounts[0];
    expect(
      (await fetch(`${url}/v1/discounts/${discount.id}`, { method: "DELETE", headers: acme })).status,
    ).toBe(204);
    await expect
      .poll(async () => (await received()).received[0])
      .toMatchObject({
        type: "discount.deleted",
        verified: true,
      });
    const list = await fetch(`${url}/api/webhooks/received`);
    expect(list.headers.get("cache-control")).toBe("no-store");
  });

  test("a delivery not signed with the endpoint's secret is refused; only POST delivers", async () => {
    const forged = await fetch(`${url}/api/webhooks`, {
      method: "POST",
      headers: { "webhook-id": "msg_forged", "webhook-timestamp": "1", "webhook-signature": "v1,Zm9yZ2Vk" },
      body: "{}",
    });
    expect(forged.status).toBe(400);
    expect((await fetch(`${url}/api/webhooks`)).status).toBe(404);
  });
});

describe("npm start's server against the real service", () => {
  test("serves no sandbox and receives no webhooks without the endpoint's secret", async () => {
    const { dev, url: serviceUrl } = await startDevServer({
      COMMERCE_API_BASE_URL: "https://api.example.com",
    });
    try {
      expect(await (await fetch(`${serviceUrl}/api/webhooks/received`)).json()).toEqual({
        receiving: false,
        endpoint: "/api/webhooks",
        received: [],
      });
      const delivered = await fetch(`${serviceUrl}/api/webhooks`, { method: "POST", body: "{}" });
      expect(delivered.status).toBe(404);
      expect(await delivered.text()).toBe(
        "This server receives no webhooks: set COMMERCE_WEBHOOK_SECRET to the endpoint's secret.",
      );
      const config = await fetch(`${serviceUrl}/portal-config.json`);
      expect(config.headers.get("content-type")).not.toBe("application/json");
      expect((await fetch(`${serviceUrl}/__sandbox/fixtures`)).headers.get("content-type")).not.toBe(
        "application/json",
      );
    } finally {
      await dev.close();
    }
  });
});
