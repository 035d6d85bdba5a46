import { configDefaults, defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../../vitest.shared";

// examples/ holds the README's examples for users' own runners (Playwright's among them);
// test/examples.test.ts runs them.
export default defineConfig({
  test: {
    ...testLimits,
    ...sharedImports,
    exclude: [
      ...configDefaults.exclude,
      "examples/**",
      // Random input and load reach every line: in a mutation run (scripts/mutate.mjs) they would
      // run for every planted bug while proving no behaviour of their own.
      ...(process.env.STRYKER_MUTATOR_WORKER === undefined
        ? []
        : ["test/fuzz*.test.ts", "test/load*.test.ts"]),
    ],
  },
});
