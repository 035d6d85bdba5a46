import {
  enumIsOpen,
  foldUnion,
  inMode,
  keepsUnknownKeys,
  type Mode,
  type ModeAnalysis,
} from "../../ir/modes.ts";
import { paginationTypeName } from "../../ir/references.ts";
import type { Field, TypeNode } from "../../ir/types.ts";
import { access, propertyKey } from "../identifiers.ts";
import { regexLiteral } from "../schemas/zod-printer.ts";
import {
  enumValuesName,
  membersName,
  patternName,
  routedValidatorName,
  validatorName,
  variantsName,
} from "./names.ts";

/** A function of the generated file: its name, whether it is exported, its body. */
export interface CheckFunction {
  readonly name: string;
  readonly exported: boolean;
  readonly statements: readonly string[];
}

/** A module constant of the generated file. */
export interface CheckConstant {
  readonly name: string;
  readonly initializer: string;
}

/**
 * Compiles IR types into validator functions, the way zod-printer.ts prints them as zod
 * schemas, so that the two agree: each node as its mode checks it (ir/modes.ts). A type is compiled to
 * the name of a function `(value, problems, key?) => output`: a check of the runtime
 * (client/src/validate.ts) when one fits, else a generated function, made once per distinct
 * body. Declarations are compiled as they are reached, so the file holds only what the
 * operations use.
 */
export class CheckCompiler {
  readonly functions = new Map<string, CheckFunction>();
  readonly constants = new Map<string, CheckConstant>();
  /** The runtime's exports the generated code calls. */
  readonly runtime = new Set<string>();
  private readonly bodies = new Map<string, string>();
  /** A constant asked for under a name, and the name of the equal one it shares. */
  private readonly sharedConstants = new Map<string, string>();
  private readonly pending: { name: string; mode: Mode }[] = [];
  private readonly requested = new Set<string>();

  constructor(private readonly modes: ModeAnalysis) {}

  /** The name of a function that checks `type` in `mode`. */
  check(node: TypeNode, mode: Mode): string {
    const type = inMode(node, mode);
    switch (type.kind) {
      case "string":
        return this.string(type);
      case "integer":
      case "number":
        return this.number(type);
      case "boolean":
        return this.use("boolean");
      case "unknown":
        return this.use("anything");
      case "null":
        return this.use("nullValue");
      case "literal":
        return this.hoist(`literal${pascal(String(type.value))}`, [
          `return ${this.use("literal")}(value, problems, ${JSON.stringify(type.value)}, key);`,
        ]);
      case "otherString": {
        // The known tags are the union's variants' keys: the table its routing reads.
        const union = this.modes.modeOf(type.union, mode);
        this.declaration(type.union, union);
        // Two unions of the same variants share one table, named after the first.
        const variants = this.constantName(variantsName(routedValidatorName(this.modes, type.union, union)));
        return this.hoist(`other${this.modes.nameOf(type.union, union)}Tag`, [
          `return ${this.use("otherString")}(value, problems, ${variants}, key);`,
        ]);
      }
      case "ref":
        return this.ref(type, mode);
      case "array":
        return this.array(type, mode);
      case "record":
        return this.record(type, mode);
      case "tuple": {
        const items = type.items.map((item) => this.check(item, mode));
        return this.hoist(`tupleOf${items.map(pascal).join("And")}`, [
          `return ${this.use("tuple")}(value, problems, [${items.join(", ")}], key);`,
        ]);
      }
      case "union":
        return this.union(type.members, mode);
      case "jsonText": {
        const inner = this.check(type.type, "input");
        return this.hoist(`jsonTextOf${pascal(inner)}`, [
          `return ${this.use("jsonText")}(value, problems, ${inner}, key);`,
        ]);
      }
      case "page":
        return this.page(type, mode);
    }
  }

  /** The body of a function that checks an object: strict for inputs, keeping unknown keys for responses. */
  objectStatements(fields: readonly Field[], mode: Mode, others?: TypeNode): string[] {
    const otherKeys = others === undefined ? undefined : this.check(others, mode);
    return this.objectOf(
      fields.map((field) => ({
        name: field.name,
        optional: field.optional,
        // A required `unknown` field is checked by `present` alone (requiredField): naming
        // `anything` here would import it into a file that never calls it.
        check: field.type.kind === "unknown" && !field.optional ? "anything" : this.check(field.type, mode),
        takesUndefined: this.takesUndefined(field.type, new Set()),
      })),
      mode,
      otherKeys,
    );
  }

