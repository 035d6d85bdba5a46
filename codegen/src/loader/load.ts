import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { SpecError } from "../diagnostics.ts";
import type { Target } from "../emitters/target.ts";
import { targets as allTargets } from "../emitters/targets.ts";
import type { Api } from "../ir/types.ts";
import { lowerSpec } from "./lower.ts";
import { readYaml } from "./read-yaml.ts";
import { checkStructure } from "./structure.ts";

/**
 * Reads a spec file and lowers it to the IR, or throws a SpecError listing every problem.
 * `displayPath` is how the file is named in diagnostics and in generated headers.
 */
export async function loadSpec(
  specPath: string,
  root = process.cwd(),
  targets: readonly Target[] = allTargets,
): Promise<Api> {
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
  return lowerText(text, displayPath, targets);
}

/**
 * Syntax, then structure, then meaning, every problem reported together. The meaning checks
 * need a well-shaped spec: when some entries are misshapen they run on the others; when the
 * YAML cannot be read, or the spec's own frame is wrong, the later stages are skipped.
 */
export function lowerText(text: string, displayPath: string, targets: readonly Target[] = allTargets): Api {
  const read = readYaml(displayPath, text);
  if (!read.source) throw new SpecError(read.diagnostics);
  const structure = checkStructure(read.source);
  const found = [...read.diagnostics, ...structure.diagnostics];
  const checked = structure.spec ?? structure.remainder?.spec;
  if (!checked) throw new SpecError(found);
  const lowered = lowerSpec(checked, read.source, displayPath, structure.remainder?.setAside, targets);
  found.push(...lowered.diagnostics);
  if (!lowered.api || found.length > 0) throw new SpecError(found);
  return lowered.api;
}
