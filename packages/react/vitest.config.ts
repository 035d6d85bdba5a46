import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../../vitest.shared.ts";

export default defineConfig({
  test: {
    ...testLimits,
    ...sharedImports,
    // The hooks render in a DOM (React Testing Library); the sandbox answers in-process.
    environment: "happy-dom",
    // Testing Library's waits get the same generous limit as everything else.
    setupFiles: ["test/setup.ts"],
  },
});
