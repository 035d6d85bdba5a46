import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Project, SourceFile, ts as TypeScript } from "ts-morph";
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
  const files = generated.map((file) =>
    project.createSourceFile(file.path, file.contents, { overwrite: true }),
  );
  for (const file of scaffold.filter((f) => /\.tsx?$/.test(f.path)))
    project.createSourceFile(file.path, file.contents, { overwrite: true });
  return [...layoutProblems(files), ...typeProblems(project, files, ts.flattenDiagnosticMessageText)];
}

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
  project: Project,
  files: readonly SourceFile[],
  flatten: typeof TypeScript.flattenDiagnosticMessageText,
): string[] {
  const program = project.getProgram();
  return files
    .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
    .map((d) => {
      const file = d.getSourceFile()!;
      const { line, column } = file.getLineAndColumnAtPos(d.getStart() ?? 0);
      return `${file.getFilePath()}:${line}:${column} ${flatten(d.compilerObject.messageText, "\n")}`;
    });
}
