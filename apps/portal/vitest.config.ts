import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../../vitest.shared";

export default defineConfig({
  // The browser walk starts a server and Chromium once, then goes screen by screen. The test
  // files share their imports (React, TanStack Query, the sandbox): each unmounts what it renders.
  test: { ...testLimits, ...sharedImports, include: ["test/**/*.test.{ts,tsx}", "e2e/**/*.test.ts"] },
});
