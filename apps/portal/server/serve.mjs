/**
 * One HTTP server for `pnpm serve` and the e2e walk: the built app (dist/) at `/`, and beside
 * it either the sandbox in-process (`/v1/…`, `/__sandbox/…`), or nothing when the app talks to
 * the real service. The app and the API share one origin, so the app needs no CORS and no URL
 * to find the sandbox: it calls its own origin. The app's webhook endpoint is here too
 * (`POST /api/webhooks`, server/webhooks.mjs): the sandbox is made once the server listens, so
 * it can be given the endpoint's URL and secret and send to it over HTTP.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import {
  createWebhookInbox,
  newWebhookSecret,
  RECEIVED_PATH,
  RESET_PATH,
  receivedBody,
  WEBHOOK_PATH,
} from "./webhooks.mjs";

/** @typedef {{ fetch(request: Request): Promise<Response> }} FetchHandler */

/**
 * @typedef {object} PortalServerOptions
 * @property {string} distDir the built app (vite's outDir)
 * @property {(webhookEndpoint: { url: string, secret: string }) => FetchHandler} [makeSandbox]
 *   makes the sandbox that answers `/v1/…` and `/__sandbox/…`, given the app's webhook endpoint
 *   to send to (`createSandbox({ webhooks: [endpoint] })`: a reset keeps it); absent in service mode
 * @property {{ apiBaseUrl?: string, token?: string }} [service] the real service, from the environment
 * @property {string} [webhookSecret] the endpoint's secret; in sandbox mode a new one by default,
 *   in service mode the one the service's dashboard shows (without it, no webhooks are received)
 * @property {number} [port] 0 picks a free port
 * @property {string} [host] default 127.0.0.1
 */

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * @param {PortalServerOptions} options
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 */
export async function startPortalServer(options) {
  const { port = 0, host = "127.0.0.1" } = options;
  const secret = options.webhookSecret ?? (options.makeSandbox ? newWebhookSecret() : undefined);
  /** @type {Served} */
  const served = { ...options, inbox: secret ? createWebhookInbox({ secret }) : undefined };
  const server = createServer((req, res) => {
    route(served, req, res).catch((error) => {
      console.error("[portal] could not answer:", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("The portal server failed to answer.");
    });
  });
  // The sandbox posts its webhooks here with fetch, which reuses an idle connection until a second
  // before Node's 5 s close; a stalled process misses that second and a delivery fails on a closing
  // socket. A minute, as the sandbox's own server keeps them, leaves that to idle gaps nobody has.
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(undefined);
    });
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  const url = `http://${host}:${address.port}`;
  if (options.makeSandbox && served.inbox) {
    served.sandbox = options.makeSandbox({ url: `${url}${WEBHOOK_PATH}`, secret: served.inbox.secret });
  }
  return {
    url,
    port: address.port,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve(undefined)));
        server.closeAllConnections();
      }),
  };
}

/**
 * @typedef {PortalServerOptions & {
 *   sandbox?: FetchHandler,
 *   inbox?: ReturnType<typeof createWebhookInbox>,
 * }} Served
 */

/**
 * @param {Served} options
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
async function route(options, req, res) {
  const path = new URL(req.url ?? "/", "http://portal.local").pathname;
  if (path === WEBHOOK_PATH && req.method === "POST") {
    if (options.inbox) return options.inbox.node(req, res);
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end("This server receives no webhooks: set COMMERCE_WEBHOOK_SECRET to the endpoint's secret.");
    return;
  }
  if (path === RECEIVED_PATH) return sendJson(res, receivedBody(options.inbox));
  if (isApiPath(path)) {
    if (options.sandbox) {
      if (req.method === "POST" && path === RESET_PATH) options.inbox?.clear();
      return forward(options.sandbox, req, res);
    }
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end(`No sandbox here: the app calls ${options.service?.apiBaseUrl ?? "the service"}.`);
    return;
  }
  if (path === "/portal-config.json") return sendJson(res, runtimeConfig(options));
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  return serveStatic(options.distDir, path, req, res);
}

/** @param {string} path */
export function isApiPath(path) {
  return path.startsWith("/v1/") || path === "/v1" || path === "/__sandbox" || path.startsWith("/__sandbox/");
}

/**
 * What the app reads at start (src/config.ts): where the API is, and whether it is the sandbox.
 * The token is passed on only when the environment sets one (service mode on this machine).
 * @param {Served} options
 */
function runtimeConfig(options) {
  if (options.makeSandbox) return { mode: "sandbox" };
  return {
    mode: "service",
    ...(options.service?.apiBaseUrl ? { apiBaseUrl: options.service.apiBaseUrl } : {}),
    ...(options.service?.token ? { token: options.service.token } : {}),
  };
}

/** @param {import("node:http").ServerResponse} res @param {unknown} body */
function sendJson(res, body) {
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

/**
 * Files from dist/; any other path is a route of the app, so it gets index.html (deep links
 * and reloads work). Hashed assets are cached for good, index.html never.
 * @param {string} distDir @param {string} path
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res
 */
async function serveStatic(distDir, path, req, res) {
  const file = resolveInside(distDir, decodeURIComponent(path));
  const found = file ? await fileStat(file) : undefined;
  if (file && found?.isFile()) return sendFile(file, found.size, req, res);
  if (extname(path) !== "") {
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
    return;
  }
  const index = join(distDir, "index.html");
  const indexStat = await fileStat(index);
  if (!indexStat) {
    res.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
    res.end("The app is not built: run `pnpm --filter @commerce-api/portal build`.");
    return;
  }
  return sendFile(index, indexStat.size, req, res);
}

/** The file a URL path names, or undefined when the path climbs out of the root. */
/** @param {string} root @param {string} path */
export function resolveInside(root, path) {
  const file = normalize(join(root, path));
  return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}

/** @param {string} file */
async function fileStat(file) {
  try {
    return await stat(file);
  } catch {
    return undefined;
  }
}

/**
 * @param {string} file @param {number} size
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res
 */
function sendFile(file, size, req, res) {
  const immutable = file.includes(`${sep}assets${sep}`);
  res.writeHead(200, {
    "content-type":
      CONTENT_TYPES[/** @type {keyof typeof CONTENT_TYPES} */ (extname(file))] ?? "application/octet-stream",
    "content-length": size,
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

/**
 * node:http → the sandbox's fetch handler → node:http.
 * @param {FetchHandler} sandbox
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res
 */
export async function forward(sandbox, req, res) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  let body;
  if (method !== "GET" && method !== "HEAD") {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    if (chunks.length > 0) body = Buffer.concat(chunks).toString("utf8");
  }
  const url = `http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`;
  const response = await sandbox.fetch(new Request(url, { method, headers, ...(body ? { body } : {}) }));
  /** @type {Record<string, string>} */
  const out = {};
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  res.writeHead(response.status, out);
  res.end(Buffer.from(await response.arrayBuffer()));
}
