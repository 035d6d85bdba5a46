import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import { IndentationText, Project, QuoteKind, type SourceFile, ts } from "ts-morph";
import { emitClient } from "./emitters/client/emit-client.ts";
import type { Emitter, FileSet, PackageName, Statement } from "./emitters/emitter.ts";
import { emitReact } from "./emitters/react/emit-react.ts";
import { emitSchemas } from "./emitters/schemas/emit-schemas.ts";
import type { Api } from "./ir/types.ts";
import { specJsonSchema } from "./loader/language.ts";
import { renderScaffold } from "./scaffold.ts";

export const packageNames: readonly PackageName[] = ["schemas", "client", "react"];
const emitters: readonly Emitter[] = [emitSchemas, emitClient, emitReact];
const zodDirectory = dirname(createRequire(import.meta.url).resolve("zod/package.json"));
// The React package's peers, as the workspace's React package resolves them (codegen does not depend on React).
const reactPackage = createRequire(
  join(dirname(fileURLToPath(import.meta.url)), "../../packages/react/package.json"),
);
const reactPeers = Object.fromEntries(
  ["@tanstack/react-query", "@types/react"].map((name) => [
    name.replace("@types/", ""),
    [dirname(reactPackage.resolve(`${name}/package.json`))],
  ]),
);
const templates = join(dirname(fileURLToPath(import.meta.url)), "..", "templates");

export interface RenderedFile {
  /** Absolute path. */
  readonly path: string;
  readonly contents: string;
}

/** Raised when generated code does not type-check: a generator bug, never the spec's fault. */
export class GeneratedCodeError extends Error {
  override name = "GeneratedCodeError";
}

/**
 * Renders every generated file in memory: runs the emitters, formats their output,
 * type-checks it against the hand-written runtime beside it, and adds the headers.
 * (`--check` skips the type check: output equal to the committed files was checked
 * when it was written, and output that differs fails the check anyway.)
 * Nothing is written here, so a failure anywhere leaves the disk untouched.
 */
export async function render(
  api: Api,
  outDir: string,
  options: { typeCheck: boolean } = { typeCheck: true },
): Promise<RenderedFile[]> {
  const scaffold = await renderScaffold(outDir, packageNames);
  const project = new Project({
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double },
    compilerOptions: {
      strict: true,
      noEmit: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      // The React runtime beside the hooks is TSX.
      jsx: ts.JsxEmit.ReactJSX,
      // Generated code must check wherever it is written, even outside this repository.
      paths: {
        ...Object.fromEntries(
          packageNames.map((name) => [`@commerce-api/${name}`, [join(outDir, name, "src", "index.ts")]]),
        ),
        "zod/mini": [join(zodDirectory, "mini", "index.d.ts")],
        ...reactPeers,
      },
    },
  });
  const modules = new Map<string, Statement[]>();
  const files: FileSet = {
    create(pkg, path) {
      const statements: Statement[] = [];
      modules.set(join(outDir, pkg, "src", "generated", path), statements);
      return statements;
    },
  };
  for (const emit of emitters) emit(api, files);
  const created = [...modules].map(([path, statements]) =>
    project.createSourceFile(path, { statements }, { overwrite: true }),
  );
  // A scaffolded package's runtime is checked with its generated code before anything is written.
  for (const file of scaffold.filter((f) => /\.tsx?$/.test(f.path)))
    project.createSourceFile(file.path, file.contents, { overwrite: true });

  const header = Handlebars.compile(await readFile(join(templates, "header.hbs"), "utf8"), {
    noEscape: true,
  })({
    source: api.source,
    title: api.title,
    version: api.version,
  });
  for (const file of created) {
    // Emitters import what they reference; the language service drops what ends up unused and sorts the rest.
    file.organizeImports();
    file.formatText({ indentSize: 2, convertTabsToSpaces: true, ensureNewLineAtEndOfFile: true });
  }
  if (options.typeCheck) typeCheck(project, created);
  const generated = created.map((file) => ({
    path: file.getFilePath(),
    contents: `${header}\n${file.getFullText()}`,
  }));
  return [...generated, ...scaffold];
}

function typeCheck(project: Project, files: readonly SourceFile[]) {
  const program = project.getProgram();
  const problems = files
    .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
    .map((d) => {
      const file = d.getSourceFile()!;
      const { line, column } = file.getLineAndColumnAtPos(d.getStart() ?? 0);
      return `${file.getFilePath()}:${line}:${column} ${ts.flattenDiagnosticMessageText(d.compilerObject.messageText, "\n")}`;
    });
  if (problems.length > 0) {
    throw new GeneratedCodeError(
      `the generated code does not type-check (a generator bug):\n${problems.slice(0, 20).join("\n")}`,
    );
  }
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
