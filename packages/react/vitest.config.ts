import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../../vitest.shared";

export default defineConfig({
  // The README's examples (examples/) import the package by name, as an app does: here, its source.
  resolve: {
    alias: [
      {
        find: /^@commerce-api\/react$/,
        replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)),
      },
    ],
  },
  test: {
    ...testLimits,
    ...sharedImports,
    // The hooks render in a DOM (React Testing Library); the sandbox answers in-process.
    environment: "happy-dom",
    // Testing Library's waits get the same generous limit as everything else.
    setupFiles: ["test/setup.ts"],
  },
});
