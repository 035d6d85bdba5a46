import { pointer } from "../../drift/json-pointer.ts";
import type { Api } from "../../ir/types.ts";
import type { Imported, ImportTarget } from "../import-openapi.ts";
import { NameBook } from "../names.ts";
import type { Note } from "../notes.ts";
import type { Entry } from "../schemas.ts";

/** The sections an import adds to, in the order the spec's reference lists them. */
export const sections = ["security", "errors", "enums", "types", "operations", "webhooks"] as const;
export type Section = (typeof sections)[number];

/** One entry the spec lacks, to be written into it. */
export interface Addition {
  readonly section: Section;
  readonly key: string;
  readonly value: unknown;
  /** The spec's entry it goes after (the last operation of its group); else the section's end. */
  readonly after?: string;
  /** A comment above it: the group's name, for the first operation of a group the spec lacks. */
  readonly heading?: string;
}

export interface Plan {
  readonly additions: readonly Addition[];
  /** The notes about what is added (a note about an entry the spec has is moot). */
  readonly notes: readonly Note[];
  /** `"POST /v1/refunds/"` of every operation imported, new or already in the spec: what is compared. */
  readonly compared: ReadonlySet<string>;
}

/** What the import tells the importer about the spec: its names, its codes, and drift's pairs. */
export function importTarget(api: Api, reused: ReadonlyMap<string, string>): ImportTarget {
  const codes = new Map<number, string[]>();
  for (const code of api.errorCodes) codes.set(code.status, [...(codes.get(code.status) ?? []), code.code]);
  return {
    reuse: (at) => reused.get(at),
    takenNames: [
      ...api.declarations.map((declaration) => declaration.name),
      ...api.webhooks.map((event) => event.name),
    ],
    // A status the spec gives one code: that code. Several (409: two conflicts): none is "the" code.
    codesByStatus: new Map(
      [...codes].flatMap(([status, list]) => (list.length === 1 ? [[status, list[0]!] as const] : [])),
    ),
  };
}

/**
 * The entries of `imported` that `spec` lacks: operations by method and path (an id the spec
 * uses for another path renamed, with a note), each beside its group; the types, enums,
 * codes and schemes those operations (and new webhooks) reach and the spec lacks, nothing
 * that nothing uses.
 */
export function planAdditions(spec: Entry, api: Api, imported: Imported): Plan {
  const notes = [...imported.notes];
  const compared = new Set<string>();
  const operations = newOperations(spec, api, imported, notes, compared);
  const webhooks = Object.entries((imported.spec.webhooks ?? {}) as Entry)
    .filter(([type]) => !api.webhooks.some((event) => event.type === type))
    .map(([key, value]): Addition => ({ section: "webhooks", key, value }));
  const roots = [...operations, ...webhooks];
  const reached = reachedDeclarations(
    imported.spec,
    roots.map((addition) => addition.value),
    api,
  );
  const declarations = (["enums", "types"] as const).flatMap((section) =>
    Object.entries((imported.spec[section] ?? {}) as Entry)
      .filter(([key]) => reached.has(key))
      .map(([key, value]): Addition => ({ section, key, value })),
  );
  const additions = [
    ...used(
      imported.spec,
      "security",
      roots,
      "auth",
      new Set(api.securitySchemes.map((scheme) => scheme.name)),
    ),
    ...used(imported.spec, "errors", roots, "errors", new Set(api.errorCodes.map((code) => code.code))),
    ...declarations,
    ...operations,
    ...webhooks,
  ];
  const added = new Set(additions.map((addition) => `${addition.section}/${addition.key}`));
  return {
    additions,
    notes: notes.filter((note) => !note.entry || added.has(`${note.entry[0]}/${note.entry[1]}`)),
    compared,
  };
}

