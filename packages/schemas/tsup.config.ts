import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/webhooks.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  // The resources both entries use are one shared chunk, so an app importing both has one copy.
  splitting: true,
});
