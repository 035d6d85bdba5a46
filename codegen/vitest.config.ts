import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../vitest.shared.ts";

// Shared imports also share --verify's parsed TypeScript libs and zod/React types between the
// files that verify (features, determinism, verify, scale), not only between the specs of one.
export default defineConfig({ test: { ...testLimits, ...sharedImports } });
