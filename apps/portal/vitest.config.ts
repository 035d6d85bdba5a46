import { defineConfig } from "vitest/config";
import { testLimits } from "../../vitest.shared";

export default defineConfig({
  // The browser walk starts a server and Chromium once, then goes screen by screen.
  test: { ...testLimits, include: ["test/**/*.test.{ts,tsx}", "e2e/**/*.test.ts"] },
});
