#!/usr/bin/env node
// Minified + gzipped browser bundles of apps that make one call, built with esbuild: the
// client as it ships (its generated validators), beside the same client validating with the
// zod schemas of @commerce-api/schemas instead (each generated validator swapped for a shim
// over the schema of the same name, as the client validated before it had validators), and
// beside it validating nothing (each validator a pass-through), which is the client's own share.
// Run after a build: pnpm --filter @commerce-api/client bench
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const entries = {
  "validateLicenseKey via /core": `
    import { createClient, validateLicenseKey } from "ENTRY/core";
    const client = createClient({ environment: "sandbox", token: () => localStorage.getItem("token") });
    export const validate = (key, organization_id) => validateLicenseKey(client, { key, organization_id });`,
  "listEvents via /core": `
    import { createClient, listEvents } from "ENTRY/core";
    const client = createClient({ environment: "sandbox", token: "t" });
    export const list = () => listEvents(client, { limit: 100 });`,
  "validateLicenseKey + grouped facade (main entry)": `
    import { createClient } from "ENTRY/index";
    const client = createClient({ environment: "sandbox", token: "t" });
    export const validate = (key, organization_id) => client.licenseKeys.validate({ key, organization_id });`,
};

const packageDir = new URL("..", import.meta.url).pathname;
const validators = readFileSync(new URL("../src/generated/validators.ts", import.meta.url), "utf8");
const validatorNames = [...validators.matchAll(/^export function (validate\w+)/gm)].map((m) => m[1]);

// Each validator as a zod schema's safeParse, its issues handed on as the client's problems.
const zodShim = {
  name: "zod-validators",
  setup(build) {
    build.onLoad({ filter: /generated[\\/]validators\.ts$/ }, () => ({
      loader: "ts",
      contents: `import * as schemas from "@commerce-api/schemas";
        const shim = (schema) => (value, problems, key) => {
          const result = schema.safeParse(value);
          if (result.success) return result.data;
          for (const issue of result.error.issues)
            problems.push({ ...issue, path: key === undefined ? issue.path : [key, ...issue.path] });
          return value;
        };
        ${validatorNames.map((name) => `export const ${name} = /* @__PURE__ */ shim(schemas.${name.slice("validate".length)});`).join("\n")}`,
    }));
  },
};

// Every validator a pass-through: what the client weighs without validation, for the share of it.
const passThrough = {
  name: "pass-through-validators",
  setup(build) {
    build.onLoad({ filter: /generated[\\/]validators\.ts$/ }, () => ({
      loader: "ts",
      contents: validatorNames.map((name) => `export const ${name} = (value: unknown) => value;`).join("\n"),
    }));
  },
};

async function measure(contents, plugins = []) {
  const result = await build({
    stdin: { contents, resolveDir: packageDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    plugins,
  });
  const code = result.outputFiles[0].contents;
  // KiB (1024 bytes), the unit of the README's tables; the exact byte count beside the gzip.
  const gzipped = gzipSync(code).length;
  return `${(code.length / 1024).toFixed(1)} KiB min, **${(gzipped / 1024).toFixed(1)} KiB gzip** (${gzipped} bytes)`;
}

console.log(
  "| app | as shipped: generated validators (dist) | validating with the zod schemas instead (src) | no validation: every check a pass-through (src) |\n|---|---|---|---|",
);
for (const [name, contents] of Object.entries(entries)) {
  const shipped = await measure(
    contents.replace("ENTRY/core", "./dist/core.js").replace("ENTRY/index", "./dist/index.js"),
  );
  const withZod = await measure(
    contents.replace("ENTRY/core", "./src/core.ts").replace("ENTRY/index", "./src/index.ts"),
    [zodShim],
  );
  const unchecked = await measure(
    contents.replace("ENTRY/core", "./src/core.ts").replace("ENTRY/index", "./src/index.ts"),
    [passThrough],
  );
  console.log(`| ${name} | ${shipped} | ${withZod} | ${unchecked} |`);
}
