import type { DifferenceKind } from "../../drift/difference.ts";
import { type PathSegment, valueAt } from "../../loader/read-yaml.ts";
import { type Note, noteComment } from "../notes.ts";
import type { Entry } from "../schemas.ts";
import type { Disagreement } from "./agreement.ts";

/**
 * Where the import wrote what our language cannot say (a constant `true`: chose `boolean`), the
 * written entry differs from the document, and `drift` would report it after every import. The
 * importer's note is the reason, so the difference is marked `deliberate:` with it, at the field
 * (or entry) the note is about. A difference without a note is the importer's gap: returned.
 */
export function markNoted(
  differences: readonly Disagreement[],
  notes: readonly Note[],
  entries: Entry,
): Disagreement[] {
  const unexplained: Disagreement[] = [];
  for (const difference of differences) {
    const note = notes.find((candidate) => explains(candidate, difference, entries));
    const entry = valueAt(entries, difference.path.slice(0, 2));
    if (!note || !entry || typeof entry !== "object") {
      unexplained.push(difference);
      continue;
    }
    markDeliberate(entry as Entry, difference.path.slice(2), difference.kind, `import: ${note.message}`);
  }
  return unexplained;
}

/**
 * Whether a note is about a difference: commented at its place (the field), or made at the
 * document's place the difference names (or within it, or around it) about the entry holding
 * it (an operation "needs no token": its `auth`; a status left out: its `responses`).
 */
function explains(note: Note, difference: Disagreement, entries: Entry): boolean {
  const place = noteComment(note, entries)?.path;
  if (!place) return false;
  if (JSON.stringify(place) === JSON.stringify(difference.path)) return true;
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}/`);
  const samePlace = within(note.pointer, difference.theirs) || within(difference.theirs, note.pointer);
  const holdsIt = place.slice(0, 2).every((segment, index) => difference.path[index] === segment);
  return samePlace && holdsIt;
}

const fieldMaps = new Set(["fields", "body", "query", "path"]);

/** A `deliberate:` mark on the field at `rest` inside `entry` (written in its object form), else on the entry. */
function markDeliberate(
  entry: Entry,
  rest: readonly PathSegment[],
  kind: DifferenceKind,
  reason: string,
): void {
  const parent = rest.length >= 2 ? valueAt(entry, rest.slice(0, -1)) : undefined;
  const key = String(rest.at(-1));
  let target = entry;
  if (fieldMaps.has(String(rest.at(-2))) && parent && typeof parent === "object" && key in parent) {
    const field = (parent as Entry)[key];
    target = typeof field === "string" ? { type: field } : { ...(field as Entry) };
    (parent as Entry)[key] = target;
  }
  target.deliberate = { ...((target.deliberate as Entry | undefined) ?? {}), [kind]: reason };
}
