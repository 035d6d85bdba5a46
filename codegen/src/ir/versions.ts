/**
 * The API as of one dated version. The spec says each change once, on the type or field it
 * concerns (`since`, `until`); a view keeps what exists in its version and drops the rest, so
 * every emitter prints one version as if it were the only one. What differs between two views
 * (`changedDeclarations`) is what a dated entry point emits on top of the shared code.
 */
import { inputTypes } from "./body.ts";
import { dependenciesOf, referencedNames } from "./references.ts";
import type { Api, Declaration, Lifetime, Operation } from "./types.ts";

/** Whether something with this lifetime exists in `version` (an index into `versions`). */
export function existsIn(lifetime: Lifetime, version: string, versions: readonly string[]): boolean {
  const at = versions.indexOf(version);
  if (at === -1) throw new Error(`no API version ${version} (known: ${versions.join(", ")})`);
  const since = lifetime.since === undefined ? 0 : versions.indexOf(lifetime.since);
  const until = lifetime.until === undefined ? versions.length : versions.indexOf(lifetime.until);
  return since <= at && at < until;
}

/** The API as of `version`: its declarations and fields, nothing of the other versions. */
export function apiAsOf(api: Api, version: string): Api {
  const declarations = api.declarations
    .filter((declaration) => existsIn(declaration, version, api.versions))
    .map((declaration) =>
      declaration.kind === "object"
        ? { ...declaration, fields: declaration.fields.filter((f) => existsIn(f, version, api.versions)) }
        : declaration,
    );
  const operations = api.operations.map((operation) => ({
    ...operation,
    parameters: operation.parameters.filter((parameter) => existsIn(parameter, version, api.versions)),
  }));
  return { ...api, version, declarations, operations };
}

/**
 * The declarations of `dated` that are new or differ from `base`'s, with every declaration
 * that refers to one of them (its printed type changes too), in `dated`'s order.
 */
export function changedDeclarations(base: Api, dated: Api): Declaration[] {
  const before = new Map(base.declarations.map((declaration) => [declaration.name, declaration]));
  const changed = new Set(
    dated.declarations
      .filter((declaration) => {
        const old = before.get(declaration.name);
        return old === undefined || JSON.stringify(old) !== JSON.stringify(declaration);
      })
      .map((declaration) => declaration.name),
  );
  // Dependents of a changed declaration change too, until nothing more does.
  let grew = true;
  while (grew) {
    grew = false;
    for (const declaration of dated.declarations) {
      if (changed.has(declaration.name)) continue;
      if (dependenciesOf(declaration).some((name) => changed.has(name))) {
        changed.add(declaration.name);
        grew = true;
      }
    }
  }
  return dated.declarations.filter((declaration) => changed.has(declaration.name));
}

/** The operations whose input or answers refer to a changed declaration. */
export function changedOperations(dated: Api, changed: readonly Declaration[]): Operation[] {
  const names = new Set(changed.map((declaration) => declaration.name));
  return dated.operations.filter((operation) =>
    [
      ...inputTypes(operation),
      ...operation.responses.flatMap(({ body }) => (body.kind === "json" ? [body.type] : [])),
    ].some((type) => referencedNames(type).some((name) => names.has(name))),
  );
}
