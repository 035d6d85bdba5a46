import { configDefaults, defineConfig } from "vitest/config";
import { testLimits } from "../../vitest.shared";

// The rehearsal's steps run real installs and type-checks: generous limits, no timed assertions.
// consumer/ is the outside project's own code: its test runs there, in the rehearsal, with
// what the project installed from the registry.
export default defineConfig({
  test: { ...testLimits, exclude: [...configDefaults.exclude, "consumer/**"] },
});
