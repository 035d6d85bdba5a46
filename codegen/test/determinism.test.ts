/**
 * Same spec, same bytes; and `--check` tells when what is on disk is not what the spec
 * generates. Four full-spec generations: two independent runs in separate processes, the
 * check of the repository (verified: type-checked and layout-checked), and one drift check.
 */
import { execFile } from "node:child_process";
import { appendFile, copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  codegenRoot,
  listFiles,
  makeTempDir,
  readTree,
  realSpec,
  removeTempDirs,
  repoRoot,
  runCli,
} from "./helpers.ts";

afterAll(removeTempDirs);

const bin = join(codegenRoot, "bin", "commerce-codegen.js");

/** A folder laid out like the repository (spec/commerce.yaml, packages/), so headers read the same. */
async function copyOfTheRepoSpec(): Promise<string> {
  const root = await makeTempDir("codegen-determinism-");
  await mkdir(join(root, "spec"));
  await copyFile(realSpec, join(root, "spec", "commerce.yaml"));
  return root;
}

describe("the real spec", () => {
  let first: string;
  let second: string;

  beforeAll(async () => {
    [first, second] = await Promise.all([copyOfTheRepoSpec(), copyOfTheRepoSpec()]);
    // Two separate processes, so nothing carried over in memory can make the runs agree.
    await Promise.all(
      [first, second].map((cwd) =>
        promisify(execFile)(
          process.execPath,
          [bin, "generate", "--spec", "spec/commerce.yaml", "--out", "packages"],
          {
            cwd,
          },
        ),
      ),
    );
  });

  it("generates the same bytes twice", async () => {
    const [a, b] = await Promise.all([listFiles(first), listFiles(second)]);
    expect(a).toEqual(b);
    expect(a).toEqual(
      expect.arrayContaining([
        "packages/schemas/src/generated/resources.ts",
        "packages/schemas/src/generated/operations.ts",
        "packages/client/src/generated/operations.ts",
        "spec/commerce.schema.json",
      ]),
    );
    for (const file of a) {
      const [x, y] = await Promise.all([readFile(join(first, file)), readFile(join(second, file))]);
      expect(x.equals(y), `${file} differs between two runs`).toBe(true);
    }
  });

  it("matches what the repository has committed, which type-checks (generate --check --verify exits 0)", async () => {
    // --verify: the committed output must also type-check and be laid out as TypeScript's formatter would.
    const run = await runCli(["generate", "--check", "--verify"], repoRoot);
    expect(run.err).toEqual([]);
    expect(run.out).toHaveLength(1);
    expect(run.out[0]).toMatch(/^generated files are up to date \(\d+ files\)$/);
    expect(run.code).toBe(0);
  });

  it("--check lists a changed, a missing and a stale generated file, exits 1, and writes nothing", async () => {
    const changed = "packages/schemas/src/generated/resources.ts";
    const missing = "packages/client/src/generated/environments.ts";
    const stale = "packages/client/src/generated/stale.ts";
    await appendFile(join(first, changed), "// edited by hand\n");
    await rm(join(first, missing));
    await writeFile(join(first, stale), "export {};\n");
    const before = await readTree(first);

    const run = await runCli(
      ["generate", "--check", "--spec", "spec/commerce.yaml", "--out", "packages"],
      first,
    );
    expect(run.code).toBe(1);
    expect(run.out).toEqual([]);
    expect([...run.err].sort()).toEqual(
      [
        `differs: ${changed}`,
        `differs: ${missing}`,
        `no longer generated: ${stale}`,
        "the generated files are out of date with the spec; run `pnpm generate` and commit the result",
      ].sort(),
    );
    expect(await readTree(first)).toEqual(before);
  });
});

describe("regenerating", () => {
  it("repairs drift: rewrites what differs, removes stale files, leaves the rest alone", async () => {
    const dir = await makeTempDir();
    await copyFile(join(codegenRoot, "test", "features", "enum", "spec.yaml"), join(dir, "spec.yaml"));
    const args = ["generate", "--spec", "spec.yaml", "--out", "out"];
    expect((await runCli(args, dir)).code).toBe(0);
    const fresh = await readTree(dir);

    await appendFile(join(dir, "out/schemas/src/generated/resources.ts"), "// edited by hand\n");
    await writeFile(join(dir, "out/schemas/src/generated/stale.ts"), "export {};\n");
    const check = await runCli([...args, "--check"], dir);
    expect(check.code).toBe(1);
    expect(check.err.slice(0, 2)).toEqual([
      "differs: out/schemas/src/generated/resources.ts",
      "no longer generated: out/schemas/src/generated/stale.ts",
    ]);

    const again = await runCli(args, dir);
    expect(again.code).toBe(0);
    expect(again.out[0]).toMatch(/^generated \d+ files \(1 changed, 1 removed\) in \d+\.\d+s$/);
    expect(await readTree(dir)).toEqual(fresh);
    expect((await runCli([...args, "--check"], dir)).code).toBe(0);
  });
});
