import { SpecError } from "../diagnostics.ts";
import type { Api } from "../ir/types.ts";
import { lowerText } from "../loader/load.ts";
import type { Imported } from "./import-openapi.ts";
import type { Note } from "./notes.ts";
import type { Entry } from "./schemas.ts";
import { specText } from "./write-yaml.ts";

/**
 * The document's names that our generator cannot take as they are: a type named like what a
 * target generates from another name (`AddressInput` beside `Address`, `WebhookEvent`), or
 * reserved by a runtime. The loader's own name checks find them (so the rules live in one
 * place); each is renamed visibly, with a note, until the spec checks.
 */
const takenName =
  /^'([A-Z][A-Za-z0-9]*)' (?:is the name generated|is generated|is reserved|is a built-in|is built in|is declared both)/;

const notTypes = new Set([
  "description",
  "summary",
  "example",
  "default",
  "deliberate",
  "group",
  "path",
  "method",
  "auth",
  "scopes",
  "errors",
  "info",
  "environments",
  "security",
]);

export function checkedImport(
  imported: Imported,
  header: readonly string[],
  file: string,
): { text: string; api: Api } {
  const renamed = new Set<string>();
  for (;;) {
    const text = specText(imported.spec, imported.notes, header);
    try {
      return { text, api: lowerText(text, file) };
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      const names = new Set(namesTaken(error).filter((name) => !renamed.has(name)));
      if (names.size === 0) throw error;
      for (const name of names) {
        renamed.add(name);
        const free = freeName(imported.spec, `${name}Type`);
        renameType(imported.spec, name, free);
        renameFallback(imported.spec, name, free);
        imported.notes.push(renameNote(name, free));
      }
    }
  }
}

/**
 * A renamed union's fallback variant (`Unknown<Union>`, made by the importer) follows it, as
 * an import of the spec's own export names it.
 */
function renameFallback(spec: Entry, from: string, to: string): void {
  const types = (spec.types ?? {}) as Entry;
  const union = (types[to] as Entry | undefined)?.union as Entry | undefined;
  const fallback = `Unknown${from}`;
  if (union?.unknown !== fallback || `Unknown${to}` in types) return;
  renameType(spec, fallback, `Unknown${to}`);
  const entry = ((spec.types ?? {}) as Entry)[`Unknown${to}`] as Entry;
  if (typeof entry.description === "string")
    entry.description = entry.description.replace(`A ${from} of`, `A ${to} of`);
}

/** The names the loader says our generator cannot take as they are (its own name checks). */
export function namesTaken(error: SpecError): string[] {
  return [
    ...new Set(
      error.diagnostics.flatMap((diagnostic) => {
        const name = takenName.exec(diagnostic.message)?.[1];
        return name === undefined ? [] : [name];
      }),
    ),
  ];
}

export function renameNote(from: string, to: string): Note {
  return {
    pointer: `#/components/schemas/${from}`,
    message: `named ${to}: ${from} is a name our generator makes from another (or reserves)`,
    entry: ["types", to],
  };
}

function freeName(spec: Entry, wanted: string): string {
  const taken = (name: string) =>
    name in ((spec.types ?? {}) as Entry) || name in ((spec.enums ?? {}) as Entry);
  let name = wanted;
  for (let n = 2; taken(name); n += 1) name = `${wanted}${n}`;
  return name;
}

/** Renames a type or enum and every type expression that names it. */
export function renameType(spec: Entry, from: string, to: string): void {
  for (const section of ["types", "enums"] as const) {
    const entries = spec[section] as Entry | undefined;
    if (entries && from in entries) {
      spec[section] = Object.fromEntries(
        Object.entries(entries).map(([key, value]) => [key === from ? to : key, value]),
      );
    }
  }
  const word = new RegExp(`(?<![A-Za-z0-9_'])${from}(?![A-Za-z0-9_'])`, "g");
  const visit = (value: unknown, key: string): unknown => {
    if (notTypes.has(key)) return value;
    if (typeof value === "string") return value.replace(word, to);
    if (Array.isArray(value)) return value.map((item) => visit(item, key));
    if (value && typeof value === "object") {
      for (const [child, inner] of Object.entries(value)) (value as Entry)[child] = visit(inner, child);
    }
    return value;
  };
  for (const section of ["types", "operations", "webhooks"] as const) visit(spec[section], section);
}
