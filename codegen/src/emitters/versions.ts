/**
 * What every target's dated entry points share: for each version of the spec, what it changes
 * against the roots' version (ir/versions.ts), and the moving of a dated module's imports
 * (written as if it sat beside the roots' modules) to where it sits, `generated/<version>/`.
 */
import type { ImportDeclarationStructure } from "ts-morph";
import type { Api, Declaration, Operation } from "../ir/types.ts";
import { apiAsOf, changedDeclarations, changedOperations } from "../ir/versions.ts";
import { type Statement, StructureKind } from "./emitter.ts";
import { importCollector } from "./imports.ts";

export interface VersionView {
  readonly version: string;
  /** The API as of this version. */
  readonly api: Api;
  /** Its declarations that are new or differ from the roots' (none for the roots' version). */
  readonly declarations: readonly Declaration[];
  /** Its operations whose input or answers refer to one of those. */
  readonly operations: readonly Operation[];
}

/**
 * Every version of the spec, oldest first, with what it changes against the roots' version:
 * each gets dated entry points. None when the spec lists one version only (or none): its
 * packages' roots are all there is.
 */
export function versionViews(api: Api): VersionView[] {
  if (api.versions.length < 2) return [];
  const root = apiAsOf(api, api.version);
  return api.versions.map((version) => {
    const dated = apiAsOf(api, version);
    const declarations = version === api.version ? [] : changedDeclarations(root, dated);
    return { version, api: dated, declarations, operations: changedOperations(dated, declarations) };
  });
}

/** The names a module's statements export: its values (constants, functions) and its types. */
export function exportedNames(statements: readonly Statement[]): { values: string[]; types: string[] } {
  const values: string[] = [];
  const types: string[] = [];
  for (const statement of statements) {
    if (typeof statement === "string") {
      for (const [, kind, name] of statement.matchAll(
        /^export (type|interface|const|function) ([A-Za-z_$][\w$]*)/gm,
      ))
        (kind === "const" || kind === "function" ? values : types).push(name!);
    } else if (!("kind" in statement)) {
      // a blank line
    } else if (statement.kind === StructureKind.VariableStatement) {
      if (statement.isExported) values.push(...statement.declarations.map((declaration) => declaration.name));
    } else if (statement.kind === StructureKind.Function) {
      if (statement.isExported && statement.name) values.push(statement.name);
    } else if (statement.kind === StructureKind.Interface || statement.kind === StructureKind.TypeAlias) {
      if (statement.isExported) types.push(statement.name);
    }
  }
  return { values, types: types.filter((name) => !values.includes(name)) };
}

/** `export { a, type B } from "<module>";` for what a module exports, or nothing. */
export function reExport(module: string, names: { values: string[]; types: string[] }): Statement[] {
  const specifiers = [...names.values, ...names.types.map((name) => `type ${name}`)];
  return specifiers.length === 0 ? [] : [`export { ${specifiers.join(", ")} } from "${module}";`];
}

function namesOf(declaration: ImportDeclarationStructure): string[] {
  if (declaration.namespaceImport) return [`* as ${declaration.namespaceImport}`];
  // The import collector writes names as strings (imports.ts).
  const names = (declaration.namedImports ?? []) as string[];
  return declaration.isTypeOnly ? names.map((name) => `type ${name}`) : names;
}

/**
 * A module's import declarations (written as if it sat beside the roots' modules) rewritten
 * for its place one folder down, `generated/<version>/`: a name `here` holds comes from the
 * dated module (`./x.js`), any other from the roots' (`../x.js`); runtime modules
 * (`../request.js`) gain a `../`; our packages' roots (`@commerce-api/schemas`) become their
 * entry of the same version (`@commerce-api/schemas/2026-10`), so a dated module reads its
 * version's types throughout.
 */
export function relocateModule(
  statements: Statement[],
  here: ReadonlySet<string>,
  version: string,
): Statement[] {
  const imports = importCollector();
  const rest: Statement[] = [];
  for (const statement of statements) {
    if (
      typeof statement === "string" ||
      !("kind" in statement) ||
      statement.kind !== StructureKind.ImportDeclaration
    ) {
      rest.push(statement);
      continue;
    }
    const module = statement.moduleSpecifier;
    for (const name of namesOf(statement)) {
      const bare = name.replace(/^type /, "").replace(/^\* as /, "");
      if (module.startsWith("./"))
        imports.use(name.startsWith("* as ") || here.has(bare) ? module : `.${module}`, name);
      else if (module.startsWith("../")) imports.use(`../${module}`, name);
      else imports.use(OUR_PACKAGE_ROOT.test(module) ? `${module}/${version}` : module, name);
    }
  }
  return [...imports.declarations(), ...rest];
}

/** The root entry of one of our packages, `@commerce-api/client` (not a subpath). */
const OUR_PACKAGE_ROOT = /^@commerce-api\/[a-z-]+$/;

/** The name a module imports a version's module as: `v2026_10`. */
export function versionAlias(version: string): string {
  return `v${version.replace(/-/g, "_")}`;
}
