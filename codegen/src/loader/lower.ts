import type { Diagnostic } from "../diagnostics.ts";
import { clientReservedNames } from "../emitters/client/runtime-names.ts";
import { reactReservedNames, reactRuntimeExports } from "../emitters/react/runtime-names.ts";
import {
  clientValueNames,
  declarationNames,
  generatedTypeNames,
  hookNames,
  operationNames,
} from "../ir/names.ts";
import type {
  Api,
  Declaration,
  Field,
  HttpMethod,
  Operation,
  OperationError,
  Parameter,
  QueryStyle,
  SuccessResponse,
  TypeNode,
  UnionDeclaration,
} from "../ir/types.ts";
import type { FieldSource, OperationSource, SpecDocument, TypeDeclarationSource } from "./language.ts";
import { orderDeclarations } from "./order.ts";
import type { PathSegment, YamlSource } from "./read-yaml.ts";
import { closest } from "./structure.ts";
import { parseTypeExpression, type TypeExpression, TypeExpressionError } from "./type-expression.ts";

const primitives: Record<string, TypeNode> = {
  string: { kind: "string" },
  uuid: { kind: "string", format: "uuid" },
  datetime: { kind: "string", format: "datetime" },
  email: { kind: "string", format: "email" },
  url: { kind: "string", format: "url" },
  integer: { kind: "integer" },
  number: { kind: "number" },
  boolean: { kind: "boolean" },
  unknown: { kind: "unknown" },
  null: { kind: "null" },
};
const generics = ["record", "tuple", "Page", "CursorPage"];
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
type Bounds = Pick<
  TypeDeclarationSource,
  | "min"
  | "max"
  | "exclusiveMin"
  | "exclusiveMax"
  | "minLength"
  | "maxLength"
  | "minItems"
  | "maxItems"
  | "maxEntries"
  | "keyMinLength"
  | "keyMaxLength"
>;
const boundKeys = [
  "min",
  "max",
  "exclusiveMin",
  "exclusiveMax",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "maxEntries",
  "keyMinLength",
  "keyMaxLength",
] as const;

/**
 * Checks the meaning of a structurally valid spec (references, paths, inputs, unions)
 * and lowers it to the IR. Every problem is collected; the IR is only returned when
 * there are none.
 */
/** `setAside`: names of entries already reported as misshapen; mentioning one is no new problem. */
export function lowerSpec(
  spec: SpecDocument,
  source: YamlSource,
  sourceName: string,
  setAside: ReadonlySet<string> = new Set(),
): { api?: Api; diagnostics: Diagnostic[] } {
  return new Lowering(spec, source, setAside).run(sourceName);
}

type DeclarationKind = Declaration["kind"];

class Lowering {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly kinds = new Map<string, DeclarationKind>();
  private readonly declared = new Map<string, Declaration>();
  /** Set when a reference went to a set-aside entry: no IR then, though nothing new is reported. */
  private incomplete = false;

  constructor(
    private readonly spec: SpecDocument,
    private readonly source: YamlSource,
    private readonly setAside: ReadonlySet<string>,
  ) {}

  run(sourceName: string): { api?: Api; diagnostics: Diagnostic[] } {
    this.collectNames();
    const declarations = this.lowerDeclarations();
    const operations = this.lowerOperations();
    if (this.diagnostics.length > 0 || this.incomplete) return { diagnostics: this.diagnostics };
    const api: Api = {
      title: this.spec.info.title,
      version: this.spec.info.version,
      description: this.spec.info.description,
      source: sourceName,
      environments: Object.entries(this.spec.environments).map(([name, url]) => ({ name, url })),
      securitySchemes: Object.entries(this.spec.security).map(([name, scheme]) => ({ name, ...scheme })),
      errorCodes: Object.entries(this.spec.errors).map(([code, error]) => ({ code, ...error })),
      declarations: orderDeclarations(declarations),
      operations,
    };
    return { api, diagnostics: [] };
  }

  /** A reference to `name`, which is not declared: a problem unless its declaration was set aside. */
  private reportUnknown(name: string, path: readonly PathSegment[], message: string, columnOffset = 0) {
    if (this.setAside.has(name)) this.incomplete = true;
    else this.report(path, message, columnOffset);
  }

  private report(
    path: readonly PathSegment[],
    message: string,
    columnOffset = 0,
    at: "key" | "value" = "value",
  ) {
    const diagnostic = this.source.diagnostic(path, message, { columnOffset, at });
    // A type's fields are lowered again for each type that extends it: say each thing once.
    const same = (d: Diagnostic) =>
      d.line === diagnostic.line && d.column === diagnostic.column && d.message === diagnostic.message;
    if (!this.diagnostics.some(same)) this.diagnostics.push(diagnostic);
  }

