/** One problem found in a spec, pinned to where a person would fix it. */
export interface Diagnostic {
  readonly file: string;
  /** 1-based line and column. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} error: ${d.message}`;
}

/** Sorted by position so a long list reads top to bottom like the file. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
}

/** Thrown when a spec cannot be turned into code; carries every problem at once. */
export class SpecError extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(sortDiagnostics(diagnostics).map(formatDiagnostic).join("\n"));
    this.name = "SpecError";
  }
}
