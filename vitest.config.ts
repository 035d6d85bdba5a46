/**
 * The packages' own tests in one Vitest run (`pnpm test:packages`, a step of `npm test`): each
 * package is a project with its own config (vitest.config.ts, its environment and setup), and
 * keeps its own `pnpm test`. One run starts Vitest, and pnpm before it, once instead of once per
 * package: about 10 s of CPU less for these nine (66 s against 77 s; README, Testing).
 *
 * Which packages: those turbo.json's `//#test:packages` waits for the build of, so the run and
 * its builds are one list. The longer runs stay turbo tasks of their own (codegen, the sandbox,
 * the portal, the release rehearsal): each takes minutes and runs beside the others.
 */
import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const turbo = JSON.parse(readFileSync(new URL("turbo.json", import.meta.url), "utf8")) as {
  tasks: Record<string, { dependsOn?: string[] }>;
};

/** `@commerce-api/client#build` → `packages/client`. */
export const projects = (turbo.tasks["//#test:packages"]?.dependsOn ?? []).map((build) => {
  const name = /^@commerce-api\/([a-z-]+)#build$/.exec(build)?.[1];
  if (!name) throw new Error(`turbo.json: //#test:packages depends on "${build}"; list package builds only`);
  return `packages/${name}`;
});

export default defineConfig({ test: { projects } });
