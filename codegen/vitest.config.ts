import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../vitest.shared";

export default defineConfig({
  test: {
    ...testLimits,
    // Shared imports also share --verify's parsed TypeScript libs and zod/React types between
    // the files that verify (features, determinism, verify), not only between one file's specs.
    ...sharedImports,
    // Two workers even on 2 cores (vitest's default there is one): the 210-operation type check
    // (scale.test.ts, the longest file, started first) runs beside the other files, not before them.
    maxWorkers: 2,
  },
});
