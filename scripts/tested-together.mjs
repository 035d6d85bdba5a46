// The packages whose tests run together in the root's one Vitest run (`pnpm test:packages`):
// those turbo.json's `//#test:packages` waits for the build of, so the run and its builds are
// one list. Read by vitest.config.ts (its projects) and by `npm test` (scripts/run.mjs, which
// leaves out their own test tasks).
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

/** `@commerce-api/client#build` → `{ name: "@commerce-api/client", folder: "packages/client" }`. */
export function packagesTestedTogether(at = root) {
  const turbo = JSON.parse(readFileSync(join(at, "turbo.json"), "utf8"));
  return (turbo.tasks["//#test:packages"]?.dependsOn ?? []).map((build) => {
    const folder = /^@commerce-api\/([a-z-]+)#build$/.exec(build)?.[1];
    if (!folder)
      throw new Error(`turbo.json: //#test:packages depends on "${build}"; list package builds only`);
    return { name: `@commerce-api/${folder}`, folder: `packages/${folder}` };
  });
}
