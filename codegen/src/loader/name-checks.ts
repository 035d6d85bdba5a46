import { clientReservedNames } from "../emitters/client/runtime-names.ts";
import { reactReservedNames, reactRuntimeExports } from "../emitters/react/runtime-names.ts";
import {
  camelCase,
  clientValueNames,
  declarationNames,
  generatedTypeNames,
  hookNames,
  operationNames,
  pascalCase,
  reactValueNames,
} from "../ir/names.ts";
import type { SpecDocument } from "./language.ts";
import { declarationKind } from "./lower-declarations.ts";
import type { PathSegment } from "./read-yaml.ts";
import { type Reporter, renameHint } from "./reporter.ts";
import { type DeclarationKind, generics, primitives } from "./type-resolution.ts";

/**
 * The name checks: every name the spec declares must make valid, distinct generated code,
 * so none may be malformed, built in, reserved by a runtime, or one the generator derives
 * from another name (names.ts says which).
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
  checkGeneratedTypeNames(spec, reporter, kinds);
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

/** A type may not take a name the generator derives from another declaration. */
function checkGeneratedTypeNames(
  spec: SpecDocument,
  reporter: Reporter,
  kinds: ReadonlyMap<string, DeclarationKind>,
) {
  const strictTwins = new Map<string, string>();
  for (const [name, kind] of kinds)
    if (kind !== "enum") strictTwins.set(declarationNames(name).strictInput, name);
  for (const name of Object.keys(spec.types)) {
    const base = strictTwins.get(name);
    if (base)
      reporter.reportKey(
        ["types", name],
        `'${name}' is the name generated for the strict input form of '${base}'; choose another name`,
      );
  }
  for (const [name, kind] of kinds) {
    for (const [taken, what] of generatedTypeNames(name, kind).filter(([d]) => spec.types[d])) {
      reporter.reportKey(
        ["types", taken],
        `'${taken}' is the name generated for ${what} of ${kind} '${name}'; choose another name`,
      );
    }
  }
}

type GeneratedNames = Map<string, { id: string; what: string }>;

/** Checks operation ids one by one, remembering those seen (ids must differ by more than case). */
export class OperationIdChecks {
  private readonly byLowerCase = new Map<string, string>();
  private readonly generatedBy: GeneratedNames;

  constructor(
    private readonly spec: SpecDocument,
    private readonly reporter: Reporter,
    private readonly kinds: ReadonlyMap<string, DeclarationKind>,
  ) {
    this.generatedBy = generatedOperationNames(spec);
  }

  /** False when the id is malformed, so the operation cannot be lowered at all. */
  check(id: string): boolean {
    const path = ["operations", id];
    const taken = (message: string) => this.reporter.reportKey(path, message);
    const pattern = /^[a-z][A-Za-z0-9]*$/;
    if (!pattern.test(id)) {
      taken(
        `operation id '${id}' must be camelCase (letters and digits, starting lower-case)${renameHint(camelCase(id), pattern)}`,
      );
      return false;
    }
    const owner = this.generatedBy.get(id);
    if (owner && owner.id !== id)
      taken(
        `operation id '${id}' is the name generated for the ${owner.what} of '${owner.id}'; rename the operation`,
      );
    if (reservedWords.includes(id))
      taken(
        `operation id '${id}' is a reserved word in JavaScript, so it cannot name a function; rename the operation`,
      );
    if (clientReservedNames.includes(id))
      taken(`operation id '${id}' is taken by the client runtime's own '${id}'; rename the operation`);
    if (reactReservedNames.includes(id))
      taken(`operation id '${id}' is taken by a name the React bindings use ('${id}'); rename the operation`);
    this.checkHooks(id, taken);
    const names = operationNames({ id });
    const clash = this.byLowerCase.get(id.toLowerCase());
    if (clash)
      taken(`operation id '${id}' duplicates '${clash}' (ids must differ by more than case); rename one`);
    this.byLowerCase.set(id.toLowerCase(), id);
    if (this.kinds.has(names.input) || this.kinds.has(names.response))
      taken(
        `operation '${id}' generates ${names.input} and ${names.response}, which a type already names; rename the type`,
      );
    return true;
  }

  private checkHooks(id: string, taken: (message: string) => void) {
    const kind = this.spec.operations[id]!.method === "GET" ? "query" : "mutation";
    const hooks = hookNames({ id }, kind);
    const [plain] = hooks[0]!;
    const other = this.generatedBy.get(plain);
    if (other && other.id !== id)
      taken(
        `operation id '${id}' would make the hook ${plain}, which is also the ${other.what} of '${other.id}'; rename the operation`,
      );
    for (const [hook, what] of hooks) {
      if ((reactRuntimeExports as readonly string[]).includes(hook))
        taken(
          `operation id '${id}' would make the ${what} ${hook}, which the React bindings' runtime exports; rename the operation`,
        );
    }
  }
}

/**
 * The names each operation generates beyond its id and its plain hook (its definition, its
 * Suspense and Infinite hooks, its keys and options factories), by name: another operation's
 * id or plain hook may not be one.
 */
function generatedOperationNames(spec: SpecDocument): GeneratedNames {
  const names: GeneratedNames = new Map();
  for (const [id, source] of Object.entries(spec.operations)) {
    const kind = source.method === "GET" ? "query" : "mutation";
    for (const name of clientValueNames({ id })) names.set(name, { id, what: "definition" });
    const [, ...suffixed] = hookNames({ id }, kind);
    for (const [name, what] of [...suffixed, ...reactValueNames({ id }, kind)]) names.set(name, { id, what });
  }
  return names;
}