function newOperations(
  spec: Entry,
  api: Api,
  imported: Imported,
  notes: Note[],
  compared: Set<string>,
): Addition[] {
  const places = new Set(api.operations.map((operation) => `${operation.method} ${operation.path}`));
  const ids = new NameBook(
    api.operations.map((operation) => [operation.id, `${operation.method} ${operation.path}`]),
  );
  const ours = Object.entries((spec.operations ?? {}) as Record<string, { group?: unknown }>);
  const groupsWithHeading = new Set<string>();
  const found: Addition[] = [];
  for (const [key, value] of Object.entries((imported.spec.operations ?? {}) as Entry)) {
    const operation = value as { method: string; path: string; group: string };
    const place = `${operation.method} ${operation.path}`;
    compared.add(place);
    if (places.has(place)) continue;
    const claimed = ids.claim(key, place);
    const name = claimed.name;
    if (claimed.collidedWith !== undefined) {
      operation.group = `${operation.group}${name.slice(key.length)}`;
      notes.push({
        pointer: pointer("paths", operation.path, operation.method.toLowerCase()),
        message: `named ${name}: the spec's ${key} is ${claimed.collidedWith}`,
        entry: ["operations", name],
      });
      renameNotes(notes, key, name);
    }
    const root = operation.group.split(".")[0]!;
    const sibling = ours.filter(([, other]) => String(other.group ?? "").split(".")[0] === root).at(-1)?.[0];
    const heading = sibling === undefined && !groupsWithHeading.has(root) ? root : undefined;
    if (heading !== undefined) groupsWithHeading.add(root);
    found.push({
      section: "operations",
      key: name,
      value,
      ...(sibling !== undefined && { after: sibling }),
      ...(heading !== undefined && { heading }),
    });
  }
  return found;
}

/** Notes the importer made about operation `from`, moved to its new id. */
function renameNotes(notes: Note[], from: string, to: string): void {
  notes.forEach((note, index) => {
    if (note.entry?.[0] === "operations" && note.entry[1] === from) {
      notes[index] = { ...note, entry: ["operations", to, ...note.entry.slice(2)] };
    }
  });
}

/** The entries of `section` (schemes, codes) that the added operations name under `key` and the spec lacks. */
function used(
  spec: Entry,
  section: "security" | "errors",
  roots: readonly Addition[],
  key: string,
  ours: Set<string>,
): Addition[] {
  const named = new Set(
    roots.flatMap((root) => {
      const list = (root.value as Entry)[key];
      return Array.isArray(list) ? list.map(String) : [];
    }),
  );
  return Object.entries((spec[section] ?? {}) as Entry)
    .filter(([name]) => named.has(name) && !ours.has(name))
    .map(([name, value]) => ({ section, key: name, value }));
}

/** Keys whose values are prose or data, never type expressions. */
const notTypeExpressions = new Set([
  "description",
  "summary",
  "example",
  "default",
  "deliberate",
  "group",
  "path",
  "method",
]);

/** The imported types and enums the spec lacks that `roots` reach, directly or through each other. */
function reachedDeclarations(spec: Entry, roots: readonly unknown[], api: Api): Set<string> {
  const declared = new Map<string, unknown>();
  for (const section of ["enums", "types"] as const) {
    for (const [name, value] of Object.entries((spec[section] ?? {}) as Entry)) declared.set(name, value);
  }
  const ours = new Set(api.declarations.map((declaration) => declaration.name));
  const reached = new Set<string>();
  const pending = roots.flatMap(namesIn);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (reached.has(name) || ours.has(name) || !declared.has(name)) continue;
    reached.add(name);
    pending.push(...namesIn(declared.get(name)));
  }
  return reached;
}

/** `Page<T>` needs `Pagination` and `CursorPage<T>` `CursorPagination`, which no expression names. */
const impliedBy: Record<string, string[]> = { Page: ["Pagination"], CursorPage: ["CursorPagination"] };

/** The words of the type expressions in a value (a field's key is a name, never a type). */
function namesIn(value: unknown): string[] {
  if (typeof value === "string") {
    const words = value.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
    return words.flatMap((word) => [word, ...(impliedBy[word] ?? [])]);
  }
  if (Array.isArray(value)) return value.flatMap(namesIn);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) =>
      notTypeExpressions.has(key) ? [] : namesIn(inner),
    );
  }
  return [];
}
