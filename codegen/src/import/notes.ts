import type { PathSegment } from "../loader/read-yaml.ts";

/**
 * A choice the importer made: a construct our language cannot say, at its JSON pointer in
 * the document, with the nearest expression chosen; or a name changed to avoid a collision.
 * Each is printed one line, and written as a comment beside the spec entry it concerns.
 */
export interface Note {
  /** The place in the document, a JSON pointer (`#/components/schemas/Foo/properties/bar`). */
  readonly pointer: string;
  readonly message: string;
  /** The spec entry the choice shows in (`["types", "Foo"]`), for its comment. */
  readonly entry?: readonly PathSegment[];
}

export function formatNote(note: Note, documentPath: string): string {
  return `${documentPath}${note.pointer}  note: ${note.message}`;
}
