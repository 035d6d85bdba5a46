import { type ImportDeclarationStructure, StructureKind } from "ts-morph";

/** Named imports by module specifier; a type-only name is written `type Name`. */
export type ImportList = Map<string, string[]>;

/**
 * Exactly the imports a file uses, in the order the language service's organizeImports
 * would leave them (so the output is the same with or without it): package modules before
 * relative ones, each group by specifier; in a declaration, values then types, each by
 * name; a declaration of types only is `import type`. Empty lists are dropped.
 */
export function importDeclarations(imports: ImportList): ImportDeclarationStructure[] {
  const modules = [...imports.keys()].filter((m) => imports.get(m)!.length > 0);
  const relative = (m: string) => m.startsWith(".");
  modules.sort((a, b) => Number(relative(a)) - Number(relative(b)) || compare(a, b));
  return modules.map((moduleSpecifier) => {
    const names = [...new Set(imports.get(moduleSpecifier))];
    const types = names.filter((n) => n.startsWith("type ")).map((n) => n.slice("type ".length));
    const values = names.filter((n) => !n.startsWith("type "));
    types.sort(compare);
    values.sort(compare);
    const typeOnly = values.length === 0;
    return {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier,
      isTypeOnly: typeOnly,
      namedImports: typeOnly ? types : [...values, ...types.map((t) => `type ${t}`)],
    };
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
