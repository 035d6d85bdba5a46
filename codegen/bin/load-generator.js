import { createHash } from "node:crypto";
import { access, mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const codegenRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const sourceDir = join(codegenRoot, "src");
const cacheDir = join(codegenRoot, "node_modules", ".cache", "commerce-codegen");

/**
 * Imports src/cli.ts from a bundle of the sources as they are now: one file per content
 * hash of src/, built with esbuild (a tenth of a second) when no bundle matches. Loading
 * one plain JavaScript file is what makes a start fast; a TypeScript loader hooking every
 * import (tsx) cost about a second per start.
 */
export async function loadGenerator() {
  const bundle = join(cacheDir, `cli-${await hashSources()}.mjs`);
  if (!(await exists(bundle))) await build(bundle);
  return import(pathToFileURL(bundle).href);
}

async function hashSources() {
  const entries = await readdir(sourceDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  // This file too: how the bundle is built is part of what it is.
  const hash = createHash("sha256")
    .update(codegenRoot)
    .update(await readFile(fileURLToPath(import.meta.url)));
  for (const file of files) hash.update(`\0${file}\0`).update(await readFile(file));
  return hash.digest("hex").slice(0, 16);
}

async function build(bundle) {
  const { build: esbuild } = await import("esbuild");
  await mkdir(cacheDir, { recursive: true });
  // Written aside and renamed, so a generator starting at the same moment never imports half a file.
  const temporary = `${bundle}.${process.pid}.tmp`;
  await esbuild({
    entryPoints: [join(sourceDir, "cli.ts")],
    outfile: temporary,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // Read only under NODE_OPTIONS=--enable-source-maps: parsing it on every start costs more than the rest of the start.
    sourcemap: "inline",
    logLevel: "error",
    // The sources find their templates and packages from their own place (src/), not the bundle's.
    define: { "import.meta.url": JSON.stringify(pathToFileURL(join(sourceDir, "cli.ts")).href) },
  });
  await rename(temporary, bundle);
  const stale = (await readdir(cacheDir)).filter(
    (name) => name.startsWith("cli-") && name.endsWith(".mjs") && join(cacheDir, name) !== bundle,
  );
  await Promise.all(stale.map((name) => rm(join(cacheDir, name), { force: true })));
}

async function exists(path) {
  return access(path).then(
    () => true,
    () => false,
  );
}
