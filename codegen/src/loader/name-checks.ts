import type { DeclarationSummary, GeneratedName, OperationSummary, Target } from "../emitters/target.ts";
import { camelCase, pascalCase } from "../ir/names.ts";
import type { SpecDocument } from "./language.ts";
import { declarationKind } from "./lower-declarations.ts";
import type { PathSegment } from "./read-yaml.ts";
import { type Reporter, renameHint } from "./reporter.ts";
import { type DeclarationKind, generics, primitives } from "./type-resolution.ts";

/**
 * The name checks: every name the spec declares must make valid, distinct generated code,
 * so none may be malformed, built in, reserved by a target's runtime, or one a target
 * generates from another name (each target's descriptor, emitters/<target>/target.ts, lists
 * what it reserves and generates).
 */

/** TypeScript's global types that generated code uses (Array<T>, Record<K, V>, Set, Promise...). */
const globalTypeNames = [
  "Array",
  "Boolean",
  "Date",
  "Error",
  "Map",
  "Number",
  "Object",
  "Promise",
  "Record",
  "Set",
  "String",
  "Symbol",
];
/** Words that cannot name a function, so cannot be an operation id. */
const reservedWords =
  "arguments await break case catch class const continue debugger default delete do else enum eval export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield".split(
    " ",
  );

/** Declared enum and type names with their kinds, each name checked. */
export function collectDeclarationNames(
  spec: SpecDocument,
  reporter: Reporter,
  targets: readonly Target[],
): Map<string, DeclarationKind> {
  const kinds = new Map<string, DeclarationKind>();
  for (const name of Object.keys(spec.enums ?? {})) {
    checkDeclarationName(reporter, ["enums", name], name);
    kinds.set(name, "enum");
  }
  for (const [name, declaration] of Object.entries(spec.types)) {
    checkDeclarationName(reporter, ["types", name], name);
    if (kinds.has(name))
      reporter.reportKey(["types", name], `'${name}' is declared both as an enum and as a type; rename one`);
    kinds.set(name, declarationKind(declaration));
  }
  checkGeneratedTypeNames(spec, reporter, kinds, targets);
  return kinds;
}

function checkDeclarationName(reporter: Reporter, path: PathSegment[], name: string) {
  const pattern = /^[A-Z][A-Za-z0-9]*$/;
  if (!pattern.test(name)) {
    reporter.reportKey(
      path,
      `type name '${name}' must be PascalCase (letters and digits, starting with a capital)${renameHint(pascalCase(name), pattern)}`,
    );
  } else if (name in primitives || generics.includes(name) || globalTypeNames.includes(name)) {
    reporter.reportKey(path, `'${name}' is a built-in type; choose another name`);
  }
}

/** Who a generated name is generated from, as a message says it: `'getThing'`, `enum 'Color'`. */
interface Owner extends GeneratedName {
  readonly owner: string;
}

const declarationLabel = ({ name, kind }: DeclarationSummary) =>
  `${kind === "enum" || kind === "union" ? kind : "type"} '${name}'`;

function operationSummaries(spec: SpecDocument): OperationSummary[] {
  return Object.entries(spec.operations).map(([id, operation]) => ({
    id,
    kind: operation.method === "GET" ? "query" : "mutation",
  }));
}

/** A spec type may not take a type name a target generates from another declaration or an operation. */
function checkGeneratedTypeNames(
  spec: SpecDocument,
  reporter: Reporter,
  kinds: ReadonlyMap<string, DeclarationKind>,
  targets: readonly Target[],
) {
  const generated = new Map<string, Owner>();
  const add = (owner: string, names: readonly GeneratedName[]) => {
    for (const name of names) if (!generated.has(name.name)) generated.set(name.name, { ...name, owner });
  };
  for (const [name, kind] of kinds)
    for (const target of targets)
      add(declarationLabel({ name, kind }), target.declarationTypeNames?.({ name, kind }) ?? []);
  for (const operation of operationSummaries(spec))
    for (const target of targets)
      add(`operation '${operation.id}'`, target.operationTypeNames?.(operation) ?? []);
  for (const [name, kind] of kinds) {
    const taken = generated.get(name);
    if (taken)
      reporter.reportKey(
        [kind === "enum" && !spec.types[name] ? "enums" : "types", name],
        `'${name}' is the name generated for the ${taken.what} of ${taken.owner}; choose another name`,
      );
  }
}

