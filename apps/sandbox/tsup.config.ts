import { defineConfig } from "tsup";
import { declarationsOf } from "../../tsup.shared";

export default defineConfig({
  // The index uses only web APIs (Node, browsers, workers); the node:http server, the MSW
  // handlers and the Vitest helper are entries of their own (`./server`, `./msw`, `./vitest`); bin is `commerce-sandbox`.
  entry: ["src/index.ts", "src/server.ts", "src/msw.ts", "src/vitest.ts", "src/bin.ts"],
  format: ["esm", "cjs"],
  dts: declarationsOf(["src/index.ts", "src/server.ts", "src/msw.ts", "src/vitest.ts"]),
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  // Keep `node:http` as written: the release checks tell built-ins from packages by the prefix.
  removeNodeProtocol: false,
});
