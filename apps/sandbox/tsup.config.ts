import { defineConfig } from "tsup";

export default defineConfig({
  // The index uses only web APIs; the node:http server is its own entry (`./server`).
  entry: ["src/index.ts", "src/server.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
});
