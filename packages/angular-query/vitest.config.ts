import { defineConfig } from "vitest/config";
import { testLimits } from "../../vitest.shared";

export default defineConfig({
  // Angular compiles the test's component just in time (@angular/compiler), zoneless, in happy-dom.
  test: { ...testLimits, environment: "happy-dom" },
});
