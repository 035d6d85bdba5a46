#!/usr/bin/env node
// Loads built entries as a user's runtime does, and prints the names each exports (JSON):
//   node scripts/load-entries.mjs '[{ "key": …, "file": …, "condition": "import" | "require" }]'
// Run in a process of its own by scripts/entry-exports.mjs, so the modules it loads (and their
// side effects) stay out of the caller. A module that cannot load gives its error's first line.
import { createRequire, register } from "node:module";
import { pathToFileURL } from "node:url";

register("./svelte-components-hook.mjs", import.meta.url);
const require = createRequire(import.meta.url);

async function namesOf({ file, condition }) {
  try {
    const module = condition === "require" ? require(file) : await import(pathToFileURL(file).href);
    return { names: Object.keys(module).filter((name) => name !== "__esModule") };
  } catch (error) {
    return { error: String(error?.message ?? error).split("\n")[0] };
  }
}

const result = {};
for (const entry of JSON.parse(process.argv[2])) result[entry.key] = await namesOf(entry);
process.stdout.write(JSON.stringify(result));
