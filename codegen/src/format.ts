import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { GeneratedCodeError, type RenderedFile } from "./rendered-file.ts";

/** The repo's Biome configuration: generated and hand-written code are laid out alike. */
const repoConfig = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "biome.json");
/** The files Biome formats; any other (Markdown) is written as the target gave it. */
const formatted = new Set([".ts", ".tsx", ".js", ".json"]);

/**
 * The files as Biome 2.6.8 (the version `pnpm lint` runs) lays them out under the repo's
 * biome.json, imports organised: one Biome process over a temporary copy of them all. Its
 * WebAssembly build (`@biomejs/wasm-nodejs`, for in-process use) lags the CLI (2.5 when
 * the CLI is 2.6), and the two must never disagree, so the generator runs the CLI itself.
 */
export async function formatFiles(files: readonly RenderedFile[]): Promise<RenderedFile[]> {
  const dir = await mkdtemp(join(tmpdir(), "commerce-codegen-format-"));
  try {
    const copies = files.map((file, index) =>
      formatted.has(extname(file.path)) ? join(dir, String(index), basename(file.path)) : undefined,
    );
    await writeFile(join(dir, "biome.json"), await biomeConfig());
    await Promise.all(
      files.map(async (file, index) => {
        const copy = copies[index];
        if (!copy) return;
        await mkdir(dirname(copy), { recursive: true });
        await writeFile(copy, file.contents);
      }),
    );
    await runBiome(dir);
    return Promise.all(
      files.map(async (file, index) => {
        const copy = copies[index];
        return copy ? { path: file.path, contents: await readFile(copy, "utf8") } : file;
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The width Biome keeps code within, for what it does not lay out itself (doc comments). */
export async function lineWidth(): Promise<number> {
  return JSON.parse(await readFile(repoConfig, "utf8")).formatter.lineWidth;
}

/**
 * The repo's configuration for a folder of generated files only: what Biome reads to find
 * and skip files (the repo's includes, git) is left out, and so is the size limit (at a
 * thousand operations a generated file is megabytes).
 */
async function biomeConfig(): Promise<string> {
  const {
    files: _files,
    vcs: _vcs,
    $schema: _schema,
    ...config
  } = JSON.parse(await readFile(repoConfig, "utf8"));
  return JSON.stringify({ ...config, root: true, files: { maxSize: 1024 ** 3 } });
}

/** `biome check --write` without the linter: the formatter and the assists (organizeImports). */
function runBiome(dir: string): Promise<void> {
  const [command, ...prefix] = biomeCommand();
  const args = [...prefix, "check", "--write", "--linter-enabled=false", "--no-errors-on-unmatched", "."];
  return new Promise((resolve, reject) => {
    const biome = spawn(command!, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    biome.stdout.on("data", (chunk) => {
      output += chunk;
    });
    biome.stderr.on("data", (chunk) => {
      output += chunk;
    });
    biome.on("error", reject);
    biome.on("close", (code) => {
      if (code === 0) resolve();
      else
        reject(
          new GeneratedCodeError(`Biome could not format the generated code (a generator bug):\n${output}`),
        );
    });
  });
}

/**
 * Biome's native binary for this platform, as its npm package's launcher finds it, without
 * that launcher's own Node.js start; the launcher where the binary is not where expected.
 */
function biomeCommand(): string[] {
  const biome = createRequire(createRequire(import.meta.url).resolve("@biomejs/biome/package.json"));
  try {
    return [biome.resolve(`@biomejs/cli-${process.platform}-${process.arch}/biome`)];
  } catch {
    return [process.execPath, biome.resolve("@biomejs/biome/bin/biome")];
  }
}
