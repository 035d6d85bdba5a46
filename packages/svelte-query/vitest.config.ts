import { svelte } from "@sveltejs/vite-plugin-svelte";
import { svelteTesting } from "@testing-library/svelte/vite";
import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../../vitest.shared";

export default defineConfig({
  // The test's component is compiled by Svelte's own compiler, for the browser (happy-dom).
  plugins: [svelte(), svelteTesting()],
  test: { ...testLimits, ...sharedImports, environment: "happy-dom" },
});
