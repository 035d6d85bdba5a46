#!/usr/bin/env node
// What a dated entry point costs against the root, as a user's app and compiler meet them:
// the minified + gzipped bundle of an app making one call (esbuild, from the built dist/), and
// the declarations a consumer's type check loads from our packages and how long it takes
// (TypeScript 5.9, `moduleResolution: bundler`, the median of several checks in this process).
// Run after a build: pnpm --filter @commerce-api/client bench:dated

import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import ts from "typescript";

const packageDir = new URL("..", import.meta.url).pathname;
const entries = { root: "@commerce-api/client", "2026-10": "@commerce-api/client/2026-10" };
const app = (entry) => `
  import { createClient, validateLicenseKey } from "${entry}";
  const client = createClient({ environment: "sandbox", token: () => localStorage.getItem("token") ?? undefined });
  export const validate = (key${"/*: string*/"}, organization_id${"/*: string*/"}) => validateLicenseKey(client, { key, organization_id });`;

async function bundleBytes(entry) {
  const result = await build({
    stdin: { contents: app(entry), resolveDir: packageDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code).length };
}

/** The declarations of ours a consumer's check of `entry` reads, and its median time over `runs`. */
function typeCheck(entry, runs = 5) {
  const file = `${packageDir}bench/.consumer-${entry.replace(/\W+/g, "-")}.ts`;
  const source = `${app(entry).replaceAll("/*: string*/", ": string")}\nexport type Answer = Awaited<ReturnType<typeof validate>>;\n`;
  const options = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile;
  host.readFile = (path) => (path === file ? source : readFile(path));
  host.fileExists = (
    (exists) => (path) =>
      path === file || exists(path)
  )(host.fileExists);
  const times = [];
  let ours = { files: 0, bytes: 0 };
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const program = ts.createProgram([file], options, host);
    const problems = ts.getPreEmitDiagnostics(program);
    times.push(performance.now() - started);
    if (problems.length > 0) throw new Error(ts.formatDiagnostics(problems, host));
    const declarations = program
      .getSourceFiles()
      .filter((source) => /@commerce-api|packages\/(client|schemas)\/dist/.test(source.fileName));
    ours = { files: declarations.length, bytes: declarations.reduce((sum, d) => sum + d.text.length, 0) };
  }
  times.sort((a, b) => a - b);
  return { ...ours, medianMs: times[Math.floor(times.length / 2)] };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  "| app: createClient + validateLicenseKey from | bundle (min, gzip) | our declarations read by its type check | type check (median of 5) |",
);
console.log("|---|---|---|---|");
for (const [name, entry] of Object.entries(entries)) {
  const bundle = await bundleBytes(entry);
  const check = typeCheck(entry);
  console.log(
    `| \`${entry}\` (${name}) | ${kib(bundle.min)}, **${kib(bundle.gzip)}** (${bundle.gzip} bytes) | ${check.files} files, ${kib(check.bytes)} | ${Math.round(check.medianMs)} ms |`,
  );
}