  // ── names ────────────────────────────────────────────────────────────────

  private collectNames() {
    for (const name of Object.keys(this.spec.enums ?? {})) {
      this.checkDeclarationName(["enums", name], name);
      this.kinds.set(name, "enum");
    }
    for (const [name, declaration] of Object.entries(this.spec.types)) {
      this.checkDeclarationName(["types", name], name);
      if (this.kinds.has(name)) {
        this.report(
          ["types", name],
          `'${name}' is declared both as an enum and as a type; rename one`,
          0,
          "key",
        );
      }
      this.kinds.set(name, declarationKind(declaration));
    }
    this.checkGeneratedNames();
  }

  /** A type may not take a name the generator derives from another declaration. */
  private checkGeneratedNames() {
    const strictTwins = new Map<string, string>();
    for (const [name, kind] of this.kinds)
      if (kind !== "enum") strictTwins.set(declarationNames(name).strictInput, name);
    for (const name of Object.keys(this.spec.types)) {
      const base = strictTwins.get(name);
      if (base) {
        this.report(
          ["types", name],
          `'${name}' is the name generated for the strict input form of '${base}'; choose another name`,
          0,
          "key",
        );
      }
    }
    for (const [name, kind] of this.kinds) {
      for (const [taken, what] of generatedTypeNames(name, kind).filter(([d]) => this.spec.types[d])) {
        this.report(
          ["types", taken],
          `'${taken}' is the name generated for ${what} of ${kind} '${name}'; choose another name`,
          0,
          "key",
        );
      }
    }
  }

