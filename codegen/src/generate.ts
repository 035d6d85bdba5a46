import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import type { Statement } from "./emitters/emitter.ts";
import { printStatements } from "./emitters/printer.ts";
import { type FileSet, packagesOf, type Target } from "./emitters/target.ts";
import { targets as allTargets } from "./emitters/targets.ts";
import { formatFiles, lineWidth } from "./format.ts";
import type { Api } from "./ir/types.ts";
import { apiAsOf } from "./ir/versions.ts";
import { GeneratedCodeError, type RenderedFile } from "./rendered-file.ts";
import { renderScaffold } from "./scaffold.ts";

export { GeneratedCodeError, type RenderedFile } from "./rendered-file.ts";

const templates = join(dirname(fileURLToPath(import.meta.url)), "..", "templates");

/** Where the targets' files go: `<outDir>/<package>/src/generated/` (or the package's folder), and the spec's folder. */
export interface OutputPaths {
  readonly outDir: string;
  readonly specPath: string;
}

export interface RenderOptions {
  /** Type-check the output too (seconds: it starts TypeScript's compiler). */
  readonly verify?: boolean;
  readonly targets?: readonly Target[];
}

/**
 * Renders every generated file in memory: runs the targets' emitters, prints their modules,
 * adds the headers and has Biome lay them out (format.ts), and renders the scaffold of a
 * package `--out` lacks. With `verify`, it also
 * type-checks the output against the hand-written runtime beside it (the test suite does it
 * for every spec it generates). Nothing is written here, so a failure anywhere leaves the
 * disk untouched.
 */
export async function render(
  api: Api,
  paths: OutputPaths,
  options: RenderOptions = {},
): Promise<RenderedFile[]> {
  const targets = options.targets ?? allTargets;
  const packages = packagesOf(targets);
  const scaffold = await renderScaffold(paths.outDir, packages);
  const header = Handlebars.compile(await readFile(join(templates, "header.hbs"), "utf8"), {
    noEscape: true,
  })({ source: api.source, title: api.title, version: api.version });
  const width = await lineWidth();
  const rootView = apiAsOf(api, api.version);
  const printed: RenderedFile[] = [];
  for (const target of targets) {
    const folder = outputFolder(target, paths);
    const modules: [string, Statement[]][] = [];
    const files: FileSet = {
      module(path) {
        const statements: Statement[] = [];
        modules.push([join(folder, path), statements]);
        return statements;
      },
      text(path, contents) {
        printed.push({ path: join(folder, path), contents });
      },
    };
    target.emit(target.everyVersion ? api : rootView, files);
    for (const [path, statements] of modules)
      printed.push({ path, contents: `${header}\n${printStatements(statements, width)}` });
  }
  const generated = await formatFiles(printed);
  if (options.verify) {
    // Loaded only here: the TypeScript compiler takes longer to load than generating takes.
    const { verifyGenerated } = await import("./verify.ts");
    const modules = generated.filter((file) => file.path.endsWith(".ts"));
    const problems = await verifyGenerated(modules, scaffold, paths.outDir, packages);
    if (problems.length > 0) {
      throw new GeneratedCodeError(
        `the generated code does not pass verification (a generator bug):\n${problems.slice(0, 20).join("\n")}`,
      );
    }
  }
  return [...generated, ...scaffold];
}

function outputFolder(target: Target, paths: OutputPaths): string {
  if (target.output === "spec-folder") return dirname(paths.specPath);
  if ("packageRoot" in target.output) return join(paths.outDir, target.output.packageRoot);
  return join(paths.outDir, target.output.package, "src", "generated");
}

export interface Drift {
  readonly changed: string[];
  readonly stale: string[];
}

/** Which files on disk differ from the rendered ones, and which generated files no longer would be. */
export async function findDrift(
  files: readonly RenderedFile[],
  outDir: string,
  targets: readonly Target[] = allTargets,
): Promise<Drift> {
  const changed: string[] = [];
  for (const file of files) {
    const current = await readFile(file.path, "utf8").catch(() => undefined);
    if (current !== file.contents) changed.push(file.path);
  }
  const stale = (await generatedFilesOnDisk(outDir, packagesOf(targets))).filter(
    (path) => !files.some((f) => f.path === path),
  );
  return { changed, stale };
}

async function generatedFilesOnDisk(outDir: string, packages: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const pkg of packages) {
    const dir = join(outDir, pkg, "src", "generated");
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) if (entry.isFile()) found.push(resolve(entry.parentPath, entry.name));
  }
  return found;
}

/**
 * Writes every file through a temporary sibling and a rename, only after all have been
 * rendered, and removes generated files the spec no longer produces.
 */
export async function writeFiles(files: readonly RenderedFile[], stale: readonly string[]): Promise<void> {
  const temporary = files.map((file) => ({ ...file, temp: `${file.path}.${process.pid}.tmp` }));
  try {
    for (const file of temporary) {
      await mkdir(dirname(file.path), { recursive: true });
      await writeFile(file.temp, file.contents);
    }
  } catch (error) {
    await Promise.all(temporary.map((file) => rm(file.temp, { force: true })));
    throw error;
  }
  for (const file of temporary) await rename(file.temp, file.path);
  for (const path of stale) await rm(path, { force: true });
}

export function displayPath(path: string, root: string): string {
  return relative(root, path) || path;
}
