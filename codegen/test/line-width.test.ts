/**
 * Generated code keeps within 100 columns, as a person would write it: the real spec's
 * output and every one-feature spec's. A line may be longer only because of a string literal
 * (which cannot be broken without changing it) or, in a doc comment, one long word (a URL).
 */
import { copyFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codegenRoot, makeTempDir, readTree, realSpec, removeTempDirs, runCli } from "./helpers.ts";

afterAll(removeTempDirs);

const maxWidth = 100;
const featuresDir = join(codegenRoot, "test", "features");
const features = (await readdir(featuresDir, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** A line over the width for a reason other than a string literal or a doc comment's long word. */
function tooLong(line: string): boolean {
  if (line.length <= maxWidth) return false;
  const withoutStrings = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');
  if (withoutStrings.length <= maxWidth) return false;
  const docText = /^\s*(?:\/\*\*|\*|\/\/)\s?(.*?)(?:\s*\*\/)?$/.exec(line)?.[1];
  return docText === undefined || docText.includes(" ");
}

/** `path:line: text` for each line of the generated TypeScript in `dir` that is too long. */
async function longLines(dir: string): Promise<string[]> {
  const files = [...(await readTree(dir))].filter(([path]) => /\/generated\/.*\.ts$/.test(path));
  expect(files.length).toBeGreaterThan(0);
  return files.flatMap(([path, contents]) =>
    contents.split("\n").flatMap((line, index) => (tooLong(line) ? [`${path}:${index + 1}: ${line}`] : [])),
  );
}

async function generate(spec: string): Promise<string> {
  const dir = await makeTempDir("codegen-width-");
  // The generator writes the editor schema beside the spec, so it gets its own copy.
  await copyFile(spec, join(dir, "spec.yaml"));
  const run = await runCli(["generate", "--spec", "spec.yaml", "--out", "out"], dir);
  expect(run.err).toEqual([]);
  return dir;
}

describe("generated lines", () => {
  it("tell a long line from one long only because of a string or a URL", () => {
    const long = "x".repeat(maxWidth);
    expect(tooLong(`  f(${long});`)).toBe(true);
    expect(tooLong(`  f("${long}");`)).toBe(false);
    expect(tooLong(`   * https://example.com/${long}`)).toBe(false);
    expect(tooLong(`   * See https://example.com/${long}`)).toBe(true);
  });

  it("of the real spec keep within 100 columns", async () => {
    expect(await longLines(await generate(realSpec))).toEqual([]);
  });

  it.each(features)("of the %s feature spec keep within 100 columns", async (feature) => {
    expect(await longLines(await generate(join(featuresDir, feature, "spec.yaml")))).toEqual([]);
  });
});
