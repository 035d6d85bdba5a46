import { Document, isMap, isScalar, type Node, type Pair, parseDocument, type YAMLMap } from "yaml";
import type { Note } from "../notes.ts";
import { commentNotes, shape, textOptions, wrapFlowLists } from "../write-yaml.ts";
import { type Addition, type Section, sections } from "./plan.ts";

/**
 * The spec's text with the additions written in as text, at entry boundaries: every byte of
 * the spec is kept (its layout, comments, order), the file is never re-serialized. An entry
 * goes after `after` or at its section's end; a section the spec lacks is written after the
 * one before it in the reference's order.
 */
export interface Inserted {
  readonly text: string;
  /** How many lines were inserted after each line of the original text (1-based; 0: before the first). */
  readonly insertedAfter: ReadonlyMap<number, number>;
}

/** Thrown when the spec's layout gives no place to write an entry; the message names the fix. */
export class LayoutError extends Error {
  override name = "LayoutError";
}

export function insertAdditions(
  text: string,
  additions: readonly Addition[],
  notes: readonly Note[],
): Inserted {
  const document = parseDocument(text);
  const root = document.contents;
  if (!isMap(root))
    throw new LayoutError("the spec is not a mapping of sections (info, types, operations...)");
  const indent = indentOf(text, root);
  const blocks = new Map<number, string[]>();
  const atSectionEnds = new Map<number, string[]>();
  // At one offset, an entry that follows its group's last one comes before a new group.
  const put = (offset: number, block: string, beside = false) => {
    const list = beside ? blocks : atSectionEnds;
    list.set(offset, [...(list.get(offset) ?? []), block]);
  };
  for (const section of sections) {
    const mine = additions.filter((addition) => addition.section === section);
    if (mine.length === 0) continue;
    const pair = pairOf(root, section);
    const headings = headingStyle(text, pair);
    const entries = mine.map((addition) => renderEntry(addition, notes, indent, headings));
    if (!pair) {
      put(sectionOffset(text, root, section), `\n${section}:\n${entries.join("\n")}`);
      continue;
    }
    if (!isMap(pair.value) || pair.value.flow || pair.value.items.length === 0) {
      throw new LayoutError(
        `the spec's \`${section}:\` is not a block mapping with entries; write it as one (each entry on its own lines) to import into it`,
      );
    }
    const map = pair.value;
    const separator = spacedEntries(text, map) ? "\n" : "";
    mine.forEach((addition, index) => {
      const sibling = addition.after === undefined ? undefined : pairOf(map, addition.after);
      put(
        lineAfter(text, endOf(sibling ?? map.items.at(-1)!)),
        separator + entries[index],
        sibling !== undefined,
      );
    });
  }
  for (const [offset, list] of atSectionEnds) blocks.set(offset, [...(blocks.get(offset) ?? []), ...list]);
  return splice(text, blocks);
}

/** One entry as our layout writes it (write-yaml.ts), its notes as comments at their fields. */
function renderEntry(
  addition: Addition,
  notes: readonly Note[],
  indent: number,
  heading: (group: string) => string,
): string {
  const document = new Document(
    { [addition.section]: { [addition.key]: addition.value } },
    {
      aliasDuplicateObjects: false,
    },
  );
  shape(document);
  const key = (document.get(addition.section, true) as YAMLMap).items[0]!.key as Node;
  key.commentBefore = addition.heading === undefined ? undefined : heading(addition.heading);
  commentNotes(
    document,
    notes.filter((note) => note.entry?.[0] === addition.section && note.entry[1] === addition.key),
  );
  const written = wrapFlowLists(document.toString({ ...textOptions, indent }));
  return written.slice(written.indexOf("\n") + 1);
}

/**
 * A new group's heading as the section writes its own: `# ── Checkouts ───…` to the same width
 * when it has such headings, else `# checkouts`.
 */
function headingStyle(text: string, section: Pair | undefined): (group: string) => string {
  const range = (section?.value as Node | undefined)?.range;
  const own = range ? /^[ \t]*# ── .+ ─+$/m.exec(text.slice(range[0], range[1]))?.[0] : undefined;
  if (own === undefined) return (group) => ` ${group}`;
  const width = own.trim().length;
  return (group) => {
    const words = group.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
    const title = `# ── ${words[0]!.toUpperCase()}${words.slice(1)} `;
    return ` ${title.slice(2)}${"─".repeat(Math.max(width - title.length, 2))}`;
  };
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key);
}

/** Where a missing section goes: after the last section before it in the reference's order, else at the end. */
function sectionOffset(text: string, root: YAMLMap, section: Section): number {
  const before = sections.slice(0, sections.indexOf(section)).reverse();
  for (const name of before) {
    const pair = pairOf(root, name);
    if (pair) return lineAfter(text, endOf(pair));
  }
  const last = root.items.at(-1);
  return last ? lineAfter(text, endOf(last)) : text.length;
}

/** The offset just past a pair's last character of content (its value's, or its key's when empty). */
function endOf(pair: Pair): number {
  const node = (pair.value ?? pair.key) as Node;
  return node.range![1];
}

/** The offset of the line after the one holding `offset - 1` (the end of the text when it is the last). */
function lineAfter(text: string, offset: number): number {
  const newline = text.indexOf("\n", Math.max(offset - 1, 0));
  return newline === -1 ? text.length : newline + 1;
}

/** Whether a section writes a blank line between its entries (the spec's `types:` does, `errors:` not). */
function spacedEntries(text: string, map: YAMLMap): boolean {
  if (map.items.length < 2) return true;
  const second = (map.items[1]!.key as Node).range![0];
  const lines = text.slice(0, second).split("\n").slice(0, -1).reverse();
  const previous = lines.find((line) => !/^\s*#/.test(line));
  return previous !== undefined && previous.trim() === "";
}

/** The spec's indentation: the column of its first section's first entry. */
function indentOf(text: string, root: YAMLMap): number {
  for (const pair of root.items) {
    if (isMap(pair.value) && !pair.value.flow && pair.value.items.length > 0) {
      const start = (pair.value.items[0]!.key as Node).range![0];
      return start - (text.lastIndexOf("\n", start - 1) + 1);
    }
  }
  return 2;
}

/** Inserts the blocks (each ending in a newline) at their offsets, counting the lines each adds. */
function splice(text: string, blocks: ReadonlyMap<number, string[]>): Inserted {
  const offsets = [...blocks.keys()].sort((a, b) => a - b);
  const insertedAfter = new Map<number, number>();
  let result = "";
  let from = 0;
  for (const offset of offsets) {
    const block = blocks.get(offset)!.join("");
    const padded = offset > 0 && !text.slice(0, offset).endsWith("\n") ? `\n${block}` : block;
    result += text.slice(from, offset) + padded;
    from = offset;
    const line = text.slice(0, offset).split("\n").length - 1;
    insertedAfter.set(line, (insertedAfter.get(line) ?? 0) + (padded.match(/\n/g)?.length ?? 0));
  }
  return { text: result + text.slice(from), insertedAfter };
}
