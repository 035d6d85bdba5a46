import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { exitCodes as exit, type Io } from "../command-io.ts";
import { SpecError } from "../diagnostics.ts";
import { OpenApiInputError, readOpenApi } from "../drift/read-openapi.ts";
import type { Schema } from "../drift/schema-view.ts";
import { displayPath } from "../generate.ts";
import { importOpenApi, type Selection, SelectionError } from "./import-openapi.ts";
import { LayoutError } from "./merge/insert-text.ts";
import { checkedAgainstDocument, type MergeOutcome, mergeImport } from "./merge.ts";
import { formatNote } from "./notes.ts";
import { checkedImport } from "./rename.ts";

/** What `import` reads of the command line (cli.ts parses and checks it). */
export interface ImportOptions {
  openapi?: string;
  operation?: string[];
  all: boolean;
  webhooks: boolean;
  specPath: string;
  cwd: string;
}

/**
 * `import --openapi`: the chosen operations (and webhooks) written into the spec, created
 * when absent and merged into when present. Exit 0 when written (its notes printed), 1 when
 * the spec disagrees with the document (each disagreement at its line; nothing written),
 * 2 for a usage error (the document unusable, an operation it does not have).
 */
export async function runImport(options: ImportOptions, io: Io): Promise<number> {
  const documentPath = displayPath(options.openapi!, options.cwd);
  const selection = { operations: options.operation ?? [], all: options.all, webhooks: options.webhooks };
  let document: Awaited<ReturnType<typeof readOpenApi>>;
  try {
    document = await readOpenApi(resolvePath(options), documentPath);
  } catch (error) {
    if (!(error instanceof OpenApiInputError)) throw error;
    io.err(`commerce-codegen: ${error.message}`);
    return exit.usage;
  }
  const specDisplay = displayPath(options.specPath, options.cwd);
  if (existsSync(options.specPath)) {
    return mergeIntoSpec(options.specPath, specDisplay, documentPath, document, selection, io);
  }
  let imported: ReturnType<typeof importOpenApi>;
  try {
    imported = importOpenApi(document, selection);
  } catch (error) {
    if (!(error instanceof SelectionError)) throw error;
    io.err(`commerce-codegen: ${error.message}`);
    return exit.usage;
  }
  const header = [
    `Imported from ${documentPath} by commerce-codegen import; edit freely: the spec is the source of truth.`,
    "The language is described in spec/README.md.",
  ];
  let checked: ReturnType<typeof checkedImport>;
  try {
    checked = checkedImport(imported, header, specDisplay);
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    // The importer wrote something our loader refuses: its bug, said as such, nothing written.
    for (const line of error.message.split("\n")) io.err(line);
    io.err(
      `the spec imported from ${documentPath} does not check (an importer bug: please report it); nothing was written`,
    );
    return exit.failed;
  }
  const { text, api, gaps } = checkedAgainstDocument(
    imported,
    checked,
    document,
    selection,
    () => checkedImport(imported, header, specDisplay),
    specDisplay,
  );
  for (const note of imported.notes) io.out(formatNote(note, documentPath));
  for (const gap of gaps) {
    io.err(
      `${specDisplay} warning: ${gap.message} (${documentPath}${gap.theirs}); the import cannot write this as the document says it (an importer limitation: please report it); drift will report it`,
    );
  }
  await writeAtomically(options.specPath, text);
  io.out(
    `wrote ${specDisplay}: ${api.operations.length} operations, ${api.declarations.length} types and enums, ${api.webhooks.length} webhook events (${count(imported.notes.length, "note")})`,
  );
  return exit.ok;
}

/**
 * Into a spec that exists: only what it lacks is written in, as text, and only when the
 * imported operations agree with the document as `drift` compares them (merge.ts); a second
 * import of the same operations writes nothing.
 */
async function mergeIntoSpec(
  specPath: string,
  specDisplay: string,
  documentPath: string,
  document: Schema,
  selection: Selection,
  io: Io,
): Promise<number> {
  const existing = await readFile(specPath, "utf8");
  let outcome: MergeOutcome;
  try {
    outcome = mergeImport({ text: existing, file: specDisplay }, document, selection);
  } catch (error) {
    if (error instanceof SelectionError) {
      io.err(`commerce-codegen: ${error.message}`);
      return exit.usage;
    }
    if (error instanceof SpecError) {
      for (const line of error.message.split("\n")) io.err(line);
      io.err(`${specDisplay} does not check; fix it, then import again; nothing was written`);
      return exit.failed;
    }
    if (error instanceof LayoutError) {
      io.err(`${specDisplay}: error: ${error.message}; nothing was written`);
      return exit.failed;
    }
    throw error;
  }
  if (outcome.kind === "does not check") {
    for (const line of outcome.error.message.split("\n")) io.err(line);
    io.err(
      `the spec with the imported entries written in does not check (an importer bug: please report it); nothing was written`,
    );
    return exit.failed;
  }
  if (outcome.kind === "disagrees") {
    for (const item of outcome.disagreements) {
      const where = item.line === undefined ? `${specDisplay}` : `${specDisplay}:${item.line}:1`;
      const added =
        item.line === undefined
          ? "; the import cannot write this as the document says it (an importer limitation: please report it)"
          : "";
      io.err(`${where} error: ${item.message} (${documentPath}${item.theirs})${added}`);
    }
    io.err(
      `${count(outcome.disagreements.length, "disagreement")} between ${specDisplay} and ${documentPath}; nothing was written (change the spec, or mark a difference deliberate)`,
    );
    return exit.failed;
  }
  for (const note of outcome.notes) io.out(formatNote(note, documentPath));
  if (outcome.text !== existing) await writeAtomically(specPath, outcome.text);
  const added = Object.entries(outcome.added).map(([section, names]) => `${names.length} ${section}`);
  io.out(
    `merged into ${specDisplay}: added ${added.length > 0 ? added.join(", ") : "nothing (the spec has it all)"} (${count(outcome.notes.length, "note")})`,
  );
  return exit.ok;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  await writeFile(`${path}.tmp`, text);
  await rename(`${path}.tmp`, path);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function resolvePath(options: ImportOptions): string {
  return options.openapi!.startsWith("/") ? options.openapi! : `${options.cwd}/${options.openapi}`;
}
