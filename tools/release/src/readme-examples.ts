/**
 * The README examples as tests: every `ts`, `tsx`, `js` and `mjs` code block of the root README
 * and of each published package's README, extracted into files of the outside project, where
 * they are type-checked against the installed packages; those marked to run are run in Node.
 *
 * A block is a whole module unless the nearest non-blank line before its fence says otherwise:
 *
 *   <!-- example: run -->                  also run, against a sandbox started for it
 *   <!-- example: fragment client react --> checked after the named contexts
 *                                          (consumer/readme-contexts/<name>.ts or .tsx)
 *   <!-- example: skip <why> -->           not checked (counted and printed)
 */
import ts from "typescript";

export type ExampleKind = "module" | "run" | "fragment" | "skip";

export interface ReadmeExample {
  /** The README, relative to the repo (`packages/client/README.md`). */
  readme: string;
  /** The line of the opening fence (1-based); the code starts on the next line. */
  line: number;
  lang: "ts" | "tsx" | "js" | "mjs";
  kind: ExampleKind;
  /** The contexts a fragment names; the reason a skip gives. */
  args: string[];
  code: string;
}

const CHECKED_LANGS = new Set(["ts", "tsx", "js", "mjs"]);
const KINDS = new Set<ExampleKind>(["run", "fragment", "skip"]);
const FENCE = /^\s*```(\w*)\s*$/;
const MARKER = /^\s*<!--\s*example:\s*(\S+)(.*?)-->\s*$/;

/** The checked code blocks of one README, in order; a marker of an unknown kind throws, naming its line. */
export function extractExamples(markdown: string, readme: string): ReadmeExample[] {
  const lines = markdown.split("\n");
  const examples: ReadmeExample[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = FENCE.exec(lines[index]!);
    if (!opening) continue;
    const close = lines.findIndex((line, at) => at > index && /^\s*```\s*$/.test(line));
    if (close === -1) throw new Error(`${readme}:${index + 1}: a code block that is never closed`);
    const lang = opening[1]!;
    if (CHECKED_LANGS.has(lang)) {
      const { kind, args } = markerBefore(lines, index, readme);
      examples.push({
        readme,
        line: index + 1,
        lang: lang as ReadmeExample["lang"],
        kind,
        args,
        code: lines.slice(index + 1, close).join("\n"),
      });
    }
    index = close;
  }
  return examples;
}

function markerBefore(lines: string[], fence: number, readme: string): { kind: ExampleKind; args: string[] } {
  let at = fence - 1;
  while (at >= 0 && lines[at]!.trim() === "") at--;
  const marker = at >= 0 ? MARKER.exec(lines[at]!) : null;
  if (!marker) return { kind: "module", args: [] };
  const kind = marker[1] as ExampleKind;
  if (!KINDS.has(kind)) {
    throw new Error(
      `${readme}:${at + 1}: unknown example kind "${marker[1]}": use <!-- example: run -->, <!-- example: fragment <context>... --> or <!-- example: skip <why> -->`,
    );
  }
  const args = marker[2]!.trim().split(/\s+/).filter(Boolean);
  if (kind === "skip" && args.length === 0) {
    throw new Error(`${readme}:${at + 1}: a skipped example says why: <!-- example: skip <why> -->`);
  }
  return { kind, args };
}

/** The file an example is checked as, in the project's readme/ folder. */
export function exampleFileName(example: ReadmeExample): string {
  const slug = example.readme.replace(/\.md$/i, "").replace(/[^A-Za-z0-9]+/g, "-");
  const extension = example.lang === "js" ? "mjs" : example.lang;
  return `${slug}-L${example.line}.${extension}`;
}

export interface RenderedExample {
  file: string;
  text: string;
  /** Lines of context before the example's own first line. */
  contextLines: number;
  example: ReadmeExample;
}

/**
 * An example as a file: a fragment after its contexts, and each file a module of its own
 * (`export {}`), so one example's names never reach another.
 */
export function renderExample(example: ReadmeExample, contexts: Record<string, string>): RenderedExample {
  const preamble =
    example.kind === "fragment"
      ? example.args.map((name) => {
          const context = contexts[name];
          if (context === undefined) {
            const known = Object.keys(contexts).sort().join(", ") || "none";
            throw new Error(
              `${example.readme}:${example.line}: no example context "${name}" (known: ${known}); add tools/release/consumer/readme-contexts/${name}.ts`,
            );
          }
          return context.trimEnd();
        })
      : [];
  const head = preamble.length > 0 ? `${preamble.join("\n")}\n` : "";
  return {
    file: exampleFileName(example),
    text: `${head}${example.code}\nexport {};\n`,
    contextLines: head === "" ? 0 : head.split("\n").length - 1,
    example,
  };
}

/**
 * The compiler's messages with each example file's line turned into its README's
 * (`packages/client/README.md:14:7 error TS2304: …`); lines of a fragment's context name the
 * context. Lines about other files are kept as they are.
 */
export function toReadmeLocations(output: string, rendered: RenderedExample[]): string {
  const byFile = new Map(rendered.map((entry) => [entry.file, entry]));
  return output
    .split("\n")
    .map((line) => {
      const match = /^(?:readme\/)?([^(/]+)\((\d+),(\d+)\): (.*)$/.exec(line);
      const entry = match && byFile.get(match[1]!);
      if (!match || !entry) return line;
      const lineInFile = Number(match[2]);
      const own = lineInFile - entry.contextLines;
      const where =
        own >= 1
          ? `${entry.example.readme}:${entry.example.line + own}:${match[3]}`
          : `${entry.example.readme}:${entry.example.line} (in the context of this fragment, line ${lineInFile})`;
      return `${where} ${match[4]}`;
    })
    .join("\n");
}

/** The address README examples point a client at; the runner puts the sandbox it started there. */
export const README_SANDBOX_URL = "http://127.0.0.1:4010";

/** A runnable example as an ES module for Node: TypeScript removed, the sandbox's address in. */
export function runnableModule(example: ReadmeExample, sandboxUrl: string): string {
  const { outputText } = ts.transpileModule(example.code, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      verbatimModuleSyntax: false,
    },
    fileName: exampleFileName(example),
  });
  return outputText.replaceAll(README_SANDBOX_URL, sandboxUrl);
}

/** How many examples of each kind: the rehearsal prints it. */
export function countByKind(examples: ReadmeExample[]): Record<ExampleKind, number> {
  const counts: Record<ExampleKind, number> = { module: 0, run: 0, fragment: 0, skip: 0 };
  for (const example of examples) counts[example.kind]++;
  return counts;
}
