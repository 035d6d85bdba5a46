import { watch } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { exitCodes, type Io } from "./command-io.ts";
import { formatDiagnostic, SpecError, sortDiagnostics } from "./diagnostics.ts";
import { driftReport, formatDriftReport } from "./drift/drift-report.ts";
import { OpenApiInputError, readOpenApi } from "./drift/read-openapi.ts";
import { displayPath, findDrift, GeneratedCodeError, render, writeFiles } from "./generate.ts";
import { runImport } from "./import/command.ts";
import { loadSpec } from "./loader/load.ts";
import { readYaml } from "./loader/read-yaml.ts";

const usage = `usage:
  commerce-codegen generate [--spec spec/commerce.yaml] [--out packages] [--check] [--watch] [--verify]
  commerce-codegen check    [--spec spec/commerce.yaml]
  commerce-codegen drift    --openapi <document.json|.yaml> [--spec spec/commerce.yaml]
  commerce-codegen import   --openapi <document.json|.yaml> [--operation <id | "METHOD /path">]... [--all] [--webhooks] [--spec spec/commerce.yaml]

--verify also type-checks the generated code before writing (slower)
drift compares the spec with an OpenAPI document (e.g. the service's, downloaded) and lists
each difference the spec does not mark as deliberate
import writes the chosen operations (and webhooks) of an OpenAPI document into the spec, with
every type they reach: it creates the spec, or adds what it lacks; a disagreement with what the
spec says is reported at its line and nothing is written

exit codes: 0 success; 1 spec error or (with --check) drift, or (drift) differences not marked
deliberate, or (import) the spec disagrees with the document; 2 usage error`;

export { exitCodes, type Io };

const consoleIo: Io = { out: (line) => console.log(line), err: (line) => console.error(line) };

export async function main(
  argv: readonly string[],
  io: Io = consoleIo,
  cwd = process.cwd(),
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`commerce-codegen: ${(error as Error).message}\n${usage}`);
    return exitCodes.usage;
  }
  if (parsed.help) {
    io.out(usage);
    return exitCodes.ok;
  }
  const options = {
    ...parsed,
    specPath: resolve(cwd, parsed.spec),
    outDir: resolve(cwd, parsed.out ?? "packages"),
    cwd,
  };
  if (options.command === "generate" && options.watch) return watchAndGenerate(options, io);
  return run(options, io);
}

function parse(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      spec: { type: "string", default: "spec/commerce.yaml" },
      out: { type: "string" },
      check: { type: "boolean", default: false },
      watch: { type: "boolean", default: false },
      verify: { type: "boolean", default: false },
      openapi: { type: "string" },
      operation: { type: "string", multiple: true },
      all: { type: "boolean", default: false },
      webhooks: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ...extra] = positionals;
  if (values.help) return { ...values, command: "generate" as const };
  if (command !== "generate" && command !== "check" && command !== "drift" && command !== "import") {
    throw new Error(command ? `unknown command '${command}'` : "missing command");
  }
  if (extra.length > 0) throw new Error(`unexpected argument '${extra[0]}'`);
  if (command === "check" && (values.check || values.watch || values.verify || values.out !== undefined)) {
    throw new Error("'check' only takes --spec");
  }
  if (values.check && values.watch) throw new Error("--check and --watch cannot be combined");
  if (command !== "import" && (values.operation !== undefined || values.all || values.webhooks)) {
    throw new Error("--operation, --all and --webhooks are options of 'import'");
  }
  if (command === "import") {
    if (values.check || values.watch || values.verify || values.out !== undefined) {
      throw new Error("'import' only takes --openapi, --operation, --all, --webhooks and --spec");
    }
    if (values.openapi === undefined) {
      throw new Error("'import' needs --openapi <file>: the OpenAPI document (JSON or YAML) to import from");
    }
    if (values.all && values.operation !== undefined)
      throw new Error("--all already takes every operation; drop --operation");
    if (!values.all && values.operation === undefined && !values.webhooks) {
      throw new Error(
        "'import' needs what to bring in: --operation <id | \"METHOD /path\"> (repeatable), --all, or --webhooks",
      );
    }
  } else if (command === "drift") {
    if (values.check || values.watch || values.verify || values.out !== undefined) {
      throw new Error("'drift' only takes --openapi and --spec");
    }
    if (values.openapi === undefined) {
      throw new Error(
        "'drift' needs --openapi <file>: the OpenAPI document (JSON or YAML) to compare the spec with",
      );
    }
  } else if (values.openapi !== undefined) {
    throw new Error("--openapi is an option of 'drift' and 'import'");
  }
  return { ...values, command };
}

export type Options = ReturnType<typeof parse> & { specPath: string; outDir: string; cwd: string };

