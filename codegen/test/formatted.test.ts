/**
 * Generated code is laid out by Biome inside the generator (src/format.ts), so `pnpm lint`
 * (`biome check .`, the repo's biome.json) finds nothing to change in it: the committed
 * output of the real spec and the output of every feature spec, run through the repo's own
 * Biome and configuration.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { formatFiles } from "../src/format.ts";
import { codegenRoot, listFiles, makeTempDir, removeTempDirs, repoRoot, runCli } from "./helpers.ts";

afterAll(removeTempDirs);

const biome = join(repoRoot, "node_modules", "@biomejs", "biome", "bin", "biome");

/** Biome's `check` (formatter, organizeImports and linter) over `paths`, from `cwd`. */
async function biomeCheck(
  paths: readonly string[],
  cwd = repoRoot,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [biome, "check", ...paths], {
      cwd,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("generated code, as the repo's Biome sees it", () => {
  it("of the real spec: nothing to change", async () => {
    const paths = ["schemas", "client", "react"].map((pkg) => `packages/${pkg}/src/generated`);
    const { code, output } = await biomeCheck([...paths, "spec/commerce.schema.json"]);
    expect(output).toContain("No fixes applied");
    expect(output).not.toMatch(/Found \d+ (error|warning)/);
    expect(code).toBe(0);
  });

  it("of every feature spec: nothing to change", async () => {
    const dir = await makeTempDir();
    const features = (await listFiles(join(codegenRoot, "test", "features"))).filter((f) =>
      f.endsWith("spec.yaml"),
    );
    expect(features.length).toBeGreaterThan(10);
    for (const feature of features) {
      const name = feature.split("/")[0]!;
      await mkdir(join(dir, name), { recursive: true });
      await copyFile(join(codegenRoot, "test", "features", feature), join(dir, name, "spec.yaml"));
      const run = await runCli(["generate", "--spec", `${name}/spec.yaml`, "--out", `${name}/out`], dir);
      expect(run.err).toEqual([]);
    }
    // The repo's configuration, but for its git (the folder is not in the repo).
    const { vcs: _vcs, ...config } = JSON.parse(await readFile(join(repoRoot, "biome.json"), "utf8"));
    await writeFile(join(dir, "biome.json"), JSON.stringify({ ...config, root: true }));
    const generated = features.flatMap((feature) =>
      ["schemas", "client", "react"].map((pkg) => `${feature.split("/")[0]}/out/${pkg}/src/generated`),
    );
    const { code, output } = await biomeCheck(generated, dir);
    expect(output).not.toContain("━━");
    expect(output).toContain("No fixes applied");
    expect(code).toBe(0);
  });

  it("laid out in pieces (as formatFiles does past 32 kB) is what Biome makes of the whole file", async () => {
    const declaration = (n: number) =>
      `/** Thing ${n}. */\nexport const thing${n} = z.strictObject({ id: z.uuid(issueMessages), name: z.string(issueMessages).check(z.minLength(1), z.maxLength(${n})), tags: z.array(z.string(issueMessages), issueMessages) }, issueMessages);`;
    const text = `import * as z from "zod/mini";\nimport { issueMessages } from "../messages.js";\n\n${Array.from({ length: 600 }, (_, n) => declaration(n)).join("\n\n")}\n`;
    expect(text.length).toBeGreaterThan(4 * 32_768);
    const [formatted] = await formatFiles([{ path: "/generated/things.ts", contents: text }]);
    const dir = await makeTempDir();
    const { vcs: _vcs, ...config } = JSON.parse(await readFile(join(repoRoot, "biome.json"), "utf8"));
    await writeFile(join(dir, "biome.json"), JSON.stringify({ ...config, root: true }));
    await writeFile(join(dir, "things.ts"), text);
    await promisify(execFile)(process.execPath, [biome, "format", "--write", "things.ts"], { cwd: dir });
    expect(formatted!.contents).toBe(await readFile(join(dir, "things.ts"), "utf8"));
  });
});
