import { defineConfig } from "tsup";
import { declarationsOf, withDatedEntries } from "../../tsup.shared";

// The root, /options and one entry per API version (`@commerce-api/react/2026-10`).
const entry = withDatedEntries(import.meta.url, ["src/index.ts", "src/options.ts"]);

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: declarationsOf(entry),
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  // Each entry whole, without chunks shared between them: split, esbuild moved `export * from
  // "@commerce-api/query"` into a chunk that both entries imported for its side effects, and
  // neither re-exported a name of it. scripts/entry-exports.mjs checks every built entry.
  splitting: false,
});
