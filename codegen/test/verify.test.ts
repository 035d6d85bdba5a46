/**
 * `generate --verify`, which the suite runs on every spec it generates, is what makes the
 * suite fail on generated code that does not type-check. Here it is shown such code.
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
});
