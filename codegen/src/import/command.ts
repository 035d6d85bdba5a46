import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { exitCodes as exit, type Io } from "../command-io.ts";
import { SpecError } from "../diagnostics.ts";
import { OpenApiInputError, readOpenApi } from "../drift/read-openapi.ts";
import { displayPath } from "../generate.ts";
import { lowerText } from "../loader/load.ts";
import { readYaml } from "../loader/read-yaml.ts";
import { importOpenApi, SelectionError } from "./import-openapi.ts";
import { disagreements, mergeInto } from "./merge.ts";
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
  let document: Awaited<ReturnType<typeof readOpenApi>>;
  let imported: ReturnType<typeof importOpenApi>;
  try {
    document = await readOpenApi(resolvePath(options), documentPath);
    imported = importOpenApi(document, {
      operations: options.operation ?? [],
      all: options.all,
      webhooks: options.webhooks,
    });
  } catch (error) {
    if (!(error instanceof OpenApiInputError) && !(error instanceof SelectionError)) throw error;
    io.err(`commerce-codegen: ${error.message}`);
    return exit.usage;
  }
  const specDisplay = displayPath(options.specPath, options.cwd);
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
  const { text: importedText, api: importedApi } = checked;
  let text = importedText;
  let summary: string;
  if (existsSync(options.specPath)) {
    const existing = await readFile(options.specPath, "utf8");
    const ours = lowerText(existing, specDisplay);
    const { source } = readYaml(specDisplay, existing);
    const found = disagreements(ours, source!, importedApi);
    if (found.length > 0) {
      for (const item of found) {
        io.err(
          `${specDisplay}:${item.line}:${item.column} error: ${item.message} (${documentPath}${item.theirs})`,
        );
      }
      io.err(
        `${found.length} disagreement${found.length === 1 ? "" : "s"} between ${specDisplay} and ${documentPath}; nothing was written (change the spec, or mark a difference deliberate)`,
      );
      return exit.failed;
    }
    const merged = mergeInto(existing, ours, imported.spec, imported.notes);
    try {
      lowerText(merged.text, specDisplay);
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      for (const line of error.message.split("\n")) io.err(line);
      io.err(`the spec with the imported entries added does not check; nothing was written`);
      return exit.failed;
    }
    text = merged.text;
    const added = Object.entries(merged.added).map(([section, names]) => `${names.length} ${section}`);
    summary = `merged into ${specDisplay}: added ${added.length > 0 ? added.join(", ") : "nothing (the spec has it all)"}`;
  } else {
    summary = `wrote ${specDisplay}: ${importedApi.operations.length} operations, ${importedApi.declarations.length} types and enums, ${importedApi.webhooks.length} webhook events`;
  }
  for (const note of imported.notes) io.out(formatNote(note, documentPath));
  await writeFile(`${options.specPath}.tmp`, text);
  await rename(`${options.specPath}.tmp`, options.specPath);
  io.out(`${summary} (${imported.notes.length} note${imported.notes.length === 1 ? "" : "s"})`);
  return exit.ok;
}

function resolvePath(options: ImportOptions): string {
  return options.openapi!.startsWith("/") ? options.openapi! : `${options.cwd}/${options.openapi}`;
}
