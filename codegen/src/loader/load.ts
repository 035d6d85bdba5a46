import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { SpecError } from "../diagnostics.ts";
import type { Api } from "../ir/types.ts";
import { lowerSpec } from "./lower.ts";
import { readYaml } from "./read-yaml.ts";
import { checkStructure } from "./structure.ts";

/**
 * Reads a spec file and lowers it to the IR, or throws a SpecError listing every problem.
 * `displayPath` is how the file is named in diagnostics and in generated headers.
 */
export async function loadSpec(specPath: string, root = process.cwd()): Promise<Api> {
  const displayPath = relative(root, specPath) || specPath;
  let text: string;
  try {
    text = await readFile(specPath, "utf8");
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT" ? "the file does not exist" : String(error);
    throw new SpecError([
      {
        file: displayPath,
        line: 1,
        column: 1,
        message: `cannot read the spec: ${reason}; pass the right path with --spec`,
      },
    ]);
  }
  return lowerText(text, displayPath);
}

/**
 * Syntax, then structure, then meaning: each stage needs what the one before produced, so a
 * stage that fails stops there; until then, every problem found so far is reported together.
 */
export function lowerText(text: string, displayPath: string): Api {
  const read = readYaml(displayPath, text);
  if (!read.source) throw new SpecError(read.diagnostics);
  const structure = checkStructure(read.source);
  const found = [...read.diagnostics, ...structure.diagnostics];
  if (!structure.spec) throw new SpecError(found);
  const lowered = lowerSpec(structure.spec, read.source, displayPath);
  found.push(...lowered.diagnostics);
  if (!lowered.api || found.length > 0) throw new SpecError(found);
  return lowered.api;
}
