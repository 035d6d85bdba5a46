import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../../vitest.shared";

export default defineConfig({
  // Angular compiles the test's component just in time (@angular/compiler), zoneless, in happy-dom.
  test: { ...testLimits, ...sharedImports, environment: "happy-dom" },
});
