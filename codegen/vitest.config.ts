import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../vitest.shared";

export default defineConfig({
  test: {
    ...testLimits,
    // Shared imports: ts-morph's TypeScript (runtime-names.test.ts, new-operation.test.ts) loads once per worker.
    ...sharedImports,
    // Two workers even on 2 cores (vitest's default there is one): the files that generate and
    // type-check whole packages (features, new-operation, scale) run beside the others, not before them.
    maxWorkers: 2,
  },
});
