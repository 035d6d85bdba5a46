import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../../vitest.shared.ts";

export default defineConfig({ test: { ...testLimits, ...sharedImports } });
