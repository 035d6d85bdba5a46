import { SpecError } from "../diagnostics.ts";
import { type DriftScope, driftReport } from "../drift/drift-report.ts";
import type { Schema } from "../drift/schema-view.ts";
import type { Api } from "../ir/types.ts";
import { lowerText } from "../loader/load.ts";
import { readYaml, type YamlSource } from "../loader/read-yaml.ts";
import { type Imported, importOpenApi, type Selection } from "./import-openapi.ts";
import { type Disagreement, disagreements, lineMapper } from "./merge/agreement.ts";
import { markNoted } from "./merge/deliberate.ts";
import { insertAdditions } from "./merge/insert-text.ts";
import { type Addition, importTarget, type Plan, planAdditions } from "./merge/plan.ts";
import { reusedTypes } from "./merge/reuse.ts";
import type { Note } from "./notes.ts";
import { namesTaken, renameNote, renameType } from "./rename.ts";
import type { Entry } from "./schemas.ts";

/**
 * `import` into a spec that exists. The document's schemas that `drift` pairs with our types
 * are referenced by our names; only what the spec lacks is written in, as text; then the
 * imported operations are compared with the document as `drift` compares them.
 */
export type MergeOutcome =
  | {
      readonly kind: "merged";
      /** The spec's text with the additions; the spec's own when it has it all. */
      readonly text: string;
      readonly added: Readonly<Record<string, string[]>>;
      readonly notes: readonly Note[];
    }
  | { readonly kind: "disagrees"; readonly disagreements: readonly Disagreement[] }
  /** The spec with the additions does not check (the loader's diagnostics, at the merged text's lines). */
  | { readonly kind: "does not check"; readonly error: SpecError };

export interface Spec {
  readonly text: string;
  /** As messages name it. */
  readonly file: string;
}

/** Throws SpecError when the spec itself does not check (the loader's diagnostics). */
export function mergeImport(spec: Spec, document: Schema, selection: Selection): MergeOutcome {
  const { api, source } = lowered(spec.text, spec.file);
  const reused = reusedTypes(api, driftReport(api, source, document).pairs, document);
  const imported = importOpenApi(document, selection, importTarget(api, reused));
  let plan = planAdditions(source.value as Entry, api, imported);
  const scope = { operations: plan.compared, webhooks: selection.webhooks };
  let first = writtenAndCompared(spec, plan, document, scope);
  // A new type named like what our generator makes from another (`BillingAddressInput` beside
  // our `BillingAddress`) is renamed visibly, as an import written whole renames it.
  for (let renamed = first.kind === "does not check" && renameTaken(plan, first.error, api); renamed; ) {
    plan = renamed;
    first = writtenAndCompared(spec, plan, document, scope);
    renamed = first.kind === "does not check" && renameTaken(plan, first.error, api);
  }
  if (first.kind === "does not check" || first.found.length === 0) return outcome(first, plan);
  const atOurLines = first.found.filter((item) => item.line !== undefined);
  const atAdded = first.found.filter((item) => item.line === undefined);
  const unexplained = markNoted(atAdded, plan.notes, entriesOf(plan.additions));
  if (atOurLines.length > 0 || unexplained.length > 0) {
    return { kind: "disagrees", disagreements: [...atOurLines, ...unexplained] };
  }
  // The importer's noted choices are marked deliberate now: written again, the document agrees.
  return outcome(writtenAndCompared(spec, plan, document, scope), plan);
}

type Compared =
  | { readonly kind: "compared"; readonly text: string; readonly found: Disagreement[] }
  | { readonly kind: "does not check"; readonly error: SpecError };

/** The spec with the plan's additions written in, checked, and compared as `drift` compares. */
function writtenAndCompared(spec: Spec, plan: Plan, document: Schema, scope: DriftScope): Compared {
  const inserted = insertAdditions(spec.text, plan.additions, plan.notes);
  let merged: ReturnType<typeof lowered>;
  try {
    merged = lowered(inserted.text, spec.file);
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return { kind: "does not check", error };
  }
  const found = disagreements(merged.api, merged.source, document, scope, lineMapper(inserted.insertedAfter));
  return { kind: "compared", text: inserted.text, found };
}

function outcome(compared: Compared, plan: Plan): MergeOutcome {
  if (compared.kind === "does not check") return compared;
  if (compared.found.length > 0) return { kind: "disagrees", disagreements: compared.found };
  const added: Record<string, string[]> = {};
  for (const { section, key } of plan.additions) added[section] = [...(added[section] ?? []), key];
  return { kind: "merged", text: compared.text, added, notes: plan.notes };
}

/**
 * The plan with each added type or enum the loader says our generator cannot take renamed
 * (`<Name>Type`, numbered when taken), everywhere the additions name it, with a note; false
 * when the error names none of them (nothing a rename can mend).
 */
function renameTaken(plan: Plan, error: SpecError, api: Api): Plan | false {
  const isDeclaration = (addition: Addition) => addition.section === "types" || addition.section === "enums";
  const added = new Set(plan.additions.filter(isDeclaration).map((addition) => addition.key));
  const names = namesTaken(error).filter((name) => added.has(name));
  if (names.length === 0) return false;
  const taken = new Set([...added, ...api.declarations.map((declaration) => declaration.name)]);
  const entries = entriesOf(plan.additions);
  const notes = [...plan.notes];
  const renames = new Map<string, string>();
  for (const name of names) {
    let free = `${name}Type`;
    for (let n = 2; taken.has(free); n += 1) free = `${name}Type${n}`;
    taken.add(free);
    renameType(entries, name, free);
    renames.set(name, free);
    notes.push(renameNote(name, free));
  }
  const additions = plan.additions.map((addition) => {
    const key = isDeclaration(addition) ? (renames.get(addition.key) ?? addition.key) : addition.key;
    return { ...addition, key, value: (entries[addition.section] as Entry)[key] };
  });
  return { ...plan, additions, notes };
}

/** The additions as a spec's sections, their values the additions' own (a mark made there is theirs). */
function entriesOf(additions: readonly Addition[]): Entry {
  const entries: Record<string, Entry> = {};
  for (const addition of additions) {
    entries[addition.section] = { ...(entries[addition.section] ?? {}), [addition.key]: addition.value };
  }
  return entries;
}

/**
 * A spec written whole (no spec to merge into) compared with its document as `drift` compares
 * the imported operations: each difference the importer noted (what our language cannot say)
 * is marked deliberate with the note; the others, the importer's gaps, are returned.
 */
export function checkedAgainstDocument(
  imported: Imported,
  checked: { text: string; api: Api },
  document: Schema,
  selection: Selection,
  rewrite: () => { text: string; api: Api },
  file: string,
): { text: string; api: Api; gaps: readonly Disagreement[] } {
  const places = new Set(
    [...imported.operationPlaces.values()].map((place) => `${place.method} ${place.path}`),
  );
  const compare = (current: { text: string; api: Api }) =>
    disagreements(
      current.api,
      lowered(current.text, file).source,
      document,
      { operations: places, webhooks: selection.webhooks },
      () => undefined,
    );
  const found = compare(checked);
  if (found.length === 0) return { ...checked, gaps: [] };
  const gaps = markNoted(found, imported.notes, imported.spec);
  const marked = rewrite();
  return { ...marked, gaps };
}

function lowered(text: string, file: string): { api: Api; source: YamlSource } {
  const api = lowerText(text, file);
  const { source } = readYaml(file, text);
  return { api, source: source! };
}
