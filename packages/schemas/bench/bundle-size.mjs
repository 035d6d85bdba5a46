#!/usr/bin/env node
// Bundle-size benchmark of @commerce-api/schemas: what a browser app pays to parse one response.
//
//   pnpm --filter @commerce-api/schemas build     # the benchmark bundles dist/index.js
//   pnpm --filter @commerce-api/schemas bench     # prints a markdown table
//   pnpm --filter @commerce-api/schemas bench -- --update-readme   # also rewrites the README's table
//
// Each entry is a tiny ES module exporting `run(x)` that parses one response, bundled by esbuild as
// an application would be (bundle, minify, ESM, browser platform, tree shaking), then gzipped.
// Three builds are compared:
//   - zod/mini: the package as published (its generated schemas import "zod/mini");
//   - classic zod, generated schemas: the very same dist/index.js with "zod/mini" aliased to "zod",
//     so only the zod flavour differs (the generated code only calls functions both flavours export);
//   - classic zod, hand-written: bench/classic/validated-license-key.ts, the ValidatedLicenseKey
//     response written idiomatically with classic zod's chained methods.
// Every bundle is then imported and run on a test fixture, to prove it parses what it should.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { constants, gzipSync } from "node:zlib";
import { build, version as esbuildVersion } from "esbuild";

const benchDir = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(benchDir, "..");
const distFile = join(packageDir, "dist", "index.js");
const readmeFile = join(packageDir, "README.md");
const require = createRequire(import.meta.url);
const zodVersion = JSON.parse(readFileSync(require.resolve("zod/package.json"), "utf8")).version;

const updateReadme = process.argv.includes("--update-readme");

// ── Preconditions ───────────────────────────────────────────────────────────
if (!existsSync(distFile)) {
  console.error(`${distFile} is missing: run \`pnpm --filter @commerce-api/schemas build\` first.`);
  process.exit(1);
}
const newestSource = newestMtime(join(packageDir, "src"));
if (statSync(distFile).mtimeMs < newestSource) {
  console.warn("warning: dist/index.js is older than src/: rebuild for up-to-date figures.\n");
}

// ── Entries ─────────────────────────────────────────────────────────────────
const FLAVOURS = {
  mini: { label: "zod/mini", alias: {} },
  classic: { label: "classic zod, generated schemas", alias: { "zod/mini": "zod" } },
  handwritten: { label: "classic zod, hand-written", alias: {} },
};

const HANDWRITTEN = join(benchDir, "classic", "validated-license-key.ts");
const NAMESPACE_IMPORT = 'import * as z from "zod";';
if (!readFileSync(HANDWRITTEN, "utf8").includes(NAMESPACE_IMPORT)) {
  throw new Error(`${HANDWRITTEN} must import zod as \`${NAMESPACE_IMPORT}\``);
}

/**
 * Each entry: its code per flavour (absent = not measured in that flavour; "same as mini" = the
 * mini code, bundled with the flavour's alias), the fixture `run` must give back, and a string
 * tree shaking must have dropped.
 */
const ENTRIES = [
  {
    name: "`ValidateLicenseKeyResponse.parse(x)`",
    code: {
      mini: `import { ValidateLicenseKeyResponse } from "../dist/index.js";
             export const run = (x) => ValidateLicenseKeyResponse.parse(x);`,
      classic: "same as mini",
      handwritten: `import { ValidatedLicenseKey } from "./classic/validated-license-key.ts";
                    export const run = (x) => ValidatedLicenseKey.parse(x);`,
    },
    fixture: "validatedLicenseKey",
    // A license key bundle must not carry the event schemas.
    mustNotContain: "meter.credited",
  },
  {
    name: "`ListEventsResponse.parse(x)`",
    code: {
      mini: `import { ListEventsResponse } from "../dist/index.js";
             export const run = (x) => ListEventsResponse.parse(x);`,
      classic: "same as mini",
    },
    fixture: "eventsOffsetPage",
    mustNotContain: "price_amount_type", // a listProducts-only string
  },
  {
    name: "every schema of the package",
    code: {
      mini: `export * from "../dist/index.js";
             import { ListEventsResponse } from "../dist/index.js";
             export const run = (x) => ListEventsResponse.parse(x);`,
      classic: "same as mini",
    },
    fixture: "eventsCursorPage",
  },
  {
    name: "zod alone, `import * as z`: `z.string().parse(x)`",
    code: {
      mini: `import * as z from "zod/mini";
             export const run = (x) => z.string().parse(x);`,
      classic: "same as mini",
    },
    fixture: "aString",
  },
  {
    name: "zod alone, `import { z }`: `z.string().parse(x)`",
    code: {
      mini: `import { z } from "zod/mini";
             export const run = (x) => z.string().parse(x);`,
      classic: "same as mini",
    },
    fixture: "aString",
  },
  {
    name: '`ValidatedLicenseKey.parse(x)` hand-written with `import { z } from "zod"`',
    code: {
      handwritten: {
        loader: "ts",
        contents: `${readFileSync(HANDWRITTEN, "utf8").replace(NAMESPACE_IMPORT, 'import { z } from "zod";')}
                   export const run = (x: unknown) => ValidatedLicenseKey.parse(x);`,
      },
    },
    fixture: "validatedLicenseKey",
  },
];

