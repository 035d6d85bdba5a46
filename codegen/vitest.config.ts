import { defineConfig } from "vitest/config";
import { testLimits } from "../vitest.shared.ts";

export default defineConfig({ test: { ...testLimits } });
