/**
 * Correctness of many operations side by side: a spec of renamed copies of the real one
 * generates without clashes, groups each copy apart, and its output type-checks against the
 * runtime. Three copies are enough for that; how the generator scales (182 to 1,008
 * operations, `--verify` included) is the benchmark's (`pnpm --filter @commerce-api/codegen bench`).
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { synthesizeSpec } from "../bench/synthesize.js";
import { listFiles, makeTempDir, readTree, realSpec, removeTempDirs, runCli } from "./helpers.ts";

afterAll(removeTempDirs);

const copies = 3;

/** The operation count of `check`'s "…: ok (N operations, M types[, K webhook events])" line. */
function operationCount(line: string | undefined): number {
  const count = /: ok \((\d+) operations, \d+ types(, \d+ webhook events)?\)$/.exec(line ?? "")?.[1];
  if (count === undefined) throw new Error(`not a "check" success line: ${line}`);
  return Number(count);
}

describe("a spec of several renamed copies of the real one", () => {
  it("generates code that type-checks", async () => {
    const dir = await makeTempDir("codegen-scale-");
    await writeFile(join(dir, "spec.yaml"), synthesizeSpec(await readFile(realSpec, "utf8"), copies));
    const operationsOfRealSpec = operationCount((await runCli(["check", "--spec", realSpec], dir)).out[0]);
    const check = await runCli(["check", "--spec", "spec.yaml"], dir);
    expect(operationCount(check.out[0])).toBe(operationsOfRealSpec * copies);

    const run = await runCli(["generate", "--verify", "--spec", "spec.yaml", "--out", "out"], dir);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(await listFiles(join(dir, "out", "client", "src", "generated"))).toEqual(
      expect.arrayContaining(["grouped.ts", "operations.ts"]),
    );
    const grouped = (await readTree(join(dir, "out", "client", "src", "generated"))).get("grouped.ts")!;
    expect(grouped).toContain(`copy${copies}: {`);
    expect(grouped).toContain(`listEventsV${copies}(client, input, options)`);
  });
});
