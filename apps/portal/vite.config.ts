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
  ["@commerce-api/client", "packages/client/src/index.ts"],
  ["@commerce-api/react/options", "packages/react/src/options.ts"],
  ["@commerce-api/react", "packages/react/src/index.ts"],
  ["@commerce-api/schemas", "packages/schemas/src/index.ts"],
].map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: join(root, file!) }));

export default defineConfig(({ command }) => ({
  plugins: [react(), ...(command === "serve" ? [sandboxInDevServer()] : [])],
  // Only COMMERCE_API_* variables reach the bundle (see README: configuration).
  envPrefix: "COMMERCE_API_",
  build: { outDir: "dist", sourcemap: true },
  resolve: {
    ...(command === "serve" ? { alias: fromSources } : {}),
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
 * app's origin, as `server/serve.mjs` does for the built app). Not with COMMERCE_API_BASE_URL
 * (the app then talks to that service) nor with SANDBOX_URL (proxied instead).
 */
function sandboxInDevServer(): Plugin {
  return {
    name: "commerce-sandbox",
    configureServer(server: ViteDevServer) {
      if (process.env.SANDBOX_URL || process.env.COMMERCE_API_BASE_URL) return;
      const sandbox = server
        .ssrLoadModule(join(root, "apps/sandbox/src/index.ts"))
        .then((module) => module.createSandbox());
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? "/", "http://portal.local").pathname;
        if (path === "/portal-config.json") {
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify({ mode: "sandbox" }));
          return;
        }
        if (!isApiPath(path)) return next();
        sandbox.then((handler) => forward(handler, req, res)).catch(next);
      });
    },
  };
}
