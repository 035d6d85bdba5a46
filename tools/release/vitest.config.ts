import { defineConfig } from "vitest/config";
import { testLimits } from "../../vitest.shared";

// The rehearsal's steps run real installs and type-checks: generous limits, no timed assertions.
export default defineConfig({ test: { ...testLimits } });
