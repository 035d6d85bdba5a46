import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../../vitest.shared";

export default defineConfig({
  test: { ...testLimits, ...sharedImports, environment: "happy-dom" },
});
