import type {
  FunctionDeclarationStructure,
  StatementStructures,
  StructureKind as TsMorphStructureKind,
  TypeAliasDeclarationStructure,
  VariableStatementStructure,
} from "ts-morph";
import { docs } from "./docs.ts";

/** A statement structure, literal code for the static parts, or a blank line (for spacing). */
export type Statement = string | StatementStructures | typeof blankLine;

/**
 * ts-morph's `StructureKind` values of the structures printer.ts prints. Emitters take them
 * from here and import ts-morph for types only (`import type`): importing ts-morph at run
 * time loads the TypeScript compiler, about a second that generating does not need.
 * test/printer.test.ts checks these are ts-morph's own values.
 */
export const StructureKind = {
  ExportDeclaration: 11 as TsMorphStructureKind.ExportDeclaration,
  Function: 13 as TsMorphStructureKind.Function,
  ImportDeclaration: 16 as TsMorphStructureKind.ImportDeclaration,
  Interface: 19 as TsMorphStructureKind.Interface,
  TypeAlias: 38 as TsMorphStructureKind.TypeAlias,
  VariableStatement: 41 as TsMorphStructureKind.VariableStatement,
} as const;

/** Separates one declaration from the next, for readable output (Biome keeps one blank line). */
export const blankLine = { blankLine: true } as const;

/** `const name: type = initializer;` with its TSDoc, exported unless told: every variable statement the emitters write. */
export function constStatement(constant: {
  name: string;
  initializer: string;
  type?: string;
  docs?: string;
  exported?: boolean;
}): VariableStatementStructure {
  const { name, initializer, type } = constant;
  return {
    kind: StructureKind.VariableStatement,
    isExported: constant.exported ?? true,
    declarationKind: "const" as never,
    docs: docs(constant.docs),
    declarations: [{ name, type, initializer }],
  };
}

/** `export type name = type;` with its TSDoc. */
export function typeAliasStatement(alias: {
  name: string;
  type: string;
  docs?: string;
}): TypeAliasDeclarationStructure {
  return {
    kind: StructureKind.TypeAlias,
    name: alias.name,
    isExported: true,
    docs: docs(alias.docs),
    type: alias.type,
  };
}

/** `export function name(…) {…}` with its TSDoc (not exported when `isExported` is false). */
export function functionStatement(
  fn: Omit<FunctionDeclarationStructure, "kind" | "docs"> & { docs?: string },
): FunctionDeclarationStructure {
  return { ...fn, kind: StructureKind.Function, isExported: fn.isExported ?? true, docs: docs(fn.docs) };
}
