#!/usr/bin/env node
// Minified + gzipped browser bundles (esbuild) of a one-operation page per framework: the
// list of products through each adapter, from the packages' ESM builds. Run after a build:
// pnpm turbo run build --filter=./packages/* && node packages/query/bench/pages.mjs
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const client = `import { createClient } from "@commerce-api/client/core";
const client = createClient({ environment: "sandbox", token: "t" });`;

const pages = {
  "@commerce-api/query (QueryObserver, no framework)": {
    dir: "query",
    peers: ["@tanstack/query-core"],
    contents: `${client}
      import { listProductsQueryOptions } from "@commerce-api/query";
      import { QueryClient, QueryObserver } from "@tanstack/query-core";
      new QueryObserver(new QueryClient(), listProductsQueryOptions(client, { limit: 20 })).subscribe(console.log);`,
  },
  "@commerce-api/vue-query (useCommerceQuery)": {
    dir: "vue-query",
    peers: ["vue", "@tanstack/vue-query"],
    contents: `${client}
      import { commercePlugin, listProductsQueryOptions, useCommerceQuery } from "@commerce-api/vue-query";
      import { VueQueryPlugin } from "@tanstack/vue-query";
      import { createApp, defineComponent, h } from "vue";
      const Page = defineComponent({ setup() {
        const products = useCommerceQuery(listProductsQueryOptions, () => ({ limit: 20 }));
        return () => h("ul", products.data.value?.items.map((p) => h("li", p.name)));
      } });
      createApp(Page).use(VueQueryPlugin).use(commercePlugin, client).mount("#root");`,
  },
  "@commerce-api/svelte-query (createCommerceQuery)": {
    dir: "svelte-query",
    // Svelte Query ships .svelte files and runes, which only Svelte's compiler bundles.
    wholeNeedsCompiler: true,
    peers: ["svelte", "svelte/*", "@tanstack/svelte-query"],
    contents: `${client}
      import { createCommerceQuery, listProductsQueryOptions, setCommerceClient } from "@commerce-api/svelte-query";
      import { QueryClient, setQueryClientContext } from "@tanstack/svelte-query";
      export function setup() {
        setQueryClientContext(new QueryClient());
        setCommerceClient(client);
        return createCommerceQuery(listProductsQueryOptions, () => ({ limit: 20 }));
      }`,
  },
  "@commerce-api/solid-query (useCommerceQuery)": {
    dir: "solid-query",
    peers: ["solid-js", "solid-js/*", "@tanstack/solid-query"],
    contents: `${client}
      import { CommerceProvider, listProductsQueryOptions, useCommerceQuery } from "@commerce-api/solid-query";
      import { QueryClient, QueryClientProvider } from "@tanstack/solid-query";
      import { createComponent } from "solid-js";
      import { render } from "solid-js/web";
      const Page = () => {
        const products = useCommerceQuery(listProductsQueryOptions, () => ({ limit: 20 }));
        return products.data?.items.map((p) => p.name).join(", ");
      };
      render(() => createComponent(QueryClientProvider, { client: new QueryClient(), get children() {
        return createComponent(CommerceProvider, { client, get children() { return createComponent(Page, {}); } });
      } }), document.body);`,
  },
  "@commerce-api/angular-query (injectCommerceQuery)": {
    dir: "angular-query",
    peers: ["@angular/*", "@tanstack/angular-query-experimental", "rxjs", "rxjs/*"],
    contents: `${client}
      import { injectCommerceQuery, listProductsQueryOptions, provideCommerceClient } from "@commerce-api/angular-query";
      import { provideTanStackQuery, QueryClient } from "@tanstack/angular-query-experimental";
      export const providers = [provideTanStackQuery(new QueryClient()), provideCommerceClient(client)];
      export const products = () => injectCommerceQuery(listProductsQueryOptions, () => ({ limit: 20 }));`,
  },
};

const packagesDir = new URL("../..", import.meta.url).pathname;
async function measure(contents, dir, external) {
  const result = await build({
    stdin: { contents, resolveDir: `${packagesDir}${dir}`, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    external,
    conditions: ["browser", "production"],
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  const code = result.outputFiles[0].contents;
  return `${(code.length / 1024).toFixed(1)} KB min, ${(gzipSync(code).length / 1024).toFixed(1)} KB gzip`;
}

console.log(
  "| page (listProducts) | whole bundle (framework and TanStack adapter included) | SDK code alone (peers external) |",
);
console.log("|---|---|---|");
for (const [name, page] of Object.entries(pages)) {
  const whole = page.wholeNeedsCompiler
    ? "(needs Svelte's compiler: not measured)"
    : await measure(page.contents, page.dir, []);
  console.log(`| ${name} | ${whole} | ${await measure(page.contents, page.dir, page.peers)} |`);
}
