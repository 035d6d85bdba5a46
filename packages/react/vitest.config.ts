import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The hooks render in a DOM (React Testing Library); the sandbox answers in-process.
    environment: "happy-dom",
    typecheck: { include: ["test/**/*.test-d.ts"] },
  },
});
