/**
 * `generate --verify`, which the suite runs on every spec it generates, is what makes the
 * suite fail on generated code that does not type-check or is not laid out as TypeScript's
 * formatter would lay it out. Here it is shown both kinds of bad output.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packagesOf } from "../src/emitters/target.ts";
import { targets } from "../src/emitters/targets.ts";
import { verifyGenerated } from "../src/verify.ts";
import { repoRoot } from "./helpers.ts";

const outDir = join(repoRoot, "packages");
const packageNames = packagesOf(targets);
const file = (contents: string) => [
  { path: join(outDir, "schemas", "src", "generated", "bad.ts"), contents },
];

describe("--verify", () => {
  it("reports generated code that does not type-check, at its position", async () => {
    const problems = await verifyGenerated(
      file('import * as z from "zod/mini";\n\nexport const Count: z.ZodMiniType<number> = z.string();\n'),
      [],
      outDir,
      packageNames,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /schemas\/src\/generated\/bad\.ts:3:14 Type 'ZodMiniString<string>' is not assignable/,
    );
  });

  it("reports generated code TypeScript's formatter would change, showing both lines", async () => {
    const problems = await verifyGenerated(file("export const sizes = [1,2];\n"), [], outDir, packageNames);
    expect(problems).toEqual([
      expect.stringContaining(
        `bad.ts:1:1 not laid out as TypeScript's formatter lays it out (see printer.ts):\n  printed:   "export const sizes = [1,2];"\n  formatted: "export const sizes = [1, 2];"`,
      ),
    ]);
  });
});
