import { isMap, isScalar, parseDocument, type YAMLMap } from "yaml";
import { driftReport } from "../drift/drift-report.ts";
import { pointer } from "../drift/json-pointer.ts";
import type { Schema } from "../drift/schema-view.ts";
import { SpecPlaces } from "../drift/spec-places.ts";
import { openApiDocument } from "../emitters/openapi/document.ts";
import { typeSchema } from "../emitters/openapi/json-schema.ts";
import type { Api } from "../ir/types.ts";
import type { YamlSource } from "../loader/read-yaml.ts";
import { NameBook } from "./names.ts";
import type { Note } from "./notes.ts";
import type { Entry } from "./schemas.ts";
import { commentAt, shape, textOptions } from "./write-yaml.ts";

/** A place where the spec says one thing and the document another. */
export interface Disagreement {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  /** Where the document says it: a JSON pointer into the document as imported. */
  readonly theirs: string;
}

export interface Merged {
  readonly text: string;
  readonly added: Record<string, string[]>;
}

/**
 * What the spec and the imported entries both describe must agree: compared as drift
 * compares (both sides through the OpenAPI document our generator makes of them), so a
 * disagreement is reported at its line in the spec, and `deliberate:` marks count. What
 * only the spec has is not a disagreement: the import brings in a part of the document.
 */
export function disagreements(ours: Api, source: YamlSource, imported: Api): Disagreement[] {
  const theirs = openApiDocument(imported) as Schema;
  const report = driftReport(ours, source, theirs);
  const found = report.drift
    .filter((difference) => !(difference.kind === "operation" && difference.message.endsWith("ours only")))
    .map((difference) => ({
      line: difference.line,
      column: 1,
      message: `${difference.kind}: ${difference.message.replace("ours", "the spec").replace("theirs", "the document")}`,
      theirs: difference.theirs,
    }));
  const lines = new Set(found.map((item) => item.line));
  const deliberate = new Set(report.deliberate.map((item) => item.line));
  const places = new SpecPlaces(ours, source, openApiDocument(ours));
  for (const item of fieldDisagreements(ours, imported)) {
    const place = places.place(item.at);
    if (lines.has(place.line) || deliberate.has(place.line) || places.deliberateReason(place, "type"))
      continue;
    lines.add(place.line);
    found.push({ line: place.line, column: 1, message: item.message, theirs: item.at });
  }
  return found.sort((a, b) => a.line - b.line);
}

/**
 * What drift leaves to the type checker but a merge must not pass over: a field both
 * describe with another format, bound or default (`datetime` against `string`).
 */
function fieldDisagreements(ours: Api, imported: Api): { at: string; message: string }[] {
  const found: { at: string; message: string }[] = [];
  const theirs = new Map(imported.declarations.map((declaration) => [declaration.name, declaration]));
  for (const declaration of ours.declarations) {
    const other = theirs.get(declaration.name);
    if (declaration.kind !== "object" || other?.kind !== "object") continue;
    for (const field of declaration.fields) {
      const match = other.fields.find((candidate) => candidate.name === field.name);
      if (!match) continue;
      const said = (which: typeof field) =>
        JSON.stringify({ ...typeSchema(which.type), default: which.default });
      if (said(field) !== said(match)) {
        found.push({
          at: pointer("components", "schemas", declaration.name, "properties", field.name),
          message: `type: field '${field.name}' of ${declaration.name}: the spec says ${said(field)}, the document ${said(match)}`,
        });
      }
    }
  }
  return found;
}

/**
 * The spec with what it lacks added, its own text (comments, order, layout) kept: entries of
 * each section it does not have (an operation by method and path), each new operation whose
 * id the spec already uses renamed, with a note.
 */
export function mergeInto(specText: string, ours: Api, imported: Entry, notes: Note[]): Merged {
  const document = parseDocument(specText);
  const root = document.contents as YAMLMap;
  const added: Record<string, string[]> = {};
  const places = new Set(ours.operations.map((operation) => `${operation.method} ${operation.path}`));
  const ids = new NameBook(
    ours.operations.map((operation) => [operation.id, `${operation.method} ${operation.path}`]),
  );
  const fresh: { section: string; key: string; comment?: string }[] = [];
  for (const [section, entries] of Object.entries(imported)) {
    if (section === "info" || !entries || typeof entries !== "object") continue;
    let map = root.get(section, true) as YAMLMap | undefined;
    if (!isMap(map)) {
      root.set(section, document.createNode({}));
      map = root.get(section, true) as unknown as YAMLMap;
    }
    const has = (key: string) =>
      map!.items.some((pair) => isScalar(pair.key) && String(pair.key.value) === key);
    for (const [key, value] of Object.entries(entries as Entry)) {
      let name = key;
      if (section === "operations") {
        const operation = value as { method: string; path: string; group: string };
        const place = `${operation.method} ${operation.path}`;
        if (places.has(place)) continue;
        const claimed = ids.claim(key, place);
        if (claimed.collidedWith !== undefined) {
          name = claimed.name;
          operation.group = `${operation.group}${name.slice(key.length)}`;
          notes.push({
            pointer: `#/paths/${operation.path.replaceAll("~", "~0").replaceAll("/", "~1")}/${operation.method.toLowerCase()}`,
            message: `named ${name}: the spec's ${key} is ${claimed.collidedWith}`,
            entry: ["operations", name],
          });
        }
      } else if (has(key)) continue;
      map.add(document.createPair(name, value, { aliasDuplicateObjects: false }));
      fresh.push({ section, key: name });
      added[section] = [...(added[section] ?? []), name];
    }
  }
  shapeAdded(document, fresh);
  for (const note of notes) {
    if (
      note.entry &&
      fresh.some((entry) => entry.section === note.entry![0] && entry.key === note.entry![1])
    ) {
      commentAt(document, note.entry, [` import: ${note.message}`]);
    }
  }
  return { text: document.toString(textOptions), added };
}

/** Lays out only what was added, as a new spec is laid out; the spec's own text stays as it was. */
function shapeAdded(
  document: ReturnType<typeof parseDocument>,
  fresh: readonly { section: string; key: string }[],
): void {
  const scratch = parseDocument("{}");
  const layout: Entry = {};
  for (const { section, key } of fresh) {
    const value = (document.getIn([section, key], true) as { toJSON(): unknown }).toJSON();
    layout[section] = { ...((layout[section] as Entry | undefined) ?? {}), [key]: value };
  }
  scratch.contents = scratch.createNode(layout, { aliasDuplicateObjects: false }) as never;
  shape(scratch);
  for (const { section, key } of fresh) {
    const map = document.get(section, true) as YAMLMap;
    const index = map.items.findIndex((pair) => isScalar(pair.key) && String(pair.key.value) === key);
    const laidOut = (scratch.get(section, true) as YAMLMap).items.find(
      (pair) => isScalar(pair.key) && String(pair.key.value) === key,
    )!;
    (laidOut.key as { spaceBefore?: boolean }).spaceBefore = true;
    map.items[index] = laidOut;
  }
}
