import type { Declaration, Field, TypeNode } from "../ir/types.ts";
import type { FieldSource, TypeDeclarationSource } from "./language.ts";
import type { PathSegment } from "./read-yaml.ts";
import { type Reporter, suggest } from "./reporter.ts";
import { parseTypeExpression, type TypeExpression, TypeExpressionError } from "./type-expression.ts";

export type DeclarationKind = Declaration["kind"];

export const primitives: Record<string, TypeNode> = {
  string: { kind: "string" },
  uuid: { kind: "string", format: "uuid" },
  datetime: { kind: "string", format: "datetime" },
  date: { kind: "string", format: "date" },
  ip: { kind: "string", format: "ip" },
  email: { kind: "string", format: "email" },
  url: { kind: "string", format: "url" },
  integer: { kind: "integer" },
  number: { kind: "number" },
  boolean: { kind: "boolean" },
  unknown: { kind: "unknown" },
  null: { kind: "null" },
};
export const generics = ["record", "tuple", "Page", "CursorPage"];

export type Bounds = Pick<
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
  | "pattern"
>;
export const boundKeys = [
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
  "pattern",
] as const;

/**
 * Checks the meaning of a structurally valid spec (references, paths, inputs, unions)
 * and lowers it to the IR. Every problem is collected; the IR is only returned when
 * there are none.
 */

/**
 * Resolves the spec's type expressions (`uuid | null`, `Page<Event>`, `record<string>`) to IR
 * type nodes, with the bounds of their field or alias applied; every problem is reported
 * at the expression.
 */
export class TypeResolver {
  constructor(
    private readonly reporter: Reporter,
    /** Every declared name and its kind (names are checked before anything is resolved). */
    readonly kinds: ReadonlyMap<string, DeclarationKind>,
  ) {}

  /** A field of an object type or an operation input: its name, type, bounds and notes. */
  resolveField(path: PathSegment[], key: string, source: FieldSource): Field | undefined {
    const optional = key.endsWith("?");
    const name = optional ? key.slice(0, -1) : key;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      this.reporter.report(
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
      ...(object.example !== undefined && { example: object.example }),
      ...(object.readOnly === true && { readOnly: true }),
      ...(object.since !== undefined && { since: object.since }),
      ...(object.until !== undefined && { until: object.until }),
    };
  }

  resolveWithBounds(
    path: PathSegment[],
    expression: string,
    bounds: Bounds,
    boundsPath: PathSegment[] = path.slice(0, -1),
  ): TypeNode | undefined {
    const type = this.resolve(path, expression);
    return type && this.applyBounds(boundsPath, type, bounds);
  }

  resolve(path: PathSegment[], expression: string): TypeNode | undefined {
    let parsed: TypeExpression;
    try {
      parsed = parseTypeExpression(expression);
    } catch (error) {
      if (!(error instanceof TypeExpressionError)) throw error;
      this.reporter.report(path, `in type '${expression}': ${error.message}`, error.offset);
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
        this.reporter.reportUnknown(
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
      this.reporter.report(
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
          this.reporter.report(
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
        this.reporter.report(
          path,
          `unknown generic '${expression.name}<...>'; use one of ${generics.map((g) => `${g}<...>`).join(", ")}`,
          expression.offset,
        );
        return undefined;
    }
  }

  unknownNameMessage(name: string, what: string, kinds?: DeclarationKind[]): string {
    const candidates = [...this.kinds].filter(([, kind]) => !kinds || kinds.includes(kind)).map(([n]) => n);
    const all = kinds ? candidates : [...Object.keys(primitives), ...candidates];
    return `unknown ${what} '${name}'${suggest(name, all)}; declare it under ${kinds?.includes("enum") ? "enums" : "types"} or fix the name`;
  }

  private isRegularExpression(path: PathSegment[], pattern: string): boolean {
    const error = compileError(pattern);
    if (error) this.reporter.report(path, `pattern is not a regular expression (${error}); fix it`);
    return error === undefined;
  }

  /** Applies a field's or alias's bounds to the part of its type they are about. */
  private applyBounds(path: PathSegment[], type: TypeNode, bounds: Bounds): TypeNode {
    let result = type;
    for (const key of boundKeys) {
      const value = bounds[key];
      if (value === undefined) continue;
      if (key === "pattern" && !this.isRegularExpression([...path, key], value as string)) continue;
      const applied = withBound(result, key, value);
      if (applied) result = applied;
      else
        this.reporter.report(
          [...path, key],
          `'${key}' does not apply to ${describeType(type)} (${boundHint(key)}); ${boundFix(type)}`,
          0,
          "key",
        );
    }
    return result;
  }
}

/** Why a pattern does not compile as JavaScript reads it (with the `u` flag: JSON Schema's patterns are Unicode), or undefined. */
export function compileError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function mergePages(union: Extract<TypeNode, { kind: "union" }>): TypeNode {
  const pages = union.members.filter((m): m is Extract<TypeNode, { kind: "page" }> => m.kind === "page");
  const sameItems = pages.every((p) => JSON.stringify(p.items) === JSON.stringify(pages[0]!.items));
  if (pages.length < 2 || pages.length !== union.members.length || !sameItems) return union;
  return { kind: "page", forms: [...new Set(pages.flatMap((p) => p.forms))], items: pages[0]!.items };
}

function withBound(
  type: TypeNode,
  key: (typeof boundKeys)[number],
  value: number | string,
): TypeNode | undefined {
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
    ((key === "minLength" || key === "maxLength" || key === "pattern") && type.kind === "string") ||
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

export function article(kind: DeclarationKind): string {
  return { enum: "an enum", object: "an object type", alias: "an alias", union: "a union" }[kind];
}

function boundHint(key: string): string {
  if ((key.includes("Length") && !key.startsWith("key")) || key === "pattern") return "it bounds strings";
  if (key === "minItems" || key === "maxItems") return "it bounds arrays";
  if (key === "maxEntries" || key.startsWith("key")) return "it bounds record<...> types";
  return "it bounds integers and numbers";
}

export function describeType(type: TypeNode): string {
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