  /**
   * The required fields before the first optional one are the output's object literal, so
   * that it is allocated once with room for them (added one by one, they grew it again and
   * again); the rest are assigned after, in declaration order, as zod's output has them.
   */
  private objectOf(fields: readonly FieldCheck[], mode: Mode, otherKeys?: string): string[] {
    const firstOptional = fields.findIndex((f) => f.optional || f.name === "__proto__");
    const literalFields = firstOptional === -1 ? fields : fields.slice(0, firstOptional);
    const statements = [
      `if (!${this.use("isObject")}(value)) return ${this.use("notObject")}(value, problems, key);`,
      "const start = problems.length;",
      ...(literalFields.length === 0
        ? ["const output: Record<string, unknown> = {};"]
        : [
            "const output: Record<string, unknown> = {",
            ...literalFields.map((field) => `${propertyKey(field.name)}: ${this.requiredField(field)},`),
            "};",
          ]),
    ];
    for (const field of fields.slice(literalFields.length)) {
      const name = JSON.stringify(field.name);
      if (field.optional) {
        const [from, to] = [`value${access(field.name)}`, `output${access(field.name)}`];
        statements.push(
          `if (${name} in value) ${to} = ${this.optional(field.check)}(${from}, problems, ${name});`,
        );
        continue;
      }
      statements.push(`output${access(field.name)} = ${this.requiredField(field)};`);
    }
    statements.push(
      otherKeys !== undefined
        ? `return ${this.use("checkOtherKeys")}(output, value, problems, start, key, ${otherKeys}${declaredNames(fields)});`
        : !keepsUnknownKeys(mode)
          ? `return ${this.use("rejectUnknownKeys")}(output, value, problems, start, key${declaredNames(fields)});`
          : `return ${this.use("keepUnknownKeys")}(output, value, problems, start, key${fields.some((f) => f.optional) ? "" : `, ${fields.length}`});`,
    );
    return statements;
  }

  /** `check` for an optional field: absent is handled by the caller, undefined stays undefined (as zod's optional). */
  private optional(check: string): string {
    return this.hoist(`optional${pascal(check)}`, [
      `return value === undefined ? undefined : ${this.call(check)};`,
    ]);
  }

  /** The checked value of a required field. */
  private requiredField(field: FieldCheck): string {
    const name = JSON.stringify(field.name);
    const read = field.takesUndefined
      ? `${this.use("present")}(value, ${name}, problems)`
      : `value${access(field.name)}`;
    // `unknown` takes any value: once `present` has checked the field is there, nothing is left to check.
    if (field.check === "anything") return read;
    return `${field.check}(${read}, problems, ${name})`;
  }

  /** Whether a type's check accepts `undefined` (only `unknown` does, directly or in a union or alias). */
  private takesUndefined(type: TypeNode, seen: Set<string>): boolean {
    if (type.kind === "unknown") return true;
    if (type.kind === "union") return type.members.some((m) => this.takesUndefined(m, seen));
    if (type.kind !== "ref" || seen.has(type.name)) return false;
    const declaration = this.modes.declaration(type.name);
    return declaration?.kind === "alias" && this.takesUndefined(declaration.type, seen.add(type.name));
  }

  /** A generated check of an object of these fields, named from `stem`. */
  objectCheck(stem: string, fields: readonly Field[], mode: Mode): string {
    return this.hoist(stem, this.objectStatements(fields, mode));
  }

  /** The next declaration reached but not compiled yet, or undefined when all are. */
  nextPending(): { name: string; mode: Mode } | undefined {
    return this.pending.shift();
  }

  /** An exported validator of the generated file, with this body. */
  exportFunction(name: string, statements: readonly string[]): string {
    this.functions.set(name, { name, exported: true, statements });
    return name;
  }

  use(runtimeName: string): string {
    this.runtime.add(runtimeName);
    return runtimeName;
  }

  /**
   * A module constant named after what it serves, declared once per distinct initializer
   * (a second name for the same value reuses the first). Two values under one name are a
   * bug of names.ts, refused rather than renamed.
   */
  constant(name: string, initializer: string): string {
    for (const constant of this.constants.values()) {
      if (constant.initializer === initializer) {
        this.sharedConstants.set(name, constant.name);
        return constant.name;
      }
    }
    if (this.constants.has(name))
      throw new Error(
        `validators: two constants would be named ${name}; give them distinct names in emitters/validators/names.ts`,
      );
    this.constants.set(name, { name, initializer });
    return name;
  }

