/**
 * The packages' own tests in one Vitest run (`pnpm test:packages`, a step of `npm test`): each
 * package is a project with its own config (vitest.config.ts, its environment and setup), and
 * keeps its own `pnpm test`. One run starts Vitest, and pnpm before it, once instead of once per
 * package: about 10 s of CPU less for these nine (66 s against 77 s; README, Testing).
 *
 * Which packages: scripts/tested-together.mjs (turbo.json's `//#test:packages`). The longer runs
 * stay turbo tasks of their own (codegen, the sandbox, the portal, the release rehearsal): each
 * takes minutes and runs beside the others.
 */
import { defineConfig } from "vitest/config";
import { packagesTestedTogether } from "./scripts/tested-together.mjs";

export default defineConfig({
  test: { projects: packagesTestedTogether().map((pkg) => pkg.folder) },
});