// ── Run ─────────────────────────────────────────────────────────────────────
const work = mkdtempSync(join(tmpdir(), "schemas-bundle-size-"));
try {
  const fixtures = await loadFixtures(work);
  const rows = [];
  for (const entry of ENTRIES) {
    const row = { name: entry.name, sizes: {} };
    for (const [flavour, { alias }] of Object.entries(FLAVOURS)) {
      const source = entry.code[flavour] === "same as mini" ? entry.code.mini : entry.code[flavour];
      if (!source) continue;
      const { code, own, zodFlavours } = await bundle(source, alias);
      const expected = flavour === "mini" ? "mini" : "classic";
      if (zodFlavours.size !== 1 || !zodFlavours.has(expected)) {
        throw new Error(`${entry.name} (${flavour}) bundled zod ${[...zodFlavours].join(" and ")}`);
      }
      if (entry.mustNotContain && code.includes(entry.mustNotContain)) {
        console.warn(`warning: tree shaking kept "${entry.mustNotContain}" in ${entry.name} (${flavour}).`);
      }
      await check(work, `${rows.length}-${flavour}`, code, fixtures[entry.fixture]);
      const gzip = gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length;
      row.sizes[flavour] = { min: code.length, gzip, own };
    }
    rows.push(row);
  }

  const table = renderTable(rows);
  const heading = `zod ${zodVersion}, esbuild ${esbuildVersion} (bundle, minify, format esm, platform browser, tree shaking); gzip level 9. 1 kB = 1000 bytes.`;
  console.log(`${heading}\n\n${table}`);
  if (process.argv.includes("--json")) console.log(`\n${JSON.stringify(rows, null, 2)}`);
  if (updateReadme) writeReadmeTable(`${heading}\n\n${table}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

// ── Helpers ─────────────────────────────────────────────────────────────────
/** Bundles an entry (JavaScript source, or `{ loader, contents }`) as a browser app would. */
async function bundle(source, alias) {
  const { loader = "js", contents } = typeof source === "string" ? { contents: source } : source;
  const result = await build({
    stdin: { contents, resolveDir: benchDir, sourcefile: `entry.${loader}`, loader },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    treeShaking: true,
    target: "es2022",
    alias,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const [output] = Object.values(result.metafile.outputs);
  // Minified bytes that come from this package's own code (dist/index.js or bench/classic/*).
  const own = Object.entries(output.inputs)
    .filter(([path]) => path.endsWith("dist/index.js") || path.includes("bench/classic/"))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  const zodFlavours = new Set(
    Object.keys(output.inputs).flatMap((path) => path.match(/zod\/v4\/(mini|classic)\//)?.[1] ?? []),
  );
  return { code: result.outputFiles[0].text, own, zodFlavours };
}

/** Imports the bundle and runs it on the fixture: it must give the fixture back. */
async function check(dir, name, code, input) {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  const { run } = await import(pathToFileURL(file).href);
  const output = run(input);
  if (!isDeepStrictEqual(output, input))
    throw new Error(`bundle ${name} did not parse its fixture losslessly`);
}

/** The test fixtures, bundled from TypeScript and imported. */
async function loadFixtures(dir) {
  const result = await build({
    stdin: {
      contents: `export { validatedLicenseKey } from "../test/fixtures/license-keys.ts";
                 export { eventsOffsetPage, eventsCursorPage } from "../test/fixtures/events.ts";`,
      resolveDir: benchDir,
      sourcefile: "fixtures.mjs",
      loader: "js",
    },
    bundle: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "silent",
  });
  const file = join(dir, "fixtures.mjs");
  writeFileSync(file, result.outputFiles[0].text);
  return { ...(await import(pathToFileURL(file).href)), aString: "x" };
}

function renderTable(rows) {
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  const cell = (size) => (size ? `${kb(size.min)} / **${kb(size.gzip)}**` : "—");
  const saved = (row) => {
    const { mini, classic } = row.sizes;
    return mini && classic ? `${Math.round((1 - mini.gzip / classic.gzip) * 100)} %` : "—";
  };
  const own = (row) => (row.sizes.mini?.own ? kb(row.sizes.mini.own) : "—");
  const header = [
    "| bundle (minified / gzip) | zod/mini (this package) | classic zod, generated schemas | classic zod, hand-written | gzip saved by zod/mini | schema code in the zod/mini bundle (minified) |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  const lines = rows.map(
    (row) =>
      `| ${row.name} | ${cell(row.sizes.mini)} | ${cell(row.sizes.classic)} | ${cell(row.sizes.handwritten)} | ${saved(row)} | ${own(row)} |`,
  );
  return [...header, ...lines].join("\n");
}

function writeReadmeTable(text) {
  const start = "<!-- bundle-size:start -->";
  const end = "<!-- bundle-size:end -->";
  const readme = readFileSync(readmeFile, "utf8");
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md needs the markers ${start} and ${end}`);
  writeFileSync(readmeFile, `${readme.slice(0, from + start.length)}\n${text}\n${readme.slice(to)}`);
  console.log("\nREADME.md updated.");
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