  /**
   * A check applied to the value: `anything` (the check of `unknown`, which takes the value
   * alone) is the value itself.
   */
  call(check: string): string {
    return check === "anything" ? "value" : `${check}(value, problems, key)`;
  }

  /** The name a constant asked for as `name` has: another's, when their values are the same. */
  constantName(name: string): string {
    return this.sharedConstants.get(name) ?? name;
  }

  /** A generated, unexported check function, declared once per distinct body. */
  private hoist(stem: string, statements: readonly string[]): string {
    const body = statements.join("\n");
    const existing = this.bodies.get(body);
    if (existing) return existing;
    const name = this.freeName(stem);
    this.bodies.set(body, name);
    this.functions.set(name, { name, exported: false, statements });
    return name;
  }

  /**
   * The name the next check hoisted from `stem` gets: `check<Stem>`, suffixed only when two
   * different checks spell the same (literals `a.b` and `a_b`), which no spec change renumbers.
   */
  private freeName(stem: string): string {
    const base = `check${pascal(stem).slice(0, 48)}`;
    let name = base;
    for (let n = 2; this.functions.has(name); n++) name = `${base}${n}`;
    return name;
  }

  private string(type: Extract<TypeNode, { kind: "string" }>): string {
    const format = this.use(type.format ?? "string");
    const base =
      type.minLength === undefined && type.maxLength === undefined
        ? format
        : this.lengthWithin(format, type.minLength, type.maxLength);
    if (type.pattern === undefined) return base;
    const pattern = this.constant(patternName(type.pattern), regexLiteral(type.pattern));
    return this.hoist(`${base}Matching${pattern}`, [
      `return ${this.use("matches")}(${base}, value, problems, ${pattern}, key);`,
    ]);
  }

  private lengthWithin(base: string, min: number | undefined, max: number | undefined): string {
    const stem = `${base}${min === undefined ? "" : `Min${min}`}${max === undefined ? "" : `Max${max}`}`;
    return this.hoist(stem, [
      `return ${this.use("lengthWithin")}(${base}, value, problems, ${min ?? "undefined"}, ${max ?? "undefined"}, key);`,
    ]);
  }

  private number(type: Extract<TypeNode, { kind: "integer" | "number" }>): string {
    const base = this.use(type.kind);
    const bounds = [
      type.min !== undefined && `min: ${type.min}`,
      type.exclusiveMin !== undefined && `above: ${type.exclusiveMin}`,
      type.max !== undefined && `max: ${type.max}`,
      type.exclusiveMax !== undefined && `below: ${type.exclusiveMax}`,
    ].filter((b): b is string => Boolean(b));
    if (bounds.length === 0) return base;
    const stem = `${base}${bounds.map((b) => pascal(b.replace(/[^A-Za-z0-9]+/g, " "))).join("")}`;
    return this.hoist(stem, [
      `return ${this.use("numberWithin")}(${base}, value, problems, { ${bounds.join(", ")} }, key);`,
    ]);
  }

  private ref(type: Extract<TypeNode, { kind: "ref" }>, mode: Mode): string {
    if (type.target === "enum") {
      if (enumIsOpen(mode)) return this.use("string");
      const declaration = this.modes.declaration(type.name);
      const values = declaration?.kind === "enum" ? declaration.values : [];
      const constant = this.constant(enumValuesName(type.name), `${list(values)} as const`);
      return this.hoist(`known${type.name}`, [
        `return ${this.use("oneOf")}(value, problems, ${constant}, key);`,
      ]);
    }
    return this.declaration(type.name, mode);
  }

  /** The validator of a declaration in a mode, compiled later (see nextPending). */
  declaration(name: string, mode: Mode): string {
    const modeOf = this.modes.modeOf(name, mode);
    const key = `${modeOf} ${name}`;
    if (!this.requested.has(key)) {
      this.requested.add(key);
      this.pending.push({ name, mode: modeOf });
    }
    return validatorName(this.modes.nameOf(name, modeOf));
  }

