import type { Api, Declaration } from "../ir/types.ts";
import type { Statement } from "./emitter.ts";

/**
 * The contract of a target: one per emitter folder (`<folder>/target.ts`), listed once in
 * `targets.ts`. Everything the generator does per target loops over these descriptors:
 * `generate.ts` runs `emit` and puts the files under `output`; the loader's collision check
 * (`loader/name-checks.ts`) refuses a spec name that a target's runtime reserves or that
 * would collide with a name a target generates from another spec name; `scaffold.ts` and
 * `verify.ts` work on the packages the targets write into. So a new target is one folder
 * and one line in `targets.ts`.
 */
export interface Target {
  /** Unique, for messages and tests: "schemas", "client", "validators", "react", "spec-schema". */
  readonly name: string;
  /** Where its files go (the paths `FileSet` is given are relative to this folder). */
  readonly output: TargetOutput;
  readonly emit: Emitter;
  /**
   * `emit` receives the API of every version (declarations and fields with their lifetimes),
   * to print each version itself (ir/versions.ts). Otherwise it receives the roots' version
   * alone, as if no other existed.
   */
  readonly everyVersion?: boolean;
  /** The names the runtime beside its output exports or its generated files import. */
  readonly reserved?: ReservedNames;
  /**
   * The value names it generates for one operation. The operation's id, the client's
   * function, is the client's first; another operation's id may not be any of them.
   */
  readonly operationValueNames?: (operation: OperationSummary) => readonly GeneratedName[];
  /** The type names it generates for one operation (`GetThingInput`); no spec type may take one. */
  readonly operationTypeNames?: (operation: OperationSummary) => readonly GeneratedName[];
  /** The value names it generates beside a declaration (`validateThing`); no operation may take one. */
  readonly declarationValueNames?: (declaration: DeclarationSummary) => readonly GeneratedName[];
  /** The type names it generates beside a declaration (`KnownColor`); no spec type may take one. */
  readonly declarationTypeNames?: (declaration: DeclarationSummary) => readonly GeneratedName[];
}

/**
 * `{ package }`: `<out>/<package>/src/generated/`, a workspace package (`packages/<package>`)
 * whose hand-written runtime the generated files sit beside, scaffolded for `--out` into an
 * empty folder and type-checked by `--verify`. `{ packageRoot }`: that package's own folder,
 * `<out>/<package>/`, for a file it publishes as it is (the OpenAPI document).
 * `"spec-folder"`: beside the spec (its JSON Schema).
 */
export type TargetOutput =
  | { readonly package: PackageName }
  | { readonly packageRoot: PackageName }
  | "spec-folder";

/** A workspace package's folder name under `packages/` (`@commerce-api/<name>`). */
export type PackageName = string;

export interface ReservedNames {
  /** Who reserves them, as a message says it: "the client runtime". */
  readonly by: string;
  readonly names: readonly string[];
}

/** A generated name and what it is, as a message says it ("definition", "Suspense hook"). */
export interface GeneratedName {
  readonly name: string;
  readonly what: string;
}

/** What the name checks know of an operation before it is lowered. */
export interface OperationSummary {
  readonly id: string;
  readonly kind: "query" | "mutation";
}

export interface DeclarationSummary {
  readonly name: string;
  readonly kind: Declaration["kind"];
}

/**
 * Where an emitter puts its files, relative to its target's output folder. A TypeScript
 * module is a list of statements the printer prints (its header added); a text file (JSON,
 * Markdown) is written as given. Either way, the formatter lays the result out afterwards.
 */
export interface FileSet {
  module(path: string): Statement[];
  text(path: string, contents: string): void;
}

/** An emitter turns the IR into generated files. It reads nothing else and writes nothing itself. */
export type Emitter = (api: Api, files: FileSet) => void;

/** The packages the targets write into, in target order, each once. */
export function packagesOf(targets: readonly Target[]): PackageName[] {
  const packages = targets.flatMap((target) => {
    if (target.output === "spec-folder") return [];
    return ["package" in target.output ? target.output.package : target.output.packageRoot];
  });
  return [...new Set(packages)];
}
