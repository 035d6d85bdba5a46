import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  // Only COMMERCE_API_* variables reach the bundle (see README: configuration).
  envPrefix: "COMMERCE_API_",
  build: { outDir: "dist", sourcemap: true },
  server: { proxy: sandboxProxy() },
});

/** `pnpm dev` talks to a sandbox started apart (`pnpm --filter @commerce-api/sandbox start`). */
function sandboxProxy() {
  const target = process.env.SANDBOX_URL ?? "http://127.0.0.1:4010";
  return { "/v1": target, "/__sandbox": target };
}