  private array(type: Extract<TypeNode, { kind: "array" }>, mode: Mode): string {
    const item = this.check(type.items, mode);
    const plain = this.hoist(`arrayOf${pascal(item)}`, [
      `return ${this.use("array")}(value, problems, ${item}, key);`,
    ]);
    if (type.minItems === undefined && type.maxItems === undefined) return plain;
    return this.lengthWithin(plain, type.minItems, type.maxItems);
  }

  private record(type: Extract<TypeNode, { kind: "record" }>, mode: Mode): string {
    const values = this.check(type.values, mode);
    // Responses are JSON values: no symbol keys or class instances to look for (nor bounds).
    if (mode === "response")
      return this.hoist(`jsonRecordOf${pascal(values)}`, [
        `return ${this.use("jsonRecord")}(value, problems, ${values}, key);`,
      ]);
    const keyCheck = this.string({
      kind: "string",
      minLength: type.keyMinLength,
      maxLength: type.keyMaxLength,
    });
    const keyArgument = keyCheck === "string" ? "undefined" : keyCheck;
    return this.hoist(`recordOf${pascal(values)}`, [
      `return ${this.use("record")}(value, problems, ${values}, ${keyArgument}, ${type.maxEntries ?? "undefined"}, key);`,
    ]);
  }

  private union(union: readonly TypeNode[], mode: Mode): string {
    const { members, nullable } = foldUnion(union);
    const checks = members.map((member) => this.check(member, mode));
    const inner = checks.length === 1 ? checks[0]! : this.unionOf(checks);
    if (!nullable) return inner;
    return this.hoist(`${inner}OrNull`, [`return value === null ? null : ${this.call(inner)};`]);
  }

  private page(type: Extract<TypeNode, { kind: "page" }>, mode: Mode): string {
    const forms = type.forms.map((form) =>
      this.check({ kind: "ref", name: paginationTypeName(form), target: "object" }, mode),
    );
    const pagination = forms.length === 1 ? forms[0]! : this.unionOf(forms);
    const items = this.array({ kind: "array", items: type.items }, mode);
    const statements = this.objectOf(
      [
        { name: "items", optional: false, check: items, takesUndefined: false },
        { name: "pagination", optional: false, check: pagination, takesUndefined: false },
      ],
      mode,
    );
    return this.hoist(`pageOf${items.replace(/^checkArrayOf/, "")}`, statements);
  }

  /** A union of checks, tried in order. */
  unionOf(checks: readonly string[], name?: string): string {
    const stem = checks.map(pascal).join("Or");
    const initializer = list(checks, false);
    // Named after the check that reads it, so as distinct as the checks' names.
    const reused = [...this.constants.values()].find((c) => c.initializer === initializer)?.name;
    const members = reused ?? this.constant(membersName(name ?? this.freeName(stem)), initializer);
    const body = [`return ${this.use("union")}(value, problems, ${members}, key);`];
    // Trying the members in turn reports (and drops) a problem for each that refuses the
    // value: a number in a record of strings, numbers and booleans paid for one every time.
    if (checks.every((check) => Object.hasOwn(scalarAccepts, check)))
      body.unshift(...checks.map((check) => `if (${scalarAccepts[check]}) return value;`));
    return name ? this.exportFunction(name, body) : this.hoist(stem, body);
  }
}

/**
 * What the runtime's scalar checks accept, as a test of `value`: each returns the value
 * itself when it accepts it, so a union of them returns the value when one test passes.
 */
const scalarAccepts: Readonly<Record<string, string>> = {
  string: 'typeof value === "string"',
  number: 'typeof value === "number" && Number.isFinite(value)',
  integer: "Number.isSafeInteger(value)",
  boolean: 'typeof value === "boolean"',
  nullValue: "value === null",
};

interface FieldCheck {
  readonly name: string;
  readonly optional: boolean;
  readonly check: string;
  /** The check accepts `undefined`, so an absent required field must be caught apart. */
  readonly takesUndefined: boolean;
}

/**
 * The field names rejectUnknownKeys needs only when a field is named `__proto__` (which
 * sets the output's prototype instead of becoming its own key); else none, as an argument.
 */
function declaredNames(fields: readonly FieldCheck[]): string {
  return fields.some((f) => f.name === "__proto__") ? `, ${list(fields.map((f) => f.name))}` : "";
}

export function list(values: readonly string[], quoted = true): string {
  return `[${values.map((v) => (quoted ? JSON.stringify(v) : v)).join(", ")}]`;
}

function pascal(text: string): string {
  const words = text
    .replace(/^(check|validate)(?=[A-Z])/, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}
