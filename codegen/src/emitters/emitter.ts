import type { StatementStructures, WriterFunction } from "ts-morph";
import type { Api } from "../ir/types.ts";

/** A statement structure, literal code for the static parts, or a writer (for spacing). */
export type Statement = string | WriterFunction | StatementStructures;

/** Separates one declaration from the next, for readable output. */
export const blankLine: Statement = (writer) => writer.blankLineIfLastNot();

export type PackageName = "schemas" | "client" | "react";

/**
 * Where emitters put their files: `<out>/<package>/src/generated/<path>`. An emitter
 * pushes ts-morph statement structures; the file is built from them in one go, which
 * keeps generation fast (ts-morph re-parses a file on every separate insertion).
 */
export interface FileSet {
  create(pkg: PackageName, path: string): Statement[];
}

/** An emitter turns the IR into generated files. It reads nothing else and writes nothing itself. */
export type Emitter = (api: Api, files: FileSet) => void;
