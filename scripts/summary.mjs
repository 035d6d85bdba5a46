#!/usr/bin/env node
// Prints what `npm start` made: each package's build output and generated sources.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const root = join(import.meta.dirname, "..");
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function files(dir) {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

console.log("\nBuilt packages:");
for (const group of ["packages", "apps"]) {
  for (const name of readdirSync(join(root, group))) {
    const dir = join(root, group, name);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const generated = files(join(dir, "src", "generated")).length;
    const esm = files(join(dir, "dist")).filter((f) => f.endsWith(".js"));
    const size = esm.reduce((sum, f) => sum + statSync(f).size, 0);
    const gzip = esm.reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0);
    const build =
      esm.length > 0
        ? `dist: ${esm.length} ESM file${esm.length === 1 ? "" : "s"}, ${kib(size)} (${kib(gzip)} gzip)`
        : "not built";
    console.log(
      `  ${manifest.name.padEnd(24)} ${build}${generated ? `; ${generated} generated sources` : ""}`,
    );
  }
}
console.log(`
Also:
  npm test                 the whole suite, as CI runs it
  pnpm generate --watch    regenerate on every spec change
  pnpm --filter @commerce-api/sandbox start   the sandbox alone, on port 4010

Starting the sample app with the sandbox beside it (Ctrl-C stops both):`);
