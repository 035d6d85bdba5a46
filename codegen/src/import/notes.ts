import { segmentsOf } from "../drift/json-pointer.ts";
import { type PathSegment, valueAt } from "../loader/read-yaml.ts";

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

/**
 * Where a note's comment goes, and what it says: above the field the note's pointer is about
 * (`…/properties/customer_ip_address/…`), when the entry has that field, and naming it, so a
 * reader finds the choice where it applies; otherwise above the entry.
 */
export function noteComment(
  note: Note,
  spec: unknown,
): { path: readonly PathSegment[]; line: string } | undefined {
  if (!note.entry) return undefined;
  const field = fieldOf(note.pointer);
  const at = field === undefined ? undefined : fieldPath(spec, note.entry, field);
  const named = field !== undefined && !note.message.includes(`'${field}'`);
  return {
    path: at ?? note.entry,
    line: ` import: ${named ? `${field}: ` : ""}${note.message}`,
  };
}

/** The last field a pointer names: `…/properties/unit_amount/anyOf/1/pattern` → `unit_amount`. */
function fieldOf(pointer: string): string | undefined {
  const segments = segmentsOf(pointer);
  const index = segments.lastIndexOf("properties");
  return index >= 0 && index + 1 < segments.length ? segments[index + 1] : undefined;
}

/** The field's key under an entry: a type's `fields`, or an operation's body, query or path input. */
function fieldPath(spec: unknown, entry: readonly PathSegment[], field: string): PathSegment[] | undefined {
  const places: PathSegment[][] = [
    [...entry, "fields"],
    [...entry, "input", "body"],
    [...entry, "input", "query"],
    [...entry, "input", "path"],
    [...entry],
  ];
  for (const place of places) {
    const fields = valueAt(spec, place);
    if (!fields || typeof fields !== "object") continue;
    for (const key of [field, `${field}?`]) if (key in fields) return [...place, key];
  }
  return undefined;
}
