import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../vitest.shared";

export default defineConfig({
  test: {
    ...testLimits,
    // Shared imports: ts-morph's TypeScript (runtime-names.test.ts, new-operation.test.ts) loads once per worker.
    ...sharedImports,
    // Two workers even on 2 cores (vitest's default there is one): the 210-operation type check
    // (scale.test.ts, the longest file, started first) runs beside the other files, not before them.
    maxWorkers: 2,
  },
});
