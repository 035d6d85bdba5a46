import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import { emitClient } from "./emitters/client/emit-client.ts";
import { emitWebhookTypes } from "./emitters/client/webhooks.ts";
import type { Emitter, FileSet, PackageName, Statement } from "./emitters/emitter.ts";
import { printStatements } from "./emitters/printer.ts";
import { emitReact } from "./emitters/react/emit-react.ts";
import { emitSchemas } from "./emitters/schemas/emit-schemas.ts";
import { emitWebhookSchemas } from "./emitters/schemas/webhooks.ts";
import { emitValidators } from "./emitters/validators/emit-validators.ts";
import type { Api } from "./ir/types.ts";
import { specJsonSchema } from "./loader/language.ts";
import type { RenderedFile } from "./rendered-file.ts";
import { renderScaffold } from "./scaffold.ts";

export type { RenderedFile } from "./rendered-file.ts";

export const packageNames: readonly PackageName[] = ["schemas", "client", "react"];
const emitters: readonly Emitter[] = [
  emitSchemas,
  emitWebhookSchemas,
  emitClient,
  emitWebhookTypes,
  emitValidators,
  emitReact,
];
const templates = join(dirname(fileURLToPath(import.meta.url)), "..", "templates");

/** Raised when generated code does not type-check or is not laid out as TypeScript's formatter would: a generator bug, never the spec's fault. */
export class GeneratedCodeError extends Error {
  override name = "GeneratedCodeError";
}

/**
 * Renders every generated file in memory: runs the emitters, prints their statements and
 * adds the headers. With `verify`, it also type-checks the output against the hand-written
 * runtime beside it and checks its layout against TypeScript's formatter (seconds: it
 * loads the TypeScript compiler; the test suite does it for every spec it generates).
 * Nothing is written here, so a failure anywhere leaves the disk untouched.
 */
export async function render(
  api: Api,
  outDir: string,
  options: { verify: boolean } = { verify: false },
): Promise<RenderedFile[]> {
  const scaffold = await renderScaffold(outDir, packageNames);
  const modules = new Map<string, Statement[]>();
  const files: FileSet = {
    create(pkg, path) {
      const statements: Statement[] = [];
      modules.set(join(outDir, pkg, "src", "generated", path), statements);
      return statements;
    },
  };
  for (const emit of emitters) emit(api, files);
  const header = Handlebars.compile(await readFile(join(templates, "header.hbs"), "utf8"), {
    noEscape: true,
  })({ source: api.source, title: api.title, version: api.version });
  const generated = [...modules].map(([path, statements]) => ({
    path,
    contents: `${header}\n${printStatements(statements)}`,
  }));
  if (options.verify) {
    // Loaded only here: the TypeScript compiler takes longer to load than generating takes.
    const { verifyGenerated } = await import("./verify.ts");
    const problems = await verifyGenerated(generated, scaffold, outDir, packageNames);
    if (problems.length > 0) {
      throw new GeneratedCodeError(
        `the generated code does not pass verification (a generator bug):\n${problems.slice(0, 20).join("\n")}`,
      );
    }
  }
  return [...generated, ...scaffold];
}

/** The spec language's JSON Schema, written beside the spec for editors. */
export function renderSpecSchema(specPath: string): RenderedFile {
  return {
    path: join(dirname(specPath), "commerce.schema.json"),
    contents: `${JSON.stringify(specJsonSchema(), null, 2)}\n`,
  };
}

export interface Drift {
  readonly changed: string[];
  readonly stale: string[];
}

/** Which files on disk differ from the rendered ones, and which generated files no longer would be. */
export async function findDrift(files: readonly RenderedFile[], outDir: string): Promise<Drift> {
  const changed: string[] = [];
  for (const file of files) {
    const current = await readFile(file.path, "utf8").catch(() => undefined);
    if (current !== file.contents) changed.push(file.path);
  }
  const stale = (await generatedFilesOnDisk(outDir)).filter((path) => !files.some((f) => f.path === path));
  return { changed, stale };
}

async function generatedFilesOnDisk(outDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const pkg of packageNames) {
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
