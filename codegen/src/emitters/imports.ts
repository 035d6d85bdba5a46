import type { ImportDeclarationStructure } from "ts-morph";
import { type Statement, StructureKind } from "./emitter.ts";

/**
 * A file's imports, collected while its code is written and put at its top when it is done,
 * the one way every emitter adds imports: `use(module, ...names)` with `type Name` for a
 * type-only name and `* as alias` for a namespace.
 */
export interface ImportCollector {
  use(module: string, ...names: string[]): void;
  /** The import declarations, one per module. */
  declarations(): ImportDeclarationStructure[];
}

export function importCollector(): ImportCollector {
  const imports = new Map<string, string[]>();
  return {
    use(module, ...names) {
      const list = imports.get(module) ?? [];
      imports.set(module, list);
      for (const name of names) {
        // A name used as a value is imported as one, whatever else uses it only as a type.
        const value = name.replace(/^type /, "");
        if (list.includes(name) || (name !== value && list.includes(value))) continue;
        const typeOnly = list.indexOf(`type ${value}`);
        if (typeOnly !== -1) list.splice(typeOnly, 1);
        list.push(name);
      }
    },
    declarations: () => importDeclarations(imports),
  };
}

/** Puts the collected imports before the file's code, once the code is written. */
export function prependImports(file: Statement[], imports: ImportCollector): void {
  file.unshift(...imports.declarations());
}

/**
 * Exactly the imports used, one declaration per module; a declaration of types only is
 * `import type`. Modules with no name are left out. Biome's organizeImports puts them in
 * order (format.ts).
 */
function importDeclarations(imports: ReadonlyMap<string, readonly string[]>): ImportDeclarationStructure[] {
  return [...imports]
    .filter(([, names]) => names.length > 0)
    .map(([moduleSpecifier, names]) => declaration(moduleSpecifier, names));
}

function declaration(moduleSpecifier: string, names: readonly string[]): ImportDeclarationStructure {
  const namespace = names.find((name) => name.startsWith("* as "));
  if (namespace) {
    if (names.length > 1) throw new Error(`${moduleSpecifier}: a namespace import takes no other name`);
    return { kind: StructureKind.ImportDeclaration, moduleSpecifier, namespaceImport: namespace.slice(5) };
  }
  const typeOnly = names.every((name) => name.startsWith("type "));
  return {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier,
    isTypeOnly: typeOnly,
    namedImports: typeOnly ? names.map((name) => name.replace(/^type /, "")) : [...names],
  };
}
