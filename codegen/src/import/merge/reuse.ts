import type { DriftReport } from "../../drift/drift-report.ts";
import { pointer, segmentsOf } from "../../drift/json-pointer.ts";
import { propertiesOf, type Schema } from "../../drift/schema-view.ts";
import type { Api } from "../../ir/types.ts";
import { pascalCase } from "../names.ts";

/**
 * Our type or enum for each named schema of the document that `drift` pairs with it (the
 * comparison's own pairs, so the import and the report never disagree on what is the same):
 * the service's `MetadataOutputType` is our `Metadata`, its `Address` our `BillingAddress`.
 * A schema paired with several of ours takes the one of its own name, else the one paired
 * most often (the first on a tie).
 */
export function reusedTypes(api: Api, pairs: DriftReport["pairs"], document: Schema): Map<string, string> {
  const declared = new Set(api.declarations.map((declaration) => declaration.name));
  const candidates = new Map<string, Map<string, number>>();
  for (const pair of pairs) {
    const ours = componentName(pair.ours);
    if (ours === undefined || !declared.has(ours) || componentName(pair.theirs) === undefined) continue;
    const counts = candidates.get(pair.theirs) ?? new Map<string, number>();
    counts.set(ours, (counts.get(ours) ?? 0) + 1);
    candidates.set(pair.theirs, counts);
  }
  const reused = new Map<string, string>();
  for (const [theirs, counts] of candidates) {
    const alike = pascalCase(componentName(theirs)!);
    const [mostOften] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    reused.set(theirs, counts.has(alike) ? alike : mostOften);
  }
  for (const [input, type] of inputForms(document, reused)) reused.set(input, type);
  return reused;
}

/**
 * The document's input form of a schema (`AddressInput`, `CostMetadata-Input`: the same
 * fields) is our type too: our generator makes a type's input form itself. Drift pairs only
 * the forms our operations use, so an import of the first operation taking one finds it here.
 */
function inputForms(document: Schema, reused: ReadonlyMap<string, string>): Map<string, string> {
  const schemas = ((document.components as Schema | undefined)?.schemas ?? {}) as Schema;
  const found = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    const base = /^(.+?)-?Input$/.exec(name)?.[1];
    const at = pointer("components", "schemas", name);
    if (base === undefined || reused.has(at)) continue;
    for (const sibling of [base, `${base}-Output`, `${base}Output`]) {
      const siblingAt = pointer("components", "schemas", sibling);
      const type = reused.get(siblingAt);
      if (type !== undefined && sameFieldNames(document, at, siblingAt)) {
        found.set(at, type);
        break;
      }
    }
  }
  return found;
}

function sameFieldNames(document: Schema, a: string, b: string): boolean {
  const names = (at: string) =>
    [...propertiesOf(document, { schema: { $ref: at }, at }).properties.keys()].sort().join(",");
  return names(a) === names(b);
}

/** `#/components/schemas/Refund` → `Refund`; a pointer inside a schema → undefined. */
function componentName(pointer: string): string | undefined {
  const segments = segmentsOf(pointer);
  return segments.length === 3 && segments[0] === "components" && segments[1] === "schemas"
    ? segments[2]
    : undefined;
}
