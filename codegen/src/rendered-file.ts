/** A file rendered in memory, ready to compare with the disk or to write. */
export interface RenderedFile {
  /** Absolute path. */
  readonly path: string;
  readonly contents: string;
}

/** Raised when generated code cannot be formatted or does not type-check: a generator bug, never the spec's fault. */
export class GeneratedCodeError extends Error {
  override name = "GeneratedCodeError";
}
