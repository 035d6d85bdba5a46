import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ViteDevServer } from "vite";
import { forward, isApiPath } from "./server/serve.mjs";

const root = join(import.meta.dirname, "..", "..");

/**
 * `vite build` (the release, the e2e walk, `pnpm serve`) bundles the packages' built `dist/`.
 * The dev server (`npm start`, `pnpm dev`) reads the workspace packages' sources instead, so
 * nothing has to be built first: a newcomer sees the app within a minute of the install.
 */
const fromSources = [
  ["@commerce-api/client/core", "packages/client/src/core.ts"],
  ["@commerce-api/client/webhooks", "packages/client/src/webhooks.ts"],
  ["@commerce-api/client", "packages/client/src/index.ts"],
  ["@commerce-api/query", "packages/query/src/index.ts"],
  ["@commerce-api/react/options", "packages/react/src/options.ts"],
  ["@commerce-api/react", "packages/react/src/index.ts"],
  ["@commerce-api/schemas/webhooks", "packages/schemas/src/webhooks.ts"],
  ["@commerce-api/schemas", "packages/schemas/src/index.ts"],
].map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: join(root, file!) }));
/** The dated entry points (`@commerce-api/react/2026-10`), generated beside each package's sources. */
const datedFromSources = {
  find: /^@commerce-api\/(schemas|client|query|react)\/(\d{4}-\d{2})$/,
  replacement: join(root, "packages/$1/src/generated/$2/index.ts"),
};

export default defineConfig(({ command }) => ({
  plugins: [react(), ...(command === "serve" ? [sandboxInDevServer()] : [])],
  // Only COMMERCE_API_* variables reach the bundle (see README: configuration).
  envPrefix: "COMMERCE_API_",
  build: { outDir: "dist", sourcemap: true },
  resolve: {
    ...(command === "serve" ? { alias: [datedFromSources, ...fromSources] } : {}),
    dedupe: ["react", "react-dom", "@tanstack/react-query", "zod"],
  },
  server: process.env.SANDBOX_URL ? { proxy: sandboxProxy(process.env.SANDBOX_URL) } : {},
}));

/** `SANDBOX_URL=http://127.0.0.1:4010 pnpm dev`: a sandbox started apart. */
function sandboxProxy(target: string) {
  return { "/v1": target, "/__sandbox": target };
}

/**
 * The sandbox inside the dev server, from its sources too (`/v1/…`, `/__sandbox/…` at the
 * app's origin, as `server/serve.mjs` does for the built app), sending its webhooks to the
 * app's endpoint (`/api/webhooks`, server/webhooks.mjs). Not with COMMERCE_API_BASE_URL (the
 * app then talks to that service) nor with SANDBOX_URL (proxied instead; start that sandbox
 * with `--webhook <this server>/api/webhooks --webhook-secret "$COMMERCE_WEBHOOK_SECRET"`).
 */
function sandboxInDevServer(): Plugin {
  return {
    name: "commerce-sandbox",
    configureServer(server: ViteDevServer) {
      const service = Boolean(process.env.COMMERCE_API_BASE_URL);
      const given = process.env.COMMERCE_WEBHOOK_SECRET?.trim() || undefined;
      const webhooks = server
        .ssrLoadModule(join(import.meta.dirname, "server/webhooks.mjs"))
        .then((module) => {
          const secret =
            given ?? (service || process.env.SANDBOX_URL ? undefined : module.newWebhookSecret());
          return { module, inbox: secret ? module.createWebhookInbox({ secret }) : undefined };
        });
      // Made at the first request, once the server listens: the sandbox is given the endpoint's URL.
      let sandbox: Promise<{ fetch(request: Request): Promise<Response> }> | undefined;
      const ownSandbox = () => {
        sandbox ??= Promise.all([
          server.ssrLoadModule(join(root, "packages/sandbox/src/index.ts")),
          webhooks,
        ]).then(([module, { inbox }]) => {
          const address = server.httpServer?.address();
          const port = typeof address === "object" && address ? address.port : 0;
          const endpoint = { url: `http://127.0.0.1:${port}/api/webhooks`, secret: inbox.secret };
          return module.createSandbox({ webhooks: [endpoint] });
        });
        return sandbox;
      };
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? "/", "http://portal.local").pathname;
        if (path === "/api/webhooks" || path === "/api/webhooks/received") {
          webhooks
            .then(({ module, inbox }) => {
              if (path === "/api/webhooks/received") {
                res.setHeader("content-type", "application/json");
                res.setHeader("cache-control", "no-store");
                res.end(JSON.stringify(module.receivedBody(inbox)));
              } else if (inbox && req.method === "POST") {
                return inbox.node(req, res);
              } else {
                res.statusCode = 404;
                res.end(
                  "This server receives no webhooks: set COMMERCE_WEBHOOK_SECRET to the endpoint's secret.",
                );
              }
            })
            .catch(next);
          return;
        }
        if (service || process.env.SANDBOX_URL) return next();
        if (path === "/portal-config.json") {
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify({ mode: "sandbox" }));
          return;
        }
        if (!isApiPath(path)) return next();
        if (req.method === "POST" && path === "/__sandbox/reset") {
          // The sandbox's events from before the reset are gone from the Webhooks screen too.
          void webhooks.then(({ inbox }) => inbox?.clear());
        }
        ownSandbox()
          .then((handler) => forward(handler, req, res))
          .catch(next);
      });
    },
  };
}