  private checkDeclarationName(path: PathSegment[], name: string) {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) {
      this.report(
        path,
        `type name '${name}' must be PascalCase (letters and digits, starting with a capital)${renameHint(name[0]!.toUpperCase() + name.slice(1), /^[A-Z][A-Za-z0-9]*$/)}`,
        0,
        "key",
      );
    } else if (name in primitives || generics.includes(name) || globalTypeNames.includes(name)) {
      this.report(path, `'${name}' is a built-in type; choose another name`, 0, "key");
    }
  }

  // ── declarations ─────────────────────────────────────────────────────────

  private lowerDeclarations(): Declaration[] {
    const declarations: Declaration[] = Object.entries(this.spec.enums ?? {}).map(([name, e]) => ({
      kind: "enum" as const,
      name,
      description: e.description,
      values: e.values,
      recursive: false,
    }));
    for (const [name, source] of Object.entries(this.spec.types)) {
      const declaration = this.lowerTypeDeclaration(name, source);
      if (declaration) declarations.push(declaration);
    }
    const lowered = this.applyDiscriminators(declarations);
    for (const declaration of lowered) this.declared.set(declaration.name, declaration);
    return lowered;
  }

  private lowerTypeDeclaration(name: string, source: TypeDeclarationSource): Declaration | undefined {
    const path = ["types", name];
    const base = { name, description: source.description, recursive: false };
    const chosen = (["fields", "type", "union"] as const).filter((key) => source[key] !== undefined);
    if (chosen.length > 1 || (source.extends !== undefined && chosen.some((k) => k !== "fields"))) {
      this.report(
        path,
        `'${name}' mixes ${[...chosen, ...(source.extends ? ["extends"] : [])].join(" and ")}; a type is an object (fields, extends), an alias (type) or a union (union)`,
        0,
        "key",
      );
      return undefined;
    }
    const kind = declarationKind(source);
    if (kind !== "alias") {
      for (const key of boundKeys) {
        if (source[key] !== undefined)
          this.report(
            [...path, key],
            `'${key}' applies to aliases (type) and fields, not to ${kind} types; move it to a field`,
            0,
            "key",
          );
      }
    }
    if (source.omit && !source.extends)
      this.report(
        [...path, "omit"],
        "'omit' needs 'extends': name the type whose fields to leave out",
        0,
        "key",
      );
    if (kind === "alias") {
      const type = this.resolveWithBounds([...path, "type"], source.type!, source);
      return type && { ...base, kind: "alias", type };
    }
    if (kind === "union") {
      const union = source.union!;
      return {
        ...base,
        kind: "union",
        discriminator: union.discriminator,
        variants: Object.entries(union.variants).map(([value, type]) => ({ value, type })),
        fallback: union.unknown,
      };
    }
    return { ...base, kind: "object", fields: this.objectFields(name, new Set()) };
  }

  /** The fields of an object type after `extends` and `omit`, its own fields last. */
  private objectFields(name: string, visiting: Set<string>): Field[] {
    const source = this.spec.types[name]!;
    const path = ["types", name];
    const fields = new Map<string, Field>();
    if (source.extends !== undefined) {
      const parent = source.extends;
      let resolved = false;
      if (visiting.has(name)) {
        const cycle = [...visiting].slice([...visiting].indexOf(name));
        this.report(
          [...path, "extends"],
          `'${name}' extends itself through ${[...cycle, name].join(" → ")}; break the cycle`,
        );
      } else if (this.kinds.has(parent) && this.kinds.get(parent) !== "object") {
        this.report(
          [...path, "extends"],
          `'${parent}' is ${article(this.kinds.get(parent)!)}, but extends needs an object type; name one here`,
        );
      } else if (!this.spec.types[parent]) {
        this.reportUnknown(
          parent,
          [...path, "extends"],
          this.unknownNameMessage(parent, "object type", ["object"]),
        );
      } else {
        for (const field of this.objectFields(parent, new Set([...visiting, name])))
          fields.set(field.name, field);
        resolved = true;
      }
      for (const [index, omitted] of (source.omit ?? []).entries()) {
        if (!fields.delete(omitted) && resolved) {
          this.report(
            [...path, "omit", index],
            `'${parent}' has no field '${omitted}' to omit${suggest(omitted, [...fields.keys()])}; remove it from omit`,
          );
        }
      }
    }
    for (const field of this.lowerFields([...path, "fields"], source.fields ?? {}))
      fields.set(field.name, field);
    return [...fields.values()];
  }

  private lowerFields(path: PathSegment[], sources: Record<string, FieldSource>): Field[] {
    const fields: Field[] = [];
    for (const [key, source] of Object.entries(sources)) {
      const field = this.lowerField([...path, key], key, source);
      if (field) fields.push(field);
    }
    return fields;
  }

  private lowerField(path: PathSegment[], key: string, source: FieldSource): Field | undefined {
    const optional = key.endsWith("?");
    const name = optional ? key.slice(0, -1) : key;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      this.report(
        path,
        `field name '${key}' must be letters, digits and _ (end it with ? to make it optional)`,
        0,
        "key",
      );
      return undefined;
    }
    const object = typeof source === "string" ? { type: source } : source;
    const typePath = typeof source === "string" ? path : [...path, "type"];
    const type = this.resolveWithBounds(typePath, object.type, object, path);
    if (!type) return undefined;
    const field: Field = { name, type, optional };
    return {
      ...field,
      ...(object.description !== undefined && { description: object.description }),
      ...(object.default !== undefined && { default: object.default }),
      ...(object.deprecated !== undefined && { deprecated: object.deprecated }),
    };
  }

  // ── type expressions ─────────────────────────────────────────────────────

  private resolveWithBounds(
    path: PathSegment[],
    expression: string,
    bounds: Bounds,
    boundsPath: PathSegment[] = path.slice(0, -1),
  ): TypeNode | undefined {
    const type = this.resolve(path, expression);
    return type && this.applyBounds(boundsPath, type, bounds);
  }

  private resolve(path: PathSegment[], expression: string): TypeNode | undefined {
    let parsed: TypeExpression;
    try {
      parsed = parseTypeExpression(expression);
    } catch (error) {
      if (!(error instanceof TypeExpressionError)) throw error;
      this.report(path, `in type '${expression}': ${error.message}`, error.offset);
      return undefined;
    }
    return this.resolveExpression(path, parsed);
  }

  private resolveExpression(path: PathSegment[], expression: TypeExpression): TypeNode | undefined {
    switch (expression.kind) {
      case "literal":
        return { kind: "literal", value: expression.value };
      case "array": {
        const items = this.resolveExpression(path, expression.items);
        return items && { kind: "array", items };
      }
      case "union": {
        const members = expression.members.map((member) => this.resolveExpression(path, member));
        return members.every(Boolean)
          ? mergePages({ kind: "union", members: members as TypeNode[] })
          : undefined;
      }
      case "generic":
        return this.resolveGeneric(path, expression);
      case "name": {
        const primitive = primitives[expression.name];
        if (primitive) return primitive;
        const target = this.kinds.get(expression.name);
        if (target) return { kind: "ref", name: expression.name, target };
        this.reportUnknown(
          expression.name,
          path,
          this.unknownNameMessage(expression.name, "type"),
          expression.offset,
        );
        return undefined;
      }
    }
  }

  private resolveGeneric(
    path: PathSegment[],
    expression: Extract<TypeExpression, { kind: "generic" }>,
  ): TypeNode | undefined {
    const args = expression.args.map((arg) => this.resolveExpression(path, arg));
    if (!args.every(Boolean)) return undefined;
    const resolved = args as TypeNode[];
    const arity = (expected: number) => {
      if (resolved.length === expected) return true;
      this.report(
        path,
        `${expression.name}<...> takes ${expected} type argument${expected > 1 ? "s" : ""}, not ${resolved.length}`,
        expression.offset,
      );
      return false;
    };
    switch (expression.name) {
      case "record":
        return arity(1) ? { kind: "record", values: resolved[0]! } : undefined;
      case "tuple":
        return { kind: "tuple", items: resolved };
      case "Page":
      case "CursorPage": {
        const required = expression.name === "Page" ? "Pagination" : "CursorPagination";
        if (this.kinds.get(required) !== "object") {
          this.report(
            path,
            `${expression.name}<T> needs an object type named '${required}'; declare it under types`,
            expression.offset,
          );
          return undefined;
        }
        return arity(1)
          ? { kind: "page", forms: [expression.name === "Page" ? "offset" : "cursor"], items: resolved[0]! }
          : undefined;
      }
      default:
        this.report(
          path,
          `unknown generic '${expression.name}<...>'; use one of ${generics.map((g) => `${g}<...>`).join(", ")}`,
          expression.offset,
        );
        return undefined;
    }
  }

  private unknownNameMessage(name: string, what: string, kinds?: DeclarationKind[]): string {
    const candidates = [...this.kinds].filter(([, kind]) => !kinds || kinds.includes(kind)).map(([n]) => n);
    const all = kinds ? candidates : [...Object.keys(primitives), ...candidates];
    return `unknown ${what} '${name}'${suggest(name, all)}; declare it under ${kinds?.includes("enum") ? "enums" : "types"} or fix the name`;
  }

  /** Applies a field's or alias's bounds to the part of its type they are about. */
  private applyBounds(path: PathSegment[], type: TypeNode, bounds: Bounds): TypeNode {
    let result = type;
    for (const key of boundKeys) {
      const value = bounds[key];
      if (value === undefined) continue;
      const applied = withBound(result, key, value);
      if (applied) result = applied;
      else
        this.report(
          [...path, key],
          `'${key}' does not apply to ${describeType(type)} (${boundHint(key)}); ${boundFix(type)}`,
          0,
          "key",
        );
    }
    return result;
  }

  // ── unions ───────────────────────────────────────────────────────────────

  /** Gives every union variant its discriminator literal, through nested unions. */
  private applyDiscriminators(declarations: Declaration[]): Declaration[] {
    const byName = new Map(declarations.map((d) => [d.name, d]));
    const overrides = new Map<string, Map<string, TypeNode>>();
    const assign = (typeName: string, field: string, type: TypeNode, path: PathSegment[]) => {
      const target = byName.get(typeName);
      if (target?.kind === "union") {
        for (const variant of target.variants) assign(variant.type, field, type, path);
        if (target.fallback) assign(target.fallback, field, type, path);
        return;
      }
      if (target?.kind !== "object") return;
      if (!target.fields.some((f) => f.name === field)) {
        this.report(
          path,
          `variant '${typeName}' has no field '${field}' to tell it apart; add \`${field}: string\` to it`,
        );
        return;
      }
      const fields = overrides.get(typeName) ?? new Map<string, TypeNode>();
      const existing = fields.get(field);
      if (existing && JSON.stringify(existing) !== JSON.stringify(type)) {
        this.report(
          path,
          `'${typeName}' is a variant of two unions with different '${field}' values; give each union its own variant type`,
        );
      }
      fields.set(field, type);
      overrides.set(typeName, fields);
    };

    for (const union of declarations.filter((d): d is UnionDeclaration => d.kind === "union")) {
      const path = ["types", union.name, "union"];
      union.variants.forEach(({ value, type }) => {
        if (this.checkVariant([...path, "variants", value], type)) {
          assign(type, union.discriminator, { kind: "literal", value }, [...path, "variants", value]);
        }
      });
      if (union.fallback && this.checkVariant([...path, "unknown"], union.fallback, ["object"])) {
        const known = union.variants.map((v) => v.value);
        assign(union.fallback, union.discriminator, { kind: "otherString", known }, [...path, "unknown"]);
      }
    }
    return declarations.map((declaration) => {
      const fields = overrides.get(declaration.name);
      if (!fields || declaration.kind !== "object") return declaration;
      return {
        ...declaration,
        fields: declaration.fields.map((f) =>
          fields.has(f.name) ? { ...f, type: fields.get(f.name)!, optional: false } : f,
        ),
      };
    });
  }

  private checkVariant(
    path: PathSegment[],
    type: string,
    kinds: DeclarationKind[] = ["object", "union"],
  ): boolean {
    if (kinds.includes(this.kinds.get(type) as DeclarationKind)) return true;
    if (!this.kinds.has(type)) {
      this.reportUnknown(type, path, this.unknownNameMessage(type, "variant type", kinds));
      return false;
    }
    this.report(
      path,
      `'${type}' is ${article(this.kinds.get(type)!)}, but ${kinds.length === 1 ? "the unknown variant must be an object type" : "a variant must be an object type or a union"}; name one here`,
    );
    return false;
  }

  // ── operations ───────────────────────────────────────────────────────────

  private lowerOperations(): Operation[] {
    const operations: Operation[] = [];
    const groups = new Map<string, string>();
    const namespaces = new Map<string, string>();
    const typeNames = new Map<string, string>();
    const generatedBy = generatedOperationNames(this.spec);
    for (const [id, source] of Object.entries(this.spec.operations)) {
      const path = ["operations", id];
      if (!/^[a-z][A-Za-z0-9]*$/.test(id)) {
        this.report(
          path,
          `operation id '${id}' must be camelCase (letters and digits, starting lower-case)${renameHint(id[0]!.toLowerCase() + id.slice(1), /^[a-z][A-Za-z0-9]*$/)}`,
          0,
          "key",
        );
        continue;
      }
      this.checkOperationNames(path, id, generatedBy);
      const names = operationNames({ id });
      const clash = typeNames.get(names.typeName.toLowerCase());
      if (clash)
        this.report(
          path,
          `operation id '${id}' duplicates '${clash}' (ids must differ by more than case); rename one`,
          0,
          "key",
        );
      typeNames.set(names.typeName.toLowerCase(), id);
      if (this.kinds.has(names.input) || this.kinds.has(names.response)) {
        this.report(
          path,
          `operation '${id}' generates ${names.input} and ${names.response}, which a type already names; rename the type`,
          0,
          "key",
        );
      }
      this.checkGroup([...path, "group"], id, source.group, groups, namespaces);
      const operation = this.lowerOperation(id, source);
      if (operation) operations.push(operation);
    }
    return operations.map((operation) => ({
      ...operation,
      invalidates: this.lowerInvalidates(operation.id),
    }));
  }

  /** An operation id may not be a word JavaScript reserves, nor a name the runtimes or another operation take. */
  private checkOperationNames(path: PathSegment[], id: string, generatedBy: GeneratedNames) {
    const taken = (message: string) => this.report(path, message, 0, "key");
    const owner = generatedBy.get(id);
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
    const kind = this.spec.operations[id]!.method === "GET" ? "query" : "mutation";
    const hooks = hookNames({ id }, kind);
    const other = generatedBy.get(hooks[0]![0]);
    if (other && other.id !== id)
      taken(
        `operation id '${id}' would make the hook ${hooks[0]![0]}, which is also the ${other.what} of '${other.id}'; rename the operation`,
      );
    for (const [hook, what] of hooks) {
      if ((reactRuntimeExports as readonly string[]).includes(hook))
        taken(
          `operation id '${id}' would make the ${what} ${hook}, which the React bindings' runtime exports; rename the operation`,
        );
    }
  }

  /**
   * `invalidates:` names what a mutation changes: query operations by id, or groups
   * (a prefix of query groups). Each entry becomes the group path its cache keys start with.
   */
  private lowerInvalidates(id: string): (readonly string[])[] {
    const source = this.spec.operations[id]!;
    const entries = source.invalidates ?? [];
    const path = ["operations", id, "invalidates"];
    if (entries.length > 0 && source.method === "GET") {
      this.report(
        path,
        "a GET operation changes nothing, so it invalidates nothing; remove invalidates (or list it on the mutations that change this data)",
        0,
        "key",
      );
      return [];
    }
    const queries = Object.entries(this.spec.operations).filter(([, op]) => op.method === "GET");
    const targets: (readonly string[])[] = [];
    const seen = new Set<string>();
    for (const [index, entry] of entries.entries()) {
      const at = [...path, index];
      if (seen.has(entry)) {
        this.report(at, `'${entry}' is listed twice in invalidates; remove one`);
        continue;
      }
      seen.add(entry);
      const target = this.spec.operations[entry];
      if (target) {
        if (target.method !== "GET") {
          this.report(
            at,
            `'${entry}' is a mutation (${target.method}); only queries are cached, so only they can be invalidated; name a GET operation or a group`,
          );
        } else targets.push(target.group.split("."));
        continue;
      }
      const inGroup = queries.filter(([, op]) => op.group === entry || op.group.startsWith(`${entry}.`));
      if (inGroup.length > 0) {
        targets.push(entry.split("."));
        continue;
      }
      const anyInGroup = Object.values(this.spec.operations).some((op) => op.group.startsWith(`${entry}.`));
      const candidates = [
        ...queries.map(([queryId]) => queryId),
        ...groupPrefixes(queries.map(([, op]) => op.group)),
      ];
      if (anyInGroup) {
        this.report(
          at,
          `group '${entry}' holds no query operations, so nothing of it is cached; name a GET operation or a group with queries`,
        );
        continue;
      }
      // An operation already reported as misshapen is no new problem (reportUnknown knows them).
      this.reportUnknown(
        entry,
        at,
        `unknown operation or group '${entry}' in invalidates${suggest(entry, candidates)}; name a GET operation id (e.g. ${queries[0]?.[0] ?? "listThings"}) or a group of them`,
      );
    }
    return targets;
  }

  /** `namespaces` maps each proper prefix of a group seen so far to the first group under it. */
  private checkGroup(
    path: PathSegment[],
    id: string,
    group: string,
    groups: Map<string, string>,
    namespaces: Map<string, string>,
  ) {
    const other = groups.get(group);
    if (other)
      return this.report(
        path,
        `group '${group}' is already used by '${other}'; each operation needs its own`,
      );
    // Prefix lookups rather than a scan of every group, so a thousand operations stay cheap.
    const segments = group.split(".");
    const prefixes = segments.slice(1).map((_, i) => segments.slice(0, i + 1).join("."));
    const existing = prefixes.find((prefix) => groups.has(prefix)) ?? namespaces.get(group);
    if (existing !== undefined) {
      return this.report(
        path,
        `group '${group}' and '${existing}' (of '${groups.get(existing)}') would make one name both a method and a namespace; rename one`,
      );
    }
    groups.set(group, id);
    for (const prefix of prefixes) if (!namespaces.has(prefix)) namespaces.set(prefix, group);
  }

  private lowerOperation(id: string, source: OperationSource): Operation | undefined {
    const path = ["operations", id];
    const before = this.diagnostics.length;
    for (const [index, scheme] of source.auth.entries()) {
      if (!this.spec.security[scheme])
        this.reportUnknown(
          scheme,
          [...path, "auth", index],
          `unknown security scheme '${scheme}'${suggest(scheme, Object.keys(this.spec.security))}; declare it under security`,
        );
    }
    const parameters = this.lowerParameters(path, source);
    const responses = this.lowerResponses([...path, "responses"], source.responses);
    const errors = this.lowerErrors([...path, "errors"], source.errors ?? []);
    this.checkExample([...path, "example"], source.example, parameters);
    if (source.input?.body && source.method === "GET")
      this.report(
        [...path, "input", "body"],
        "a GET operation cannot have a body; move these fields to query",
        0,
        "key",
      );
    if (this.diagnostics.length > before) return undefined;
    return {
      id,
      group: source.group.split("."),
      summary: source.summary,
      description: source.description,
      deprecated: source.deprecated ?? false,
      method: source.method as HttpMethod,
      path: source.path,
      kind: source.method === "GET" ? "query" : "mutation",
      auth: source.auth,
      scopes: source.scopes ?? [],
      parameters,
      hasBody: source.input?.body !== undefined,
      responses,
      errors,
      pagination: paginationOf(responses),
      example: source.example,
      invalidates: [],
    };
  }

  private lowerParameters(path: PathSegment[], source: OperationSource): Parameter[] {
    const input = source.input ?? {};
    const seen = new Map<string, string>();
    const parameters: Parameter[] = [];
    for (const location of ["path", "query", "body"] as const) {
      for (const [key, fieldSource] of Object.entries(input[location] ?? {})) {
        const fieldPath = [...path, "input", location, key];
        const field = this.lowerField(fieldPath, key, fieldSource);
        if (!field) continue;
        const earlier = seen.get(field.name);
        if (earlier) {
          this.report(
            fieldPath,
            `input field '${field.name}' is already in ${earlier}; inputs are one object, so each name may appear once across path, query and body; rename or remove one`,
            0,
            "key",
          );
          continue;
        }
        seen.set(field.name, location);
        const style = location === "query" ? this.queryStyle(fieldPath, fieldSource, field.type) : undefined;
        // The service reads a `json` parameter as text, so the caller may hold it as text already.
        const type: TypeNode = style === "json" ? { kind: "jsonText", type: field.type } : field.type;
        parameters.push({ ...field, type, location, ...(style && { style }) });
      }
    }
    this.checkPathParameters(path, source.path, parameters);
    return parameters;
  }

  private queryStyle(path: PathSegment[], source: FieldSource, type: TypeNode): QueryStyle {
    const explicit =
      typeof source === "object" && "style" in source ? (source.style as QueryStyle | undefined) : undefined;
    const isRecord = this.unalias(type).kind === "record";
    if (explicit === "deepObject" && !isRecord)
      this.report([...path, "style"], `style deepObject needs a record<...> type, not ${describeType(type)}`);
    if (explicit === "form" && isRecord)
      this.report([...path, "style"], "a record cannot be sent as style form; use deepObject or json");
    return explicit ?? (isRecord ? "deepObject" : "form");
  }

  /** Looks through aliases, so `MetadataQuery` counts as the record it names. */
  private unalias(type: TypeNode): TypeNode {
    const declaration = type.kind === "ref" ? this.declared.get(type.name) : undefined;
    return declaration?.kind === "alias" ? this.unalias(declaration.type) : type;
  }

  private checkPathParameters(path: PathSegment[], template: string, parameters: Parameter[]) {
    const matches = [...template.matchAll(/\{([^}]*)\}/g)];
    const placeholders = matches.map((m) => m[1]!);
    const declared = parameters.filter((p) => p.location === "path");
    for (const [index, name] of placeholders.entries()) {
      const parameter = parameters.find((p) => p.name === name);
      if (!parameter)
        this.report(
          [...path, "path"],
          `path parameter '{${name}}' is not declared; add '${name}' under input.path`,
          matches[index]!.index,
        );
      else if (parameter.location !== "path")
        this.report(
          [...path, "input", parameter.location, name],
          `'${name}' fills '{${name}}' in the path, so it belongs under input.path, not ${parameter.location}`,
          0,
          "key",
        );
      else if (parameter.optional)
        this.report(
          [...path, "input", "path", `${name}?`],
          `path parameter '${name}' cannot be optional; remove the ?`,
          0,
          "key",
        );
    }
    for (const parameter of declared) {
      if (!placeholders.includes(parameter.name)) {
        this.report(
          [...path, "input", "path", parameter.optional ? `${parameter.name}?` : parameter.name],
          `input.path declares '${parameter.name}' but the path '${template}' has no '{${parameter.name}}'; add it to the path or move the field to query`,
          0,
          "key",
        );
      }
    }
  }

  private lowerResponses(path: PathSegment[], sources: Record<string, string | null>): SuccessResponse[] {
    const responses: SuccessResponse[] = [];
    for (const [status, expression] of Object.entries(sources)) {
      if (expression === null || expression === "null" || expression === "void") {
        responses.push({ status: Number(status), body: { kind: expression ?? "null" } });
        continue;
      }
      const type = this.resolve([...path, status], expression);
      if (type) responses.push({ status: Number(status), body: { kind: "json", type } });
    }
    if (Object.keys(sources).length === 0)
      this.report(
        path,
        "an operation needs at least one success response, e.g. `200: Customer` or `204: void`",
        0,
        "key",
      );
    return responses;
  }

  private lowerErrors(path: PathSegment[], codes: readonly string[]): OperationError[] {
    return codes.flatMap((code, index): OperationError[] => {
      if (code === "validation") return [{ shape: "validation", status: 422 }];
      const error = this.spec.errors[code];
      if (error) return [{ shape: "error", code, status: error.status }];
      this.reportUnknown(
        code,
        [...path, index],
        `unknown error code '${code}'${suggest(code, [...Object.keys(this.spec.errors), "validation"])}; declare it under errors or use 'validation' for the 422 body`,
      );
      return [];
    });
  }

  private checkExample(
    path: PathSegment[],
    example: Record<string, unknown> | undefined,
    parameters: Parameter[],
  ) {
    const names = parameters.map((p) => p.name);
    for (const key of Object.keys(example ?? {})) {
      if (!names.includes(key))
        this.report(
          [...path, key],
          `example names '${key}', which is not an input field${suggest(key, names)}; fix the name or remove it`,
          0,
          "key",
        );
    }
    for (const parameter of parameters) {
      if (example && !parameter.optional && !(parameter.name in example))
        this.report(path, `example lacks the required input field '${parameter.name}'; add it`, 0, "key");
    }
  }
}

