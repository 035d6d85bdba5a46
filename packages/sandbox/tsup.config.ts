import { defineConfig } from "tsup";
import { declarationsOf } from "../../tsup.shared";

const common = {
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  // Keep `node:http` as written: the release checks tell built-ins from packages by the prefix.
  removeNodeProtocol: false,
} as const;

export default defineConfig([
  {
    ...common,
    // The index uses only web APIs (Node, browsers, workers); the node:http server and the MSW
    // handlers are entries of their own (`./server`, `./msw`); bin is `commerce-sandbox`.
    entry: ["src/index.ts", "src/server.ts", "src/msw.ts", "src/bin.ts"],
    format: ["esm", "cjs"],
    dts: declarationsOf(["src/index.ts", "src/server.ts", "src/msw.ts"]),
  },
  {
    ...common,
    // The Vitest helper (`./vitest`) is ESM only, as Vitest is: require() cannot load it.
    entry: ["src/vitest.ts"],
    format: ["esm"],
    dts: declarationsOf(["src/vitest.ts"]),
    clean: false,
  },
]);
