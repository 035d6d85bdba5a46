import { defineConfig } from "vitest/config";

// The rehearsal's steps run real installs, builds and type-checks: generous limits, no timed assertions.
export default defineConfig({
  test: { testTimeout: 300_000, hookTimeout: 900_000 },
});
