import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { PackageName } from "./emitters/target.ts";
import type { RenderedFile } from "./rendered-file.ts";

const codegenRequire = createRequire(import.meta.url);
const zodDirectory = dirname(codegenRequire.resolve("zod/package.json"));
/** TypeScript 7's native compiler: the type check of a few hundred operations in a third of the CPU. */
const nativeTsc = join(dirname(codegenRequire.resolve("typescript-native/package.json")), "bin", "tsc");
const reactPackage = createRequire(
  join(dirname(fileURLToPath(import.meta.url)), "../../packages/react/package.json"),
);
const reactQueryDirectory = dirname(reactPackage.resolve("@tanstack/react-query/package.json"));
const queryCoreDirectory = dirname(
  createRequire(join(dirname(fileURLToPath(import.meta.url)), "../../packages/query/package.json")).resolve(
    "@tanstack/query-core/package.json",
  ),
);
const reactTypesDirectory = dirname(reactPackage.resolve("@types/react/package.json"));

/**
 * What `generate --verify` checks before anything is written: the type errors of the
 * generated files as `path:line:col problem` lines (none when all is well), checked by
 * TypeScript 7's compiler (a process of its own) against the hand-written runtime beside
 * them (or the scaffolded one), on a copy of the packages' sources with the generated and
 * scaffolded files in place: the files on disk stay as they are until verification has passed.
 */
export async function verifyGenerated(
  generated: readonly RenderedFile[],
  scaffold: readonly RenderedFile[],
  outDir: string,
  packageNames: readonly PackageName[],
): Promise<string[]> {
  const copy = await mkdtemp(join(tmpdir(), "commerce-codegen-verify-"));
  try {
    for (const name of packageNames) {
      await cp(join(outDir, name, "src"), join(copy, name, "src"), { recursive: true }).catch(ignoreMissing);
    }
    for (const file of [...scaffold, ...generated]) {
      const path = join(copy, relative(outDir, file.path));
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.contents);
    }
    const roots = generated.map((file) => join(copy, relative(outDir, file.path)));
    await writeFile(join(copy, "tsconfig.json"), JSON.stringify(checkConfig(copy, roots, packageNames)));
    const checked = new Set(generated.map((file) => relative(outDir, file.path)));
    // Errors of the generated files only: the runtime's own are its package's typecheck's.
    return diagnostics(await compile(copy))
      .filter((problem) => checked.has(problem.path))
      .map((problem) => `${join(outDir, problem.path)}:${problem.at}`);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

function checkConfig(copy: string, roots: readonly string[], packageNames: readonly PackageName[]) {
  return {
    compilerOptions: {
      strict: true,
      noEmit: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      target: "es2022",
      module: "esnext",
      moduleResolution: "bundler",
      lib: ["es2022", "dom"],
      types: [],
      jsx: "react-jsx",
      paths: {
        // Each package's root and subpath entries (`@commerce-api/schemas/webhooks`) from the copy's sources.
        ...Object.fromEntries(
          packageNames.flatMap((name) => [
            [`@commerce-api/${name}`, [join(copy, name, "src", "index.ts")]],
            // …and the dated entries (`@commerce-api/schemas/2026-10`), generated/<version>/index.ts.
            [
              `@commerce-api/${name}/*`,
              [join(copy, name, "src", "*.ts"), join(copy, name, "src", "generated", "*", "index.ts")],
            ],
          ]),
        ),
        "zod/mini": [join(zodDirectory, "mini", "index.d.ts")],
        "@tanstack/react-query": [reactQueryDirectory],
        "@tanstack/query-core": [queryCoreDirectory],
        react: [reactTypesDirectory],
        "react/*": [join(reactTypesDirectory, "*")],
      },
    },
    files: roots,
  };
}

/** tsc's output for the project in `dir`: `path(line,col): error TS…: message` lines (paths relative to `dir`). */
function compile(dir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const tsc = spawn(process.execPath, [nativeTsc, "-p", "tsconfig.json", "--pretty", "false"], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    tsc.stdout.on("data", (chunk) => {
      output += chunk;
    });
    tsc.stderr.on("data", (chunk) => {
      output += chunk;
    });
    tsc.on("error", reject);
    tsc.on("close", (code) => {
      // 0: no errors; 1 or 2: errors reported in the output; anything else: tsc itself failed.
      if (code === 0 || ((code === 1 || code === 2) && /error TS\d+/.test(output))) resolve(output);
      else reject(new Error(`TypeScript's compiler failed (exit ${code}):\n${output}`));
    });
  });
}

interface Diagnostic {
  readonly path: string;
  /** `line:col message`, with the message's continuation lines. */
  at: string;
}

/** Each error of tsc's output, its continuation lines joined to its message. */
function diagnostics(output: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const line of output.split("\n")) {
    const error = /^(.+)\((\d+),(\d+)\): error TS\d+: (.*)$/.exec(line);
    if (error) problems.push({ path: error[1]!, at: `${error[2]}:${error[3]} ${error[4]}` });
    else if (line.startsWith("  ") && problems.length > 0) problems[problems.length - 1]!.at += `\n${line}`;
  }
  return problems;
}

function ignoreMissing(error: NodeJS.ErrnoException) {
  if (error.code !== "ENOENT") throw error;
}
