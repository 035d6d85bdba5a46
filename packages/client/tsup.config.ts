import { defineConfig } from "tsup";
import { declarationsOf, withDatedEntries } from "../../tsup.shared";

// The root, /core, /webhooks, and one entry per API version (`@commerce-api/client/2026-10`).
const entry = withDatedEntries(import.meta.url, ["src/index.ts", "src/core.ts", "src/webhooks.ts"]);

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: declarationsOf(entry),
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  // One shared runtime chunk for all entries, in CJS too, so `instanceof ApiError` holds across them.
  splitting: true,
});
