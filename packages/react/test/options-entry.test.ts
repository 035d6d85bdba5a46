// @vitest-environment node
import { fileURLToPath } from "node:url";
import { listProducts } from "@commerce-api/client/core";
import * as core from "@commerce-api/query";
import { QueryClient } from "@tanstack/react-query";
import { build } from "esbuild";
import { beforeEach, describe, expect, it } from "vitest";
import * as options from "../src/options.js";
import { orgToken, requests, resetSandbox, sandboxClient } from "./support.js";

beforeEach(resetSandbox);

describe("@commerce-api/react/options", () => {
  it("holds the keys and options factories, and never loads React (server code, loaders)", async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL("../src/options.ts", import.meta.url))],
      bundle: true,
      write: false,
      format: "esm",
      metafile: true,
      // The peers and the client stay imports, so the output shows what the entry point asks for.
      packages: "external",
    });
    const [output] = Object.values(result.metafile.outputs);
    // Which modules, not how many import statements: esbuild keeps one per source file.
    const imported = [...new Set(output!.imports.map((i) => i.path))].sort();
    // The framework-free core, re-exported: no React, not even TanStack's React adapter.
    expect(imported).toEqual(["@commerce-api/query"]);
    expect(Object.keys(result.metafile.inputs).some((path) => path.includes("provider"))).toBe(false);
  });

  it("fills a QueryClient with no React around (prefetch, then read by key)", async () => {
    const client = sandboxClient(orgToken);
    const queryClient = new QueryClient();
    const productOptions = options.listProductsQueryOptions(client, { limit: 2 });
    await queryClient.prefetchQuery(productOptions);
    expect(queryClient.getQueryData(productOptions.queryKey)).toEqual(
      await listProducts(client, { limit: 2 }),
    );
    expect(requests).toHaveLength(2);
    expect("useListProducts" in options).toBe(false);
  });

  it("re-exports the core's factories as they are (the same functions, not wrappers)", () => {
    expect(options.listProductsQueryOptions).toBe(core.listProductsQueryOptions);
    expect(options.listEventsInfiniteQueryOptions).toBe(core.listEventsInfiniteQueryOptions);
    expect(options.validateLicenseKeyMutationOptions).toBe(core.validateLicenseKeyMutationOptions);
    expect(options.setClientCacheId).toBe(core.setClientCacheId);
  });
});
