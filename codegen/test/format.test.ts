/**
 * The generator's layout step (src/format.ts): Biome lays out TypeScript and JSON (imports
 * sorted, no linter), leaves other text as the target gave it, names a generator bug when
 * Biome refuses the code, and keeps what it laid out in a cache keyed by the text, Biome's
 * version and the repo's biome.json, pruned of pieces older than two weeks.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatFiles } from "../src/format.ts";
import { GeneratedCodeError } from "../src/rendered-file.ts";
import { codegenRoot, repoRoot } from "./helpers.ts";

const cacheDir = join(codegenRoot, "node_modules", ".cache", "commerce-codegen", "format");
const planted: string[] = [];
afterAll(() => Promise.all(planted.map((path) => rm(path, { force: true }))));

/** The cache's key of a piece of text, as the generator computes it. */
async function cacheKey(text: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const { version } = JSON.parse(await readFile(require.resolve("@biomejs/biome/package.json"), "utf8"));
  const config = await readFile(join(repoRoot, "biome.json"), "utf8");
  return createHash("sha256").update(`${version}\0${config}\0${text}`).digest("base64url");
}

/** A text no earlier run has laid out, so Biome runs on it. */
const fresh = () => `export const value${randomUUID().replaceAll("-", "")} = { a: 1 };\n`;

describe("formatFiles", () => {
  it("lays out TypeScript as Biome does, imports sorted, and leaves unused names (no linter)", async () => {
    const text = `import { b } from "./b.js";\nimport { a } from "./a.js";\nconst unused = 1;\nexport const x = {a, b,   c: [1,2]};\n`;
    const [file] = await formatFiles([{ path: "/out/x.ts", contents: text }]);
    expect(file).toEqual({
      path: "/out/x.ts",
      contents: `import { a } from "./a.js";\nimport { b } from "./b.js";\n\nconst unused = 1;\nexport const x = { a, b, c: [1, 2] };\n`,
    });
  });

  it("lays out JSON, and gives Markdown back as the target wrote it, in the order given", async () => {
    const files = await formatFiles([
      { path: "/out/notes.md", contents: "#  Notes\n\n*  one\n" },
      { path: "/out/data.json", contents: '{"a":1,\n"b":[1,2]}' },
    ]);
    expect(files).toEqual([
      { path: "/out/notes.md", contents: "#  Notes\n\n*  one\n" },
      { path: "/out/data.json", contents: '{ "a": 1, "b": [1, 2] }\n' },
    ]);
  });

  it("names a generator bug when Biome cannot parse what it was given", async () => {
    const broken = formatFiles([
      { path: "/out/broken.ts", contents: `export const ${randomUUID().slice(0, 4)}x = {;\n` },
    ]);
    await expect(broken).rejects.toBeInstanceOf(GeneratedCodeError);
    await expect(broken).rejects.toThrow(/^Biome could not format the generated code \(a generator bug\):\n/);
  });

  it("takes a piece it laid out before from the cache, keyed by the text, Biome's version and biome.json", async () => {
    const text = fresh();
    const key = await cacheKey(text);
    await mkdir(cacheDir, { recursive: true });
    planted.push(join(cacheDir, key));
    await writeFile(join(cacheDir, key), "// from the cache\n");
    const [file] = await formatFiles([{ path: "/out/cached.ts", contents: text }]);
    expect(file!.contents).toBe("// from the cache\n");
  });

  it("writes what Biome laid out into the cache, and prunes pieces older than two weeks", async () => {
    await mkdir(cacheDir, { recursive: true });
    const day = 24 * 3600;
    const now = Date.now() / 1000;
    const old = join(cacheDir, `planted-old-${randomUUID()}`);
    const recent = join(cacheDir, `planted-recent-${randomUUID()}`);
    planted.push(old, recent);
    for (const path of [old, recent]) await writeFile(path, "x");
    await utimes(old, now - 15 * day, now - 15 * day);
    await utimes(recent, now - 13 * day, now - 13 * day);

    const text = fresh();
    const [file] = await formatFiles([{ path: "/out/fresh.ts", contents: text }]);
    const key = await cacheKey(text);
    planted.push(join(cacheDir, key));
    expect(await readFile(join(cacheDir, key), "utf8")).toBe(file!.contents);
    await expect(stat(old)).rejects.toMatchObject({ code: "ENOENT" });
    expect((await stat(recent)).isFile()).toBe(true);
  });
});
