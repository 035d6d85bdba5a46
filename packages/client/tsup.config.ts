import { defineConfig } from "tsup";
import { declarationsOf } from "../../tsup.shared";

const entry = ["src/index.ts", "src/core.ts", "src/webhooks.ts"];

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: declarationsOf(entry),
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  // One shared runtime chunk for both entries, in CJS too, so `instanceof ApiError` holds across them.
  splitting: true,
});
