#!/usr/bin/env node
// Minified + gzipped browser bundles of apps that make one call, built with esbuild from
// the package's ESM build. Run after a build: pnpm --filter @commerce-api/client bench
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const entries = {
  "validateLicenseKey via /core": `
    import { createClient, validateLicenseKey } from "./dist/core.js";
    const client = createClient({ environment: "sandbox", token: () => localStorage.getItem("token") });
    export const validate = (key, organization_id) => validateLicenseKey(client, { key, organization_id });`,
  "listEvents via /core": `
    import { createClient, listEvents } from "./dist/core.js";
    const client = createClient({ environment: "sandbox", token: "t" });
    export const list = () => listEvents(client, { limit: 100 });`,
  "validateLicenseKey + grouped facade (main entry)": `
    import { createClient } from "./dist/index.js";
    const client = createClient({ environment: "sandbox", token: "t" });
    export const validate = (key, organization_id) => client.licenseKeys.validate({ key, organization_id });`,
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
  });
  const code = result.outputFiles[0].contents;
  return `${(code.length / 1024).toFixed(1)} KB min, ${(gzipSync(code).length / 1024).toFixed(1)} KB gzip`;
}

// zod is a peer dependency: an app that validates anything already ships it, so the
// SDK's own share is reported apart from the whole bundle.
console.log("| app | whole bundle (with zod) | SDK code alone (zod external) |\n|---|---|---|");
for (const [name, contents] of Object.entries(entries)) {
  console.log(`| ${name} | ${await measure(contents, [])} | ${await measure(contents, ["zod", "zod/*"])} |`);
}
