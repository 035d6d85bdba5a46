import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "e2e/**/*.test.ts"],
    // The browser walk starts a server and Chromium once, then goes screen by screen.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
