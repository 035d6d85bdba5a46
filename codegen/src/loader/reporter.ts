import type { Diagnostic } from "../diagnostics.ts";
import type { PathSegment, YamlSource } from "./read-yaml.ts";
import { closest } from "./structure.ts";

/**
 * Collects the meaning problems of a spec, each positioned at the key or value to fix,
 * shared by every lowering stage (names, types, operations).
 */
export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  /** Set when a reference went to a set-aside entry: no IR then, though nothing new is reported. */
  incomplete = false;

  /** `setAside`: names of entries already reported as misshapen; mentioning one is no new problem. */
  constructor(
    private readonly source: YamlSource,
    private readonly setAside: ReadonlySet<string>,
  ) {}

  report(path: readonly PathSegment[], message: string, columnOffset = 0, at: "key" | "value" = "value") {
    const diagnostic = this.source.diagnostic(path, message, { columnOffset, at });
    // A type's fields are lowered again for each type that extends it: say each thing once.
    const same = (d: Diagnostic) =>
      d.line === diagnostic.line && d.column === diagnostic.column && d.message === diagnostic.message;
    if (!this.diagnostics.some(same)) this.diagnostics.push(diagnostic);
  }

  /** A problem with a key (a name to change) rather than its value. */
  reportKey(path: readonly PathSegment[], message: string) {
    this.report(path, message, 0, "key");
  }

  /** A reference to `name`, which is not declared: a problem unless its declaration was set aside. */
  reportUnknown(name: string, path: readonly PathSegment[], message: string, columnOffset = 0) {
    if (this.setAside.has(name)) this.incomplete = true;
    else this.report(path, message, columnOffset);
  }

  /** How many problems so far, to tell whether a stage found any. */
  get count(): number {
    return this.diagnostics.length;
  }
}

/** ` (did you mean 'x'?)` when a candidate is close to `word`, else nothing. */
export function suggest(word: string, candidates: readonly string[]): string {
  const match = closest(word, candidates);
  return match ? ` (did you mean '${match}'?)` : "";
}

/** `; rename it to 'x'` when the suggested name fits the pattern. */
export function renameHint(candidate: string, pattern: RegExp): string {
  return pattern.test(candidate) ? `; rename it to '${candidate}'` : "";
}
