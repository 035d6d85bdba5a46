import { Document, isMap, isScalar, type Node, type Pair, Scalar, type YAMLMap } from "yaml";
import type { PathSegment } from "../loader/read-yaml.ts";
import { type Note, noteComment } from "./notes.ts";
import type { Entry } from "./schemas.ts";

/**
 * Our language as a person would write it: the sections in the reference's order, a blank
 * line between entries, the operations grouped under a comment per group, type expressions
 * in flow (`[a, b]` lists), statuses as numbers, and each choice the importer made as a
 * comment above the entry it concerns.
 */
export function specText(spec: Entry, notes: readonly Note[], header: readonly string[]): string {
  // One entry's values may be another's objects; written apart, never as YAML aliases.
  const document = new Document(spec, { aliasDuplicateObjects: false });
  document.commentBefore = [
    " yaml-language-server: $schema=./commerce.schema.json",
    ...header.map((line) => ` ${line}`),
  ].join("\n");
  shape(document);
  commentNotes(document, notes);
  return wrapFlowLists(document.toString(textOptions));
}

/**
 * A flow list too long for one line as the spec writes one (`TaxIdFormat`): the values filled
 * into lines under `key: [`, the `]` under the key, rather than the library's one value a line.
 */
export function wrapFlowLists(text: string, width: number = textOptions.lineWidth): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const key = /^(\s*)([^\s#].*:)$/.exec(lines[index]!);
    const indent = key?.[1] ?? "";
    if (!key || lines[index + 1] !== `${indent}  [`) {
      out.push(lines[index]!);
      continue;
    }
    const items: string[] = [];
    let end = index + 2;
    for (; end < lines.length && lines[end] !== `${indent}  ]`; end += 1) {
      const item = lines[end]!.trim();
      if (!lines[end]!.startsWith(`${indent}    `) || /[[\]{}]/.test(item)) break;
      items.push(item.endsWith(",") ? item : `${item},`);
    }
    if (lines[end] !== `${indent}  ]`) {
      out.push(lines[index]!);
      continue;
    }
    out.push(`${key[1]}${key[2]} [`, ...filled(items, `${indent}  `, width), `${indent}]`);
    index = end;
  }
  return out.join("\n");
}

function filled(items: readonly string[], indent: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    if (line !== "" && indent.length + line.length + 1 + item.length > width) {
      lines.push(indent + line);
      line = "";
    }
    line = line === "" ? item : `${line} ${item}`;
  }
  if (line !== "") lines.push(indent + line);
  return lines;
}

export const textOptions = { lineWidth: 100, minContentWidth: 40, flowCollectionPadding: false } as const;

/** Lays out an imported or merged document: spacing, flow lists, numeric statuses, group headings. */
export function shape(document: Document): void {
  const root = document.contents as YAMLMap;
  root.items.forEach((pair, index) => {
    if (index > 0) spaceBefore(pair);
    const section = String((pair.key as Scalar).value);
    const value = pair.value;
    if (!isMap(value) || section === "info" || section === "environments") return;
    let group: string | undefined;
    value.items.forEach((entry, index) => {
      if (index > 0) spaceBefore(entry);
      if (section === "operations" && isMap(entry.value)) {
        const current = String((entry.value.get("group") as string | undefined) ?? "").split(".")[0];
        if (current !== group && current) {
          (entry.key as Node).commentBefore = ` ${current}`;
          group = current;
        }
      }
      tidy(entry.value as Node);
    });
  });
}

function tidy(node: Node | null): void {
  if (!isMap(node)) return;
  for (const pair of node.items) {
    const key = pair.key as Scalar;
    if (isScalar(key) && typeof key.value === "string" && /^[1-5]\d\d$/.test(key.value)) {
      pair.key = new Scalar(Number(key.value));
    }
    const value = pair.value as Node;
    const name = isScalar(key) ? String(key.value) : "";
    if (
      (name === "values" || name === "auth" || name === "scopes" || name === "errors" || name === "omit") &&
      value &&
      "items" in value
    ) {
      (value as { flow?: boolean }).flow = true;
    }
    if (name === "example" || name === "default") {
      if (value && "items" in value) (value as { flow?: boolean }).flow = true;
      continue;
    }
    tidy(value);
  }
}

function spaceBefore(pair: Pair): void {
  (pair.key as Node).spaceBefore = true;
}

/** Each note as a comment above the field (or entry) it is about, in the order noted. */
export function commentNotes(document: Document, notes: readonly Note[]): void {
  const spec = document.toJSON() as unknown;
  const byPlace = new Map<string, { path: readonly PathSegment[]; lines: string[] }>();
  for (const note of notes) {
    const comment = noteComment(note, spec);
    if (!comment) continue;
    const key = JSON.stringify(comment.path);
    const found = byPlace.get(key) ?? { path: comment.path, lines: [] };
    if (!found.lines.includes(comment.line)) found.lines.push(comment.line);
    byPlace.set(key, found);
  }
  for (const { path, lines } of byPlace.values()) commentAt(document, path, lines);
}

/** Comments above the key at `path`, or its nearest ancestor that exists. */
export function commentAt(document: Document, path: readonly PathSegment[], lines: readonly string[]): void {
  for (let length = path.length; length > 0; length -= 1) {
    const parent = length === 1 ? document.contents : document.getIn(path.slice(0, length - 1), true);
    if (!isMap(parent)) continue;
    const pair = parent.items.find(
      (item) => isScalar(item.key) && String(item.key.value) === String(path[length - 1]),
    );
    if (!pair) continue;
    const key = pair.key as Node;
    const unique = lines.filter((line) => !(key.commentBefore ?? "").split("\n").includes(line));
    key.commentBefore = [key.commentBefore, ...unique].filter((line) => line !== undefined).join("\n");
    return;
  }
}
