import { defineConfig } from "tsup";
import { declarationsOf } from "../../tsup.shared";

const entry = ["src/index.ts"];

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: declarationsOf(entry),
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
});
