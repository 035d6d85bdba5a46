// ESLint runs beside Biome for what Biome does not know: React's own rules (the React Compiler's
// checks among them: setState in an effect, refs read during render, impure renders), TanStack
// Query's, and typescript-eslint's recommended set. Biome stays the formatter and main linter.
// Over the React code only: the sample app and the hooks package (generated hooks included).
import pluginQuery from "@tanstack/eslint-plugin-query";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**"] },
  {
    files: ["apps/portal/src/**/*.{ts,tsx}", "packages/react/src/**/*.{ts,tsx}"],
    extends: [
      tseslint.configs.recommended,
      reactHooks.configs.flat["recommended-latest"],
      pluginQuery.configs["flat/recommended"],
    ],
    rules: {
      // Biome's convention: a leading underscore names what is left out on purpose
      // (`const { tree: _tree, ...narrowing } = filters`).
      "@typescript-eslint/no-unused-vars": ["error", { varsIgnorePattern: "^_", argsIgnorePattern: "^_" }],
    },
  },
);
