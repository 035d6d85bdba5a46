import { defineConfig } from "tsup";
import { declarationsOf, withDatedEntries } from "../../tsup.shared";

// The root and one entry per API version (`@commerce-api/query/2026-10`).
const entry = withDatedEntries(import.meta.url, ["src/index.ts"]);

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: declarationsOf(entry),
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
});
