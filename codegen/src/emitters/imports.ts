import type { ImportDeclarationStructure } from "ts-morph";
import { type Statement, StructureKind } from "./emitter.ts";

/**
 * A file's imports, collected while its code is written and put at its top when it is done,
 * the one way every emitter adds imports: `use(module, ...names)` with `type Name` for a
 * type-only name and `* as alias` for a namespace.
 */
export interface ImportCollector {
  use(module: string, ...names: string[]): void;
  /** The import declarations, in the order described at `importDeclarations`. */
  declarations(): ImportDeclarationStructure[];
}

export function importCollector(): ImportCollector {
  const imports = new Map<string, string[]>();
  return {
    use(module, ...names) {
      const list = imports.get(module) ?? [];
      imports.set(module, list);
      list.push(...names.filter((name) => !list.includes(name)));
    },
    declarations: () => importDeclarations(imports),
  };
}

/** Puts the collected imports before the file's code, once the code is written. */
export function prependImports(file: Statement[], imports: ImportCollector): void {
  file.unshift(...imports.declarations());
}

/**
 * Exactly the imports used, one declaration per module: package modules before relative
 * ones, each group by specifier; names by name as biome orders them (case ignored, then
 * `type ` ignored); a declaration of types only is `import type`. Modules with no name are
 * left out.
 */
function importDeclarations(imports: ReadonlyMap<string, readonly string[]>): ImportDeclarationStructure[] {
  const modules = [...imports.keys()].filter((module) => imports.get(module)!.length > 0);
  const relative = (module: string) => module.startsWith(".");
  modules.sort((a, b) => Number(relative(a)) - Number(relative(b)) || compare(a, b));
  return modules.map((moduleSpecifier) => declaration(moduleSpecifier, imports.get(moduleSpecifier)!));
}

function declaration(moduleSpecifier: string, names: readonly string[]): ImportDeclarationStructure {
  const namespace = names.find((name) => name.startsWith("* as "));
  if (namespace) {
    if (names.length > 1) throw new Error(`${moduleSpecifier}: a namespace import takes no other name`);
    return { kind: StructureKind.ImportDeclaration, moduleSpecifier, namespaceImport: namespace.slice(5) };
  }
  const typeOnly = names.every((name) => name.startsWith("type "));
  const sorted = [...names].sort((a, b) => compareNames(withoutType(a), withoutType(b)));
  return {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier,
    isTypeOnly: typeOnly,
    namedImports: typeOnly ? sorted.map(withoutType) : sorted,
  };
}

const withoutType = (name: string) => name.replace(/^type /, "");

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Case ignored first, so `listEvents, ListEventsInput` read as a person sorts them; then exact. */
function compareNames(a: string, b: string): number {
  return compare(a.toLowerCase(), b.toLowerCase()) || compare(a, b);
}
