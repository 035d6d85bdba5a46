#!/usr/bin/env node
// Minified + gzipped browser bundles of pages that use one hook, built with esbuild from the
// package's ESM build (and the client's). Run after a build: pnpm --filter @commerce-api/react bench
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const entries = {
  "useListProducts (one query hook)": `
    import { createClient } from "@commerce-api/client/core";
    import { CommerceProvider, useListProducts } from "./dist/index.js";
    import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
    import { createElement as h } from "react";
    const client = createClient({ environment: "sandbox", token: () => localStorage.getItem("token") });
    function Products() {
      const { data } = useListProducts({ limit: 20 });
      return h("ul", null, data?.items.map((p) => h("li", { key: p.id }, p.name)));
    }
    export const App = () => h(QueryClientProvider, { client: new QueryClient() }, h(CommerceProvider, { client }, h(Products)));`,
  "useListEventsInfinite (one infinite hook)": `
    import { createClient } from "@commerce-api/client/core";
    import { CommerceProvider, useListEventsInfinite } from "./dist/index.js";
    import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
    import { createElement as h } from "react";
    const client = createClient({ environment: "sandbox", token: "t" });
    function Events() {
      const { data, fetchNextPage } = useListEventsInfinite({ limit: 50 });
      return h("button", { onClick: () => fetchNextPage() }, data?.items.length);
    }
    export const App = () => h(QueryClientProvider, { client: new QueryClient() }, h(CommerceProvider, { client }, h(Events)));`,
  "useValidateLicenseKey (one mutation hook)": `
    import { createClient } from "@commerce-api/client/core";
    import { CommerceProvider, useValidateLicenseKey } from "./dist/index.js";
    import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
    import { createElement as h } from "react";
    const client = createClient({ environment: "sandbox", token: "t" });
    function Validate() {
      const { mutate } = useValidateLicenseKey();
      return h("button", { onClick: () => mutate({ key: "K", organization_id: "o" }) }, "validate");
    }
    export const App = () => h(QueryClientProvider, { client: new QueryClient() }, h(CommerceProvider, { client }, h(Validate)));`,
  "every hook (import *)": `
    import * as hooks from "./dist/index.js";
    export const all = hooks;`,
};

const packageDir = new URL("..", import.meta.url).pathname;
async function measure(contents, external) {
  const result = await build({
    stdin: { contents, resolveDir: packageDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    external,
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const code = result.outputFiles[0].contents;
  return `${(code.length / 1024).toFixed(1)} KB min, ${(gzipSync(code).length / 1024).toFixed(1)} KB gzip`;
}

// React, TanStack Query and zod are peer dependencies: the app ships them whatever it uses.
// The last column is the SDK's own share: the hooks, the client runtime and the operation.
const peers = ["react", "react-dom", "react/*", "@tanstack/react-query", "zod", "zod/*"];
console.log(
  "| page | whole bundle (React and TanStack Query included) | SDK code alone (peers external) |\n|---|---|---|",
);
for (const [name, contents] of Object.entries(entries)) {
  console.log(`| ${name} | ${await measure(contents, [])} | ${await measure(contents, peers)} |`);
}
