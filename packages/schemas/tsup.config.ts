import { defineConfig } from "tsup";
import { declarationsOf } from "../../tsup.shared";

const entry = ["src/index.ts", "src/webhooks.ts"];

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: declarationsOf(entry),
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  // The resources both entries use are one shared chunk, so an app importing both has one copy.
  splitting: true,
});