/** Checks operation ids one by one, remembering those seen (ids must differ by more than case). */
export class OperationIdChecks {
  private readonly byLowerCase = new Map<string, string>();
  /** Every value name the targets generate, with whom it is generated from (the first to claim it). */
  private readonly generated = new Map<string, Owner>();
  private readonly reserved = new Map<string, string>();

  constructor(
    private readonly spec: SpecDocument,
    private readonly reporter: Reporter,
    kinds: ReadonlyMap<string, DeclarationKind>,
    private readonly targets: readonly Target[],
  ) {
    for (const target of targets)
      for (const name of target.reserved?.names ?? [])
        if (!this.reserved.has(name)) this.reserved.set(name, target.reserved!.by);
    for (const [name, kind] of kinds)
      this.claim(
        declarationLabel({ name, kind }),
        targets.flatMap((t) => t.declarationValueNames?.({ name, kind }) ?? []),
      );
    for (const operation of operationSummaries(spec))
      this.claim(`'${operation.id}'`, this.valueNames(operation));
  }

  private claim(owner: string, names: readonly GeneratedName[]) {
    for (const name of names)
      if (!this.generated.has(name.name)) this.generated.set(name.name, { ...name, owner });
  }

  /** The operation's value names across the targets, its id (the client's function) first. */
  private valueNames(operation: OperationSummary): GeneratedName[] {
    return this.targets.flatMap((target) => target.operationValueNames?.(operation) ?? []);
  }

  /** False when the id is malformed, so the operation cannot be lowered at all. */
  check(id: string): boolean {
    const path = ["operations", id];
    const taken = (message: string) =>
      this.reporter.reportKey(path, `operation id '${id}' ${message}; rename the operation`);
    const pattern = /^[a-z][A-Za-z0-9]*$/;
    if (!pattern.test(id)) {
      this.reporter.reportKey(
        path,
        `operation id '${id}' must be camelCase (letters and digits, starting lower-case)${renameHint(camelCase(id), pattern)}`,
      );
      return false;
    }
    if (reservedWords.includes(id)) taken("is a reserved word in JavaScript, so it cannot name a function");
    const kind = this.spec.operations[id]!.method === "GET" ? "query" : "mutation";
    this.checkGeneratedNames(id, this.valueNames({ id, kind }), taken);
    const clash = this.byLowerCase.get(id.toLowerCase());
    if (clash)
      this.reporter.reportKey(
        path,
        `operation id '${id}' duplicates '${clash}' (ids must differ by more than case); rename one`,
      );
    this.byLowerCase.set(id.toLowerCase(), id);
    return true;
  }

  /** One problem per other owner: the first of the operation's names it also claims. */
  private checkGeneratedNames(id: string, names: readonly GeneratedName[], taken: (message: string) => void) {
    const reported = new Set<string>();
    for (const { name, what } of names) {
      const reservedBy = this.reserved.get(name);
      if (reservedBy && !reported.has(reservedBy)) {
        reported.add(reservedBy);
        taken(
          name === id
            ? `is taken by ${reservedBy}`
            : `would make the ${what} ${name}, which is taken by ${reservedBy}`,
        );
      }
      const other = this.generated.get(name);
      if (!other || other.owner === `'${id}'` || reported.has(other.owner)) continue;
      reported.add(other.owner);
      taken(
        name === id
          ? `is the name generated for the ${other.what} of ${other.owner}`
          : `would make the ${what} ${name}, which is also the ${other.what} of ${other.owner}`,
      );
    }
  }
}
