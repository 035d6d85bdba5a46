import { defineConfig } from "vitest/config";
import { testLimits } from "../../vitest.shared";

export default defineConfig({
  test: {
    ...testLimits,
    // The hooks render in a DOM (React Testing Library); the sandbox answers in-process.
    environment: "happy-dom",
  },
});