async function run(options: Options, io: Io): Promise<number> {
  const started = performance.now();
  try {
    if (options.command === "drift") return await reportDrift(options, io);
    if (options.command === "import") return await runImport(options, io);
    const api = await loadSpec(options.specPath, options.cwd);
    if (options.command === "check") {
      io.out(
        `${displayPath(options.specPath, options.cwd)}: ok (${count(api.operations.length, "operation")}, ${count(api.declarations.length, "type")}${api.webhooks.length > 0 ? `, ${count(api.webhooks.length, "webhook event")}` : ""})`,
      );
      return exitCodes.ok;
    }
    const files = await render(api, options, { verify: options.verify });
    const drift = await findDrift(files, options.outDir);
    const show = (path: string) => displayPath(path, options.cwd);
    if (options.check) {
      if (drift.changed.length === 0 && drift.stale.length === 0) {
        io.out(`generated files are up to date (${files.length} files)`);
        return exitCodes.ok;
      }
      for (const path of drift.changed) io.err(`differs: ${show(path)}`);
      for (const path of drift.stale) io.err(`no longer generated: ${show(path)}`);
      io.err("the generated files are out of date with the spec; run `pnpm generate` and commit the result");
      return exitCodes.failed;
    }
    // Unchanged files are left alone, so their timestamps (and --watch) see no change.
    await writeFiles(
      files.filter((file) => drift.changed.includes(file.path)),
      drift.stale,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(
      `generated ${files.length} files (${drift.changed.length} changed, ${drift.stale.length} removed) in ${seconds}s`,
    );
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof GeneratedCodeError) {
      io.err(`commerce-codegen: ${error.message}`);
      return exitCodes.failed;
    }
    if (!(error instanceof SpecError)) throw error;
    for (const diagnostic of sortDiagnostics(error.diagnostics)) io.err(formatDiagnostic(diagnostic));
    io.err(`${count(error.diagnostics.length, "problem")} in the spec; nothing was written`);
    return exitCodes.failed;
  }
}

/** `drift --openapi`: exit 0 when the spec and the document differ only where the spec says it does on purpose. */
async function reportDrift(options: Options, io: Io): Promise<number> {
  const documentPath = resolve(options.cwd, options.openapi!);
  let theirs: Awaited<ReturnType<typeof readOpenApi>>;
  try {
    theirs = await readOpenApi(documentPath, displayPath(documentPath, options.cwd));
  } catch (error) {
    if (!(error instanceof OpenApiInputError)) throw error;
    io.err(`commerce-codegen: ${error.message}`);
    return exitCodes.usage;
  }
  const api = await loadSpec(options.specPath, options.cwd);
  const specDisplay = displayPath(options.specPath, options.cwd);
  const { source } = readYaml(specDisplay, await readFile(options.specPath, "utf8"));
  const report = driftReport(api, source!, theirs);
  const lines = formatDriftReport(report, specDisplay, displayPath(documentPath, options.cwd));
  for (const line of lines) io.out(line);
  return report.drift.length > 0 ? exitCodes.failed : exitCodes.ok;
}

/**
 * Regenerates on every change to the spec's folder until interrupted; errors are printed, not
 * fatal. A run starts only when the folder's files read differently from the last run's: the
 * events of one save that a busy machine spreads past the debounce, saving the same text and
 * our own writes start nothing. Runs never overlap: a change during a run starts one after it.
 * The folder is watched before it is first read, so an edit made while the first run works, or
 * right after "watching" is printed, is never lost.
 */
async function watchAndGenerate(options: Options, io: Io): Promise<number> {
  const folder = dirname(options.specPath);
  let lastRead: string | undefined;
  let busy = false;
  let again = false;
  const regenerate = async () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const read = await readWatched(folder);
        if (read === lastRead) continue;
        if (lastRead !== undefined)
          io.out(`${displayPath(options.specPath, options.cwd)} changed: regenerating`);
        lastRead = read;
        await run(options, io).catch((error: unknown) => io.err(String(error)));
      } while (again);
    } catch (error: unknown) {
      // The folder could not be read (removed, renamed): say so, and keep watching.
      io.err(String(error));
    } finally {
      busy = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(regenerate, 50);
  };
  const stopWatching = watchFolder(folder, onChange, io);
  await regenerate();
  io.out(`watching ${displayPath(folder, options.cwd)} for changes (Ctrl-C to stop)`);
  return new Promise((resolveExit) => {
    // pnpm passes the terminal's Ctrl-C on to us as a second SIGINT a moment later. Were it
    // to land while Node exits (default handler: death by signal), pnpm would print
    // "Command failed"; so the listener stays and the exit waits a little for it.
    const stop = () => {
      stopWatching();
      clearTimeout(timer);
      setTimeout(() => resolveExit(exitCodes.ok), 250);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/**
 * Calls `onChange` for each event on a watched file of the folder; returns what stops it. Where
 * the system refuses a watcher (its limit of inotify instances or watches reached: EMFILE,
 * ENOSPC), the folder is read once a second instead, so edits are still seen, and it says so.
 */
export function watchFolder(
  folder: string,
  onChange: () => void,
  io: Io,
  watchWith: typeof watch = watch,
): () => void {
  try {
    const watcher = watchWith(folder, (_event, file) => {
      if (!file || watched(file)) onChange();
    });
    watcher.on("error", (error) => io.err(`watching stopped: ${String(error)}`));
    return () => watcher.close();
  } catch (error: unknown) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EMFILE" && code !== "ENOSPC") throw error;
    io.err(
      `cannot watch ${folder} (${code}: the system's limit of file watchers); reading it every second instead`,
    );
    const poll = setInterval(onChange, 1000);
    return () => clearInterval(poll);
  }
}

/** Our own writes land in the spec's folder too: the language's JSON Schema, via a temporary file. */
function watched(file: string): boolean {
  return !file.endsWith(".schema.json") && !file.endsWith(".tmp");
}

/** The watched files of the folder, names and texts, as one string to compare with the last. */
async function readWatched(folder: string): Promise<string> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && watched(entry.name)).map((entry) => entry.name);
  files.sort();
  const texts = await Promise.all(files.map((file) => readFile(join(folder, file), "utf8").catch(() => "")));
  return JSON.stringify(files.map((file, index) => [file, texts[index]]));
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
