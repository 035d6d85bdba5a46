import { defineConfig } from "vite";

// No plugin: Vite turns the TSX into JS by itself (automatic JSX runtime, from tsconfig.json).
export default defineConfig({ logLevel: "warn", build: { outDir: "dist", emptyOutDir: true } });
