import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/core.ts", "src/webhooks.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  // One shared runtime chunk for both entries, in CJS too, so `instanceof ApiError` holds across them.
  splitting: true,
});
