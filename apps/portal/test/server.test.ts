/** The server `npm start` runs: the built app and the sandbox at one origin. */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSandbox } from "@commerce-api/sandbox";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { isApiPath, resolveInside, startPortalServer } from "../server/serve.mjs";

let dist: string;
let server: Awaited<ReturnType<typeof startPortalServer>>;
let service: Awaited<ReturnType<typeof startPortalServer>>;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), "portal-dist-"));
  await mkdir(join(dist, "assets"));
  await writeFile(join(dist, "index.html"), "<!doctype html><title>Commerce Portal</title>");
  await writeFile(join(dist, "assets", "index-abc.js"), "console.log('app')");
  await writeFile(join(dist, "favicon.svg"), "<svg/>");
  await writeFile(join(dist, "assets", "index-abc.css"), "body{}");
  await writeFile(join(dist, "robots.unknown"), "?");
  for (const name of [
    "logo.png",
    "favicon.ico",
    "manifest.json",
    "index.js.map",
    "robots.txt",
    "font.woff2",
  ]) {
    await writeFile(join(dist, name), "x");
  }
  server = await startPortalServer({
    distDir: dist,
    makeSandbox: (endpoint) => createSandbox({ webhooks: [endpoint] }),
    port: 0,
  });
  service = await startPortalServer({
    distDir: dist,
    port: 0,
    service: { apiBaseUrl: "https://api.example.com", token: "secret-token" },
  });
});

afterAll(async () => {
  await server?.close();
  await service?.close();
  await rm(dist, { recursive: true, force: true });
});

/** What the app's webhook endpoint kept (GET /api/webhooks/received). */
async function received() {
  return (await (await fetch(`${server.url}/api/webhooks/received`)).json()) as {
    receiving: boolean;
    // biome-ignore lint/suspicious/noExplicitAny: the test reads what it asserts
    received: any[];
  };
}

describe("the portal server", () => {
  test("serves the app at / and at every route of the app (deep links, reloads)", async () => {
    for (const path of ["/", "/org/events?source=user", "/portal/orders/123/receipt"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toContain("<title>Commerce Portal</title>");
    }
  });

  test("serves files with their types; hashed assets cached for good; a missing file is a 404, not the app", async () => {
    const asset = await fetch(`${server.url}/assets/index-abc.js`);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${server.url}/favicon.svg`)).headers.get("content-type")).toBe("image/svg+xml");
    expect((await fetch(`${server.url}/assets/gone.js`)).status).toBe(404);
  });

  test("answers the API and the sandbox's endpoints beside the app", async () => {
    const products = await fetch(`${server.url}/v1/products/?limit=2`, {
      headers: { authorization: "Bearer polar_oat_acme_all" },
    });
    expect(products.status).toBe(200);
    expect((await products.json()).items).toHaveLength(2);
    const fixtures = await fetch(`${server.url}/__sandbox/fixtures`);
    expect((await fixtures.json()).tokens.length).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/__sandbox/reset`, { method: "POST" })).status).toBe(204);
    expect(await (await fetch(`${server.url}/portal-config.json`)).json()).toEqual({ mode: "sandbox" });
  });

  test("in service mode, serves the app alone and tells it where the service is", async () => {
    expect(await (await fetch(`${service.url}/portal-config.json`)).json()).toEqual({
      mode: "service",
      apiBaseUrl: "https://api.example.com",
      token: "secret-token",
    });
    const api = await fetch(`${service.url}/v1/products/`);
    expect(api.status).toBe(404);
    expect(await api.text()).toBe("No sandbox here: the app calls https://api.example.com.");
  });

  test("receives the sandbox's webhooks at /api/webhooks, verified, and lists them newest first", async () => {
    const discount = (await (await fetch(`${server.url}/__sandbox/fixtures`)).json()).ids.discounts[0];
    // The sandbox forgets endpoints added later on reset; the app's is given at its creation: kept.
    expect((await fetch(`${server.url}/__sandbox/reset`, { method: "POST" })).status).toBe(204);
    const deleted = await fetch(`${server.url}/v1/discounts/${discount.id}`, {
      method: "DELETE",
      headers: { authorization: "Bearer polar_oat_acme_all" },
    });
    expect(deleted.status).toBe(204);
    await expect.poll(async () => (await received()).received[0]?.type).toBe("discount.deleted");
    const [arrival] = (await received()).received;
    expect(arrival).toMatchObject({
      verified: true,
      type: "discount.deleted",
      data: { id: discount.id, organization_id: discount.organization_id },
    });
    expect(arrival.webhookId).toMatch(/\S/);
    expect(Date.parse(arrival.receivedAt)).not.toBeNaN();
  });

  test("keeps an idle connection a minute, so a webhook delivery never goes out on one it is closing", async () => {
    const response = await fetch(`${server.url}/api/webhooks/received`);
    expect(response.headers.get("keep-alive")).toBe("timeout=60");
  });

  test("a delivery that fails verification is refused (400) and listed as not verified, with why", async () => {
    const response = await fetch(`${server.url}/api/webhooks`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": "msg_forged",
        "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
        "webhook-signature": "v1,Zm9yZ2Vk",
      },
      body: JSON.stringify({ type: "order.paid", timestamp: new Date().toISOString(), data: {} }),
    });
    expect(response.status).toBe(400);
    expect((await received()).received[0]).toEqual({
      webhookId: "msg_forged",
      receivedAt: expect.any(String),
      verified: false,
      type: "order.paid",
      reason: "bad_signature",
    });
  });

  test("in service mode without a webhook secret, receives none and says so", async () => {
    expect(await (await fetch(`${service.url}/api/webhooks/received`)).json()).toEqual({
      receiving: false,
      endpoint: "/api/webhooks",
      received: [],
    });
    expect((await fetch(`${service.url}/api/webhooks`, { method: "POST", body: "{}" })).status).toBe(404);
  });

  test("never serves a file outside the app's folder", () => {
    expect(resolveInside("/srv/dist", "/../etc/passwd")).toBeUndefined();
    expect(resolveInside("/srv/dist", "/assets/../index.html")).toBe("/srv/dist/index.html");
    // A sibling folder whose name starts like the root's is outside it too.
    expect(resolveInside("/srv/dist", "/../dist-private/key.pem")).toBeUndefined();
    expect(resolveInside("/srv/dist/", "/index.html")).toBe("/srv/dist/index.html");
    expect(resolveInside("/srv/dist", "/")).toBe("/srv/dist/");
    expect(resolveInside("/srv/dist", "")).toBe("/srv/dist");
  });
});

