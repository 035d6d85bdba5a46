import type { StatementStructures, StructureKind as TsMorphStructureKind, WriterFunction } from "ts-morph";
import type { Api } from "../ir/types.ts";

/** A statement structure, literal code for the static parts, or a writer (for spacing). */
export type Statement = string | WriterFunction | StatementStructures;

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

/** Separates one declaration from the next, for readable output. */
export const blankLine: Statement = (writer) => writer.blankLineIfLastNot();

export type PackageName = "schemas" | "client" | "react";

/**
 * Where emitters put their files: `<out>/<package>/src/generated/<path>`. An emitter
 * pushes ts-morph statement structures, and printer.ts prints them straight to the final
 * text: no language service, no formatter, no import organising afterwards. So an emitter:
 *
 * - imports exactly what the file uses (collect the names from the IR's references), with
 *   the names in the order they are to be printed (sorted by name, `type ` ignored), and
 *   pushes no import it does not use;
 * - writes code laid out as TypeScript's formatter would leave it (`", "` between list
 *   items, one statement or member per line); multi-line code in a structure's text is
 *   indented by the printer, one level per bracket left open;
 * - takes `StructureKind` from this module and imports ts-morph for types only.
 *
 * `generate --verify` (run by the test suite) type-checks the output and fails when
 * TypeScript's formatter would change it.
 */
export interface FileSet {
  create(pkg: PackageName, path: string): Statement[];
}

/** An emitter turns the IR into generated files. It reads nothing else and writes nothing itself. */
export type Emitter = (api: Api, files: FileSet) => void;
