import { defineConfig } from "vitest/config";
import { testLimits } from "../../vitest.shared";

export default defineConfig({
  test: { ...testLimits, environment: "happy-dom" },
});