describe("the portal server, request by request", () => {
  test("HEAD answers the headers without the body; other methods on the app are refused with what is allowed", async () => {
    const head = await fetch(`${server.url}/favicon.svg`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("6");
    expect(head.headers.get("cache-control")).toBe("no-cache");
    expect(await head.text()).toBe("");
    const posted = await fetch(`${server.url}/org/events`, { method: "POST" });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET, HEAD");
  });

  test("styles and unknown files get their types; a file is sent whole", async () => {
    const css = await fetch(`${server.url}/assets/index-abc.css`);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await css.text()).toBe("body{}");
    const types = {
      "logo.png": "image/png",
      "favicon.ico": "image/x-icon",
      "manifest.json": "application/json",
      "index.js.map": "application/json",
      "robots.txt": "text/plain; charset=utf-8",
      "font.woff2": "font/woff2",
    };
    for (const [name, type] of Object.entries(types)) {
      const response = await fetch(`${server.url}/${name}`);
      expect([name, response.headers.get("content-type")]).toEqual([name, type]);
    }
    const other = await fetch(`${server.url}/robots.unknown`);
    expect(other.headers.get("content-type")).toBe("application/octet-stream");
    expect(other.headers.get("cache-control")).toBe("no-cache");
  });

  test("a request it cannot read is a 500 with a sentence, and the server goes on", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const broken = await fetch(`${server.url}/%E0%A4%A`);
      expect(broken.status).toBe(500);
      expect(await broken.text()).toBe("The portal server failed to answer.");
      expect(logged).toHaveBeenCalledWith("[portal] could not answer:", expect.any(URIError));
    } finally {
      logged.mockRestore();
    }
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  test("passes the API call's method, headers and body to the sandbox, and its answer back", async () => {
    const fixtures = await (await fetch(`${server.url}/__sandbox/fixtures`)).json();
    const key = fixtures.ids.license_keys[0];
    const validated = await fetch(`${server.url}/v1/license-keys/validate`, {
      method: "POST",
      headers: { authorization: "Bearer polar_oat_acme_all", "content-type": "application/json" },
      body: JSON.stringify({ key: key.key, organization_id: key.organization_id }),
    });
    expect(validated.headers.get("content-type")).toContain("application/json");
    expect(await validated.json()).toMatchObject({ id: key.id });
    expect(validated.status).toBe(200);
    const unauthorized = await fetch(`${server.url}/v1/products/`);
    expect(unauthorized.status).toBe(401);
  });

  test("the API's paths, and only them, go to the sandbox", () => {
    for (const path of ["/v1", "/v1/products/", "/__sandbox", "/__sandbox/reset"]) {
      expect([path, isApiPath(path)]).toEqual([path, true]);
    }
    for (const path of ["/", "/v1x", "/v10/products", "/__sandboxes", "/org/v1/"]) {
      expect([path, isApiPath(path)]).toEqual([path, false]);
    }
  });

  test("the received list is never cached, as JSON", async () => {
    const response = await fetch(`${server.url}/api/webhooks/received`);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("the portal server in other set-ups", () => {
  test("service mode with the dashboard's secret receives and verifies; without a URL or token it says so", async () => {
    const bare = await startPortalServer({
      distDir: dist,
      port: 0,
      service: {},
      webhookSecret: "polar_whs_abc",
    });
    try {
      expect(await (await fetch(`${bare.url}/portal-config.json`)).json()).toEqual({ mode: "service" });
      expect(await (await fetch(`${bare.url}/api/webhooks/received`)).json()).toMatchObject({
        receiving: true,
      });
      const forged = await fetch(`${bare.url}/api/webhooks`, { method: "POST", body: "{}" });
      expect(forged.status).toBe(400);
      const api = await fetch(`${bare.url}/__sandbox/fixtures`);
      expect(api.status).toBe(404);
      expect(await api.text()).toBe("No sandbox here: the app calls the service.");
    } finally {
      await bare.close();
    }
  });

  test("before the app is built, every route says how to build it", async () => {
    const empty = await mkdtemp(join(tmpdir(), "portal-empty-"));
    const unbuilt = await startPortalServer({ distDir: empty, port: 0, service: {} });
    try {
      const response = await fetch(`${unbuilt.url}/org/events`);
      expect(response.status).toBe(503);
      expect(await response.text()).toBe(
        "The app is not built: run `pnpm --filter @commerce-api/portal build`.",
      );
    } finally {
      await unbuilt.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