function declarationKind(source: TypeDeclarationSource): Exclude<DeclarationKind, "enum"> {
  if (source.union !== undefined) return "union";
  if (source.type !== undefined) return "alias";
  return "object";
}

function paginationOf(responses: readonly SuccessResponse[]): Operation["pagination"] {
  const ok = responses.find((r) => r.status === 200);
  if (ok?.body.kind !== "json" || ok.body.type.kind !== "page") return undefined;
  return { forms: ok.body.type.forms, items: ok.body.type.items };
}

/** `Page<T> | CursorPage<T>` is one page whose pagination takes either form. */
function mergePages(union: Extract<TypeNode, { kind: "union" }>): TypeNode {
  const pages = union.members.filter((m): m is Extract<TypeNode, { kind: "page" }> => m.kind === "page");
  const sameItems = pages.every((p) => JSON.stringify(p.items) === JSON.stringify(pages[0]!.items));
  if (pages.length < 2 || pages.length !== union.members.length || !sameItems) return union;
  return { kind: "page", forms: [...new Set(pages.flatMap((p) => p.forms))], items: pages[0]!.items };
}

/** Every proper prefix of the given dotted groups (`a.b.c` → `a`, `a.b`). */
function groupPrefixes(groups: readonly string[]): string[] {
  const prefixes = new Set<string>();
  for (const group of groups) {
    const parts = group.split(".");
    for (let end = 1; end < parts.length; end++) prefixes.add(parts.slice(0, end).join("."));
  }
  return [...prefixes];
}

