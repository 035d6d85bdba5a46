import solid from "vite-plugin-solid";
import { defineConfig } from "vitest/config";
import { sharedImports, testLimits } from "../../vitest.shared";

export default defineConfig({
  // Solid's JSX compiled by its own Babel preset; the browser build of solid-js (happy-dom).
  plugins: [solid()],
  resolve: { conditions: ["development", "browser"] },
  test: { ...testLimits, ...sharedImports, environment: "happy-dom" },
});
