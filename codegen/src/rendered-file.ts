/** A file rendered in memory, ready to compare with the disk or to write. */
export interface RenderedFile {
  /** Absolute path. */
  readonly path: string;
  readonly contents: string;
}
