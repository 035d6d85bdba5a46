import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { SourceFile, ts as TypeScript } from "ts-morph";
import type { PackageName } from "./emitters/emitter.ts";
import type { RenderedFile } from "./rendered-file.ts";

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

/**
 * What `generate --verify` checks before anything is written, as `path:line:col problem`
 * lines (none when all is well): the generated files type-check against the hand-written
 * runtime beside them (or the scaffolded one), and TypeScript's formatter would leave them
 * as printed. Both need the TypeScript compiler, which is why this module is loaded only then.
 */
export async function verifyGenerated(
  generated: readonly RenderedFile[],
  scaffold: readonly RenderedFile[],
  outDir: string,
  packageNames: readonly PackageName[],
): Promise<string[]> {
  // Imported here, not at the top: the launcher's bundle must not load TypeScript for every run.
  const { IndentationText, Project, QuoteKind, ts } = await import("ts-morph");
  const options: TypeScript.CompilerOptions = {
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
  };
  const project = new Project({
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double },
  });
  const files = generated.map((file) =>
    project.createSourceFile(file.path, file.contents, { overwrite: true }),
  );
  const sources = [...generated, ...scaffold.filter((f) => /\.tsx?$/.test(f.path))];
  const host = compilerHost(ts, sources, project.getModuleResolutionHost());
  return [...layoutProblems(files), ...typeProblems(ts, options, host, generated)];
}

/**
 * Declaration files from packages (TypeScript's own libs, zod's and React's types), parsed and
 * bound once per process: most of a small spec's check is reading lib.dom.d.ts and the zod
 * types, and a process that verifies many specs (the test suite) would otherwise repeat it for
 * each. Reused only while the file's text is unchanged; TypeScript's language service shares
 * parsed files between programs the same way.
 */
const packageDeclarations = new Map<string, { text: string; file: TypeScript.SourceFile }>();

/** Where ts-morph's file system serves TypeScript's lib files from (they are bundled in memory). */
const libFolder = "/node_modules/typescript/lib";

function compilerHost(
  ts: typeof TypeScript,
  sources: readonly RenderedFile[],
  disk: TypeScript.ModuleResolutionHost,
): TypeScript.CompilerHost {
  const inMemory = new Map(sources.map((file) => [slashes(file.path), file.contents]));
  // Module resolution looks for a file only in a folder that exists: the output's folders do, here.
  const folders = new Set(
    [...inMemory.keys()].flatMap((path) => path.split("/").map((_, i, parts) => parts.slice(0, i).join("/"))),
  );
  const readFile = (path: string) => inMemory.get(path) ?? disk.readFile(path);
  return {
    fileExists: (path) => inMemory.has(path) || disk.fileExists(path),
    readFile,
    directoryExists: (path) =>
      folders.has(path.replace(/\/+$/, "")) || (disk.directoryExists?.(path) ?? true),
    getDirectories: (path) => disk.getDirectories?.(path) ?? [],
    realpath: disk.realpath,
    getCurrentDirectory: () => disk.getCurrentDirectory?.() ?? "/",
    getCanonicalFileName: (path) => path,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
    getDefaultLibFileName: (compilerOptions) => `${libFolder}/${ts.getDefaultLibFileName(compilerOptions)}`,
    getDefaultLibLocation: () => libFolder,
    writeFile: () => {},
    getSourceFile(path, languageVersion, onError) {
      const text = readFile(path);
      if (text === undefined) {
        onError?.(`cannot read ${path}`);
        return undefined;
      }
      if (inMemory.has(path) || !/\/node_modules\/.*\.d\.[cm]?ts$/.test(path)) {
        return ts.createSourceFile(path, text, languageVersion);
      }
      const cached = packageDeclarations.get(path);
      if (cached?.text === text) return cached.file;
      const file = ts.createSourceFile(path, text, languageVersion);
      packageDeclarations.set(path, { text, file });
      return file;
    },
  };
}

const slashes = (path: string) => path.replaceAll("\\", "/");

function layoutProblems(files: readonly SourceFile[]): string[] {
  return files.flatMap((file) => {
    const printed = file.getFullText();
    file.formatText({ indentSize: 2, convertTabsToSpaces: true, ensureNewLineAtEndOfFile: true });
    const formatted = file.getFullText();
    if (formatted === printed) return [];
    const printedLines = printed.split("\n");
    const formattedLines = formatted.split("\n");
    const index = printedLines.findIndex((line, i) => line !== formattedLines[i]);
    const at = index === -1 ? printedLines.length : index;
    return [
      `${file.getFilePath()}:${at + 1}:1 not laid out as TypeScript's formatter lays it out (see printer.ts):\n` +
        `  printed:   ${JSON.stringify(printedLines[at] ?? "")}\n  formatted: ${JSON.stringify(formattedLines[at] ?? "")}`,
    ];
  });
}

function typeProblems(
  ts: typeof TypeScript,
  options: TypeScript.CompilerOptions,
  host: TypeScript.CompilerHost,
  generated: readonly RenderedFile[],
): string[] {
  const program = ts.createProgram({ rootNames: generated.map((file) => slashes(file.path)), options, host });
  return generated
    .map((file) => program.getSourceFile(slashes(file.path))!)
    .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
    .map((d) => {
      const file = d.file!;
      const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
      const where = `${file.fileName}:${line + 1}:${character + 1}`;
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
}
