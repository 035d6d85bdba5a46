/**
 * Tiny one-feature specs, each generated into a temporary folder and compared with the
 * committed snapshots in features/<name>/__snapshots__/<package>-<file>.snap (plain copies of
 * the generated files, so a change reads as an ordinary diff). After a deliberate change to
 * the generator, review the new output with `pnpm exec vitest run -u` and `git diff`.
 * The package's `test` script (what `npm test` runs) passes `--update=none`, CI or not: a
 * missing snapshot fails there instead of being written as if it had always been right.
 */
import { copyFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codegenRoot, listFiles, makeTempDir, readTree, removeTempDirs, runCli } from "./helpers.ts";

afterAll(removeTempDirs);

const featuresDir = join(codegenRoot, "test", "features");

const features = [
  "enum",
  "nullable-optional",
  "extends-omit",
  "alias-bounds",
  "tagged-union",
  "nested-union",
  "recursive",
  "record-tuple",
  "query-styles",
  "path-params",
  "http-methods",
  "void-null-responses",
  "pagination",
  "invalidates",
  "error-classes",
  "webhooks",
  "string-checks",
  "request-bodies",
];

/** `out/<package>/src/generated/<file>` → `<package>-<file>.snap`. */
function snapshotName(path: string): string | undefined {
  const match = /^out\/(schemas|client|query|react)\/src\/generated\/(.+)$/.exec(path);
  return match ? `${match[1]}-${match[2]!.replaceAll("/", "-")}.snap` : undefined;
}

describe("one-feature specs", () => {
  it("are all listed here", async () => {
    const dirs = await readdir(featuresDir, { withFileTypes: true });
    expect(
      dirs
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort(),
    ).toEqual([...features].sort());
  });

  it.each(features)("%s generates what its snapshots show", async (feature) => {
    const dir = await makeTempDir();
    // The generator writes the editor schema beside the spec, so it gets its own copy.
    await copyFile(join(featuresDir, feature, "spec.yaml"), join(dir, "spec.yaml"));
    const run = await runCli(["generate", "--verify", "--spec", "spec.yaml", "--out", "out"], dir);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);

    const generated = [...(await readTree(dir))].filter(([path]) => snapshotName(path));
    expect(generated.map(([path]) => path)).toContain("out/schemas/src/generated/resources.ts");
    const snapshots = join(featuresDir, feature, "__snapshots__");
    for (const [path, contents] of generated) {
      await expect(contents).toMatchFileSnapshot(join(snapshots, snapshotName(path)!));
    }
    // A file the generator no longer writes must not keep a snapshot that looks current.
    const stale = (await listFiles(snapshots)).filter(
      (file) => !generated.some(([path]) => snapshotName(path) === file),
    );
    expect(stale).toEqual([]);
  });
});
