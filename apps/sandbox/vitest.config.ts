import { configDefaults, defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../../vitest.shared";

// examples/ holds the README's examples for users' own runners (Playwright's among them);
// test/examples.test.ts runs them.
export default defineConfig({
  test: {
    ...testLimits,
    ...sharedImports,
    // test/fuzz.test.ts measures the heap after a full collection.
    execArgv: ["--expose-gc"],
    exclude: [...configDefaults.exclude, "examples/**"],
  },
});
