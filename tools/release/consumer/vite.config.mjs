import { defineConfig } from "vite";

// No plugin: Vite turns the TSX into JS by itself (automatic JSX runtime, from tsconfig.json),
// and the Vue page is a render function (no single-file component to compile).
export default defineConfig({
  logLevel: "warn",
  build: { outDir: "dist", emptyOutDir: true, rollupOptions: { input: ["index.html", "vue.html"] } },
  // The user's own tests (Vitest reads this file too): Testing Library's waits get a minute.
  test: { setupFiles: ["./test/setup.ts"] },
});
