import { referencedNames } from "../ir/references.ts";
import type { Declaration, Lifetime, Operation, TypeNode } from "../ir/types.ts";
import { existsIn } from "../ir/versions.ts";
import type { SpecDocument } from "./language.ts";
import type { PathSegment } from "./read-yaml.ts";
import { type Reporter, suggest } from "./reporter.ts";

/**
 * Checks the spec's dated versions and returns them, oldest first: `info.versions` in order,
 * each once, holding `info.version`; every `since` and `until` names one of them, `until`
 * after `since`; and in every version, nothing refers to a type that does not exist in it
 * (a field added in 2026-10 may name a type added in 2026-10, not one added in 2027-01).
 */
export function checkVersions(
  spec: SpecDocument,
  reporter: Reporter,
  declarations: readonly Declaration[],
  operations: readonly Operation[],
): readonly string[] {
  const versions = spec.info.versions ?? [spec.info.version];
  const before = reporter.count;
  versions.forEach((version, index) => {
    if (index > 0 && versions[index - 1]! >= version)
      reporter.report(
        ["info", "versions", index],
        `'${version}' comes after '${versions[index - 1]}'; list the versions oldest first, each once`,
      );
  });
  if (!versions.includes(spec.info.version))
    reporter.report(
      ["info", "version"],
      `'${spec.info.version}' is not one of info.versions (${versions.join(", ")}); add it there or name one of them`,
    );
  for (const [path, lifetime] of lifetimesOf(spec)) checkLifetime(path, lifetime, versions, reporter);
  if (reporter.count > before) return versions;
  for (const version of versions)
    checkReferences(spec, reporter, declarations, operations, versions, version);
  return versions;
}

/** Every `since`/`until` of the spec with the path of the entry that carries it. */
function lifetimesOf(spec: SpecDocument): [PathSegment[], Lifetime][] {
  const found: [PathSegment[], Lifetime][] = [];
  for (const [name, type] of Object.entries(spec.types)) {
    found.push([["types", name], type]);
    for (const [key, field] of Object.entries(type.fields ?? {}))
      if (typeof field === "object") found.push([["types", name, "fields", key], field]);
  }
  for (const [id, operation] of Object.entries(spec.operations)) {
    for (const location of ["path", "query", "body"] as const) {
      for (const [key, field] of Object.entries(operation.input?.[location] ?? {}))
        if (typeof field === "object") found.push([["operations", id, "input", location, key], field]);
    }
  }
  return found;
}

function checkLifetime(
  path: PathSegment[],
  lifetime: Lifetime,
  versions: readonly string[],
  reporter: Reporter,
) {
  for (const key of ["since", "until"] as const) {
    const version = lifetime[key];
    if (version !== undefined && !versions.includes(version))
      reporter.report(
        [...path, key],
        `'${version}' is not an API version of info.versions (${versions.join(", ")})${suggest(version, versions)}; name one of them`,
      );
  }
  const { since, until } = lifetime;
  if (since && until && versions.includes(since) && versions.includes(until))
    if (versions.indexOf(until) <= versions.indexOf(since))
      reporter.report(
        [...path, "until"],
        `gone from ${until} before it appears in ${since}: 'until' names a later version than 'since'`,
      );
}

function describeLifetime({ since, until }: Lifetime): string {
  if (since && until) return `from ${since} until ${until}`;
  if (since) return `from ${since}`;
  return `until ${until}`;
}

/** In `version`, every type a present entry refers to exists too; each problem at the entry. */
function checkReferences(
  spec: SpecDocument,
  reporter: Reporter,
  declarations: readonly Declaration[],
  operations: readonly Operation[],
  versions: readonly string[],
  version: string,
) {
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  const missing = (type: TypeNode) =>
    referencedNames(type).filter((name) => {
      const target = byName.get(name);
      return target !== undefined && !existsIn(target, version, versions);
    });
  const report = (path: PathSegment[], what: string, names: string[]) => {
    for (const name of names)
      reporter.report(
        path,
        `${what} refers to '${name}', which exists ${describeLifetime(byName.get(name)!)} only, not in ${version}; give it a matching since/until`,
      );
  };
  for (const declaration of declarations) {
    if (!existsIn(declaration, version, versions)) continue;
    const path = ["types", declaration.name];
    if (declaration.kind === "object") {
      for (const field of declaration.fields.filter((f) => existsIn(f, version, versions)))
        report(fieldPath(spec, declaration.name, field.name), `field '${field.name}'`, missing(field.type));
    } else if (declaration.kind === "alias") {
      report([...path, "type"], `'${declaration.name}'`, missing(declaration.type));
    } else if (declaration.kind === "union") {
      for (const variant of declaration.variants)
        report(
          [...path, "union", "variants", variant.value],
          `variant '${variant.value}'`,
          missing(refTo(variant.type)),
        );
    }
  }
  for (const operation of operations) {
    for (const parameter of operation.parameters.filter((p) => existsIn(p, version, versions)))
      report(["operations", operation.id], `input '${parameter.name}'`, missing(parameter.type));
    for (const { status, body } of operation.responses)
      if (body.kind === "json")
        report(
          ["operations", operation.id, "responses", String(status)],
          `the ${status} answer`,
          missing(body.type),
        );
  }
}

const refTo = (name: string): TypeNode => ({ kind: "ref", name, target: "object" });

/** Where a field is written: in the type itself, or in the type it extends that declares it. */
function fieldPath(spec: SpecDocument, typeName: string, field: string): PathSegment[] {
  for (let name: string | undefined = typeName; name !== undefined; name = spec.types[name]?.extends) {
    const fields = spec.types[name]?.fields ?? {};
    const key = [field, `${field}?`].find((candidate) => candidate in fields);
    if (key) return ["types", name, "fields", key];
  }
  return ["types", typeName];
}