type GeneratedNames = Map<string, { id: string; what: string }>;

/**
 * The names each operation generates beyond its id and its plain hook (its definition, its
 * Suspense and Infinite hooks), by name: another operation's id or plain hook may not be one.
 */
function generatedOperationNames(spec: SpecDocument): GeneratedNames {
  const names: GeneratedNames = new Map();
  for (const [id, source] of Object.entries(spec.operations)) {
    for (const name of clientValueNames({ id })) names.set(name, { id, what: "definition" });
    const [, ...suffixed] = hookNames({ id }, source.method === "GET" ? "query" : "mutation");
    for (const [name, what] of suffixed) names.set(name, { id, what });
  }
  return names;
}

function suggest(word: string, candidates: readonly string[]): string {
  const match = closest(word, candidates);
  return match ? ` (did you mean '${match}'?)` : "";
}

function withBound(type: TypeNode, key: (typeof boundKeys)[number], value: number): TypeNode | undefined {
  if (type.kind === "union") {
    let applied = false;
    const members = type.members.map((member) => {
      const bounded = withBound(member, key, value);
      applied ||= bounded !== undefined;
      return bounded ?? member;
    });
    return applied ? { kind: "union", members } : undefined;
  }
  const fits =
    ((key === "minLength" || key === "maxLength") && type.kind === "string") ||
    ((key === "min" || key === "max" || key === "exclusiveMin" || key === "exclusiveMax") &&
      (type.kind === "integer" || type.kind === "number")) ||
    ((key === "minItems" || key === "maxItems") && type.kind === "array") ||
    ((key === "maxEntries" || key === "keyMinLength" || key === "keyMaxLength") && type.kind === "record");
  return fits ? ({ ...type, [key]: value } as TypeNode) : undefined;
}

/** Removing a bound always works; other bounds may fit the type. */
function boundFix(type: TypeNode): string {
  const fitting = boundKeys.filter((key) => withBound(type, key, 0) !== undefined);
  return fitting.length > 0 ? `remove it or use ${fitting.join(", ")}` : "remove it";
}

function renameHint(candidate: string, pattern: RegExp): string {
  return pattern.test(candidate) ? `; rename it to '${candidate}'` : "";
}

function article(kind: DeclarationKind): string {
  return { enum: "an enum", object: "an object type", alias: "an alias", union: "a union" }[kind];
}

function boundHint(key: string): string {
  if (key.includes("Length") && !key.startsWith("key")) return "it bounds strings";
  if (key === "minItems" || key === "maxItems") return "it bounds arrays";
  if (key === "maxEntries" || key.startsWith("key")) return "it bounds record<...> types";
  return "it bounds integers and numbers";
}

function describeType(type: TypeNode): string {
  switch (type.kind) {
    case "ref":
      return `'${type.name}'`;
    case "union":
      return type.members.map(describeType).join(" | ");
    case "array":
      return `${describeType(type.items)}[]`;
    case "string":
      return type.format ?? "string";
    default:
      return type.kind;
  }
}
