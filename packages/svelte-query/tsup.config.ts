import { defineConfig } from "tsup";
import { declarationsOf } from "../../tsup.shared";

const entry = ["src/index.ts"];

export default defineConfig({
  entry,
  // ESM only: @tanstack/svelte-query ships ESM and .svelte files, which require() cannot load.
  format: ["esm"],
  dts: declarationsOf(entry),
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
});
