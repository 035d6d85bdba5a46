import { defineConfig } from "tsup";
import { declarationsOf } from "../../tsup.shared";

export default defineConfig({
  // The index builds the server for a transport of your own; bin is `commerce-mcp`.
  entry: ["src/index.ts", "src/bin.ts"],
  format: ["esm", "cjs"],
  dts: declarationsOf(["src/index.ts"]),
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  // Keep `node:http` as written: the release checks tell built-ins from packages by the prefix.
  removeNodeProtocol: false,
});
