import { defineConfig } from "tsup";
import { declarationsOf, withDatedEntries } from "../../tsup.shared";

// The root, the webhooks, and one entry per API version (`@commerce-api/schemas/2026-10`).
const entry = withDatedEntries(import.meta.url, ["src/index.ts", "src/webhooks.ts"]);

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: declarationsOf(entry),
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  // What the entries share is one chunk, so an app importing two of them has one copy.
  splitting: true,
});
