import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { GeneratedCodeError, type RenderedFile } from "./rendered-file.ts";

const codegenRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The repo's Biome configuration: generated and hand-written code are laid out alike. */
const repoConfig = join(codegenRoot, "..", "biome.json");
/** What Biome printed for each piece of text it was given, by a hash of the text (see formatFiles). */
const cacheDir = join(codegenRoot, "node_modules", ".cache", "commerce-codegen", "format");
/** The files Biome formats; any other (Markdown) is written as the target gave it. */
const formatted = new Set([".ts", ".tsx", ".js", ".json"]);

/**
 * The files as Biome 2.6.8 (the version `pnpm lint` runs) lays them out under the repo's
 * biome.json, imports organised. Its WebAssembly build (`@biomejs/wasm-nodejs`, for
 * in-process use) lags the CLI (2.5 when the CLI is 2.6), and the two must never disagree,
 * so the generator runs the CLI: one process over a temporary copy of what it has not laid
 * out before.
 *
 * A TypeScript file is laid out in pieces, cut between top-level declarations (Biome lays
 * each declaration out on its own, and keeps the blank line between them): Biome takes
 * more than linear time on a file of megabytes (10 s of CPU for the 17 MB of schemas of
 * 1,008 operations, 2 s in pieces of a few hundred kilobytes), and a piece it has laid out
 * before is taken from the cache, keyed by its text, Biome's version and the configuration.
 */
export async function formatFiles(files: readonly RenderedFile[]): Promise<RenderedFile[]> {
  const salt = await cacheSalt();
  const keyed = files.map((file) =>
    formatted.has(extname(file.path))
      ? piecesOf(file).map((text) => ({ key: hash(salt + text), text, ext: extname(file.path) }))
      : [],
  );
  const unique = new Map(keyed.flat().map((piece) => [piece.key, piece]));
  const laidOut = new Map<string, string>();
  const cached = await Promise.all([...unique.keys()].map((key) => readCached(key)));
  [...unique.keys()].forEach((key, index) => {
    if (cached[index] !== undefined) laidOut.set(key, cached[index]);
  });
  const missing = [...unique.values()].filter((piece) => !laidOut.has(piece.key));
  if (missing.length > 0) {
    const fresh = await runBiomeOn(missing);
    await Promise.all(missing.map((piece) => writeCached(piece.key, fresh.get(piece.key)!)));
    for (const [key, text] of fresh) laidOut.set(key, text);
    await pruneCache();
  }
  return files.map((file, index) =>
    formatted.has(extname(file.path))
      ? { path: file.path, contents: keyed[index]!.map((piece) => laidOut.get(piece.key)!).join("\n") }
      : file,
  );
}

/**
 * A file's text cut at blank lines before a top-level declaration (a line at the margin
 * opening a doc comment or a declaration), in pieces of at least 32 kB: the cuts depend on
 * the text around them only, so an edit in one place leaves the other pieces as they were.
 */
function piecesOf(file: RenderedFile): string[] {
  if (extname(file.path) === ".json") return [file.contents];
  const pieces: string[] = [];
  let start = 0;
  for (const cut of file.contents.matchAll(/\n\n(?=\/\*\*|export |const |function |type |interface )/g)) {
    const size = cut.index - start;
    const nextLine = file.contents.slice(cut.index + 2, file.contents.indexOf("\n", cut.index + 2));
    if (size >= 32_768 && (hash(nextLine).charCodeAt(0) % 4 === 0 || size >= 262_144)) {
      pieces.push(file.contents.slice(start, cut.index + 1));
      start = cut.index + 2;
    }
  }
  pieces.push(file.contents.slice(start));
  return pieces;
}

interface Piece {
  readonly key: string;
  readonly text: string;
  readonly ext: string;
}

/** Biome over the pieces not laid out before, as files of a temporary folder: their texts by key. */
async function runBiomeOn(pieces: readonly Piece[]): Promise<Map<string, string>> {
  const dir = await mkdtemp(join(tmpdir(), "commerce-codegen-format-"));
  try {
    await writeFile(join(dir, "biome.json"), await biomeConfig());
    await Promise.all(pieces.map((piece) => writeFile(join(dir, `${piece.key}${piece.ext}`), piece.text)));
    await runBiome(dir);
    const texts = await Promise.all(
      pieces.map((piece) => readFile(join(dir, `${piece.key}${piece.ext}`), "utf8")),
    );
    return new Map(pieces.map((piece, index) => [piece.key, texts[index]!]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function cacheSalt(): Promise<string> {
  const biome = JSON.parse(await readFile(biomePackage.resolve("@biomejs/biome/package.json"), "utf8"));
  return `${biome.version}\0${await readFile(repoConfig, "utf8")}\0`;
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}

async function readCached(key: string): Promise<string | undefined> {
  return readFile(join(cacheDir, key), "utf8").catch(() => undefined);
}

/** Written aside and renamed, so a generator running at the same moment never reads half a piece. */
async function writeCached(key: string, text: string): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const temporary = join(cacheDir, `${key}.${process.pid}.tmp`);
  await writeFile(temporary, text);
  await rename(temporary, join(cacheDir, key));
}

/** Pieces not written for two weeks go: the cache keeps what recent specs need. */
async function pruneCache(): Promise<void> {
  const old = Date.now() - 14 * 24 * 3600 * 1000;
  for (const name of await readdir(cacheDir)) {
    const path = join(cacheDir, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (mtimeMs < old) await rm(path, { force: true });
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
  const biome = createRequire(biomePackage.resolve("@biomejs/biome/package.json"));
  try {
    return [biome.resolve(`@biomejs/cli-${process.platform}-${process.arch}/biome`)];
  } catch {
    return [process.execPath, biome.resolve("@biomejs/biome/bin/biome")];
  }
}

const biomePackage = createRequire(import.meta.url);
