import { foldUnion, inMode, keepsUnknownKeys, type Mode } from "../../ir/modes.ts";
import { declarationNames } from "../../ir/names.ts";
import { paginationTypeName } from "../../ir/references.ts";
import type { Field, TypeNode } from "../../ir/types.ts";
import { propertyKey } from "../identifiers.ts";
import type { Naming } from "./naming.ts";
import { MESSAGES } from "./runtime-names.ts";

/**
 * Prints zod/mini schema expressions, one small handler per IR node kind, of each node as its
 * mode checks it (ir/modes.ts: strict inputs, tolerant responses).
 */
export function printSchema(type: TypeNode, mode: Mode, naming: Naming): string {
  return handlers[type.kind](inMode(type, mode) as never, mode, naming);
}

type Handler<K extends TypeNode["kind"]> = (
  type: Extract<TypeNode, { kind: K }>,
  mode: Mode,
  naming: Naming,
) => string;

const handlers: { [K in TypeNode["kind"]]: Handler<K> } = {
  string: (type) =>
    withChecks(stringFormat(type.format), [
      type.minLength !== undefined && `z.minLength(${type.minLength})`,
      type.maxLength !== undefined && `z.maxLength(${type.maxLength})`,
      type.pattern !== undefined && `z.regex(${regexLiteral(type.pattern)})`,
    ]),
  integer: (type) => withChecks(`z.int(${MESSAGES})`, numberChecks(type)),
  number: (type) => withChecks(`z.number(${MESSAGES})`, numberChecks(type)),
  boolean: () => `z.boolean(${MESSAGES})`,
  unknown: () => "z.unknown()",
  null: () => `z.null(${MESSAGES})`,
  literal: (type) => `z.literal(${JSON.stringify(type.value)}, ${MESSAGES})`,
  otherString: (type, _mode, naming) =>
    // abort: a known value that failed its own variant must report that variant's problem, not this one.
    `z.string(${MESSAGES}).check(z.refine((value) => !${naming.knownValuesSet(declarationNames(type.union).knownTags, type.known, `The tags of ${type.union}'s variants this version of the SDK knows.`)}.has(value), {\nmessage: "a known value belongs to its own variant", abort: true }))`,
  ref: (type, mode, naming) => naming.schemaRef(type, mode),
  array: (type, mode, naming) =>
    withChecks(`z.array(${printSchema(type.items, mode, naming)}, ${MESSAGES})`, [
      type.minItems !== undefined && `z.minLength(${type.minItems})`,
      type.maxItems !== undefined && `z.maxLength(${type.maxItems})`,
    ]),
  record: (type, mode, naming) => {
    const key = withChecks(`z.string(${MESSAGES})`, [
      type.keyMinLength !== undefined && `z.minLength(${type.keyMinLength})`,
      type.keyMaxLength !== undefined && `z.maxLength(${type.keyMaxLength})`,
    ]);
    const record = `z.record(${key}, ${printSchema(type.values, mode, naming)}, ${MESSAGES})`;
    if (type.maxEntries === undefined) return record;
    return withChecks(record, [
      `z.refine((value) => Object.keys(value).length <= ${type.maxEntries}, "at most ${type.maxEntries} entries")`,
    ]);
  },
  tuple: (type, mode, naming) =>
    `z.tuple([${type.items.map((item) => printSchema(item, mode, naming)).join(", ")}], ${MESSAGES})`,
  union: (type, mode, naming) => printUnion(type.members, mode, naming),
  jsonText: (type, _mode, naming) => `jsonText(${printSchema(type.type, "input", naming)})`,
  page: (type, mode, naming) => {
    const forms = type.forms.map((form) =>
      naming.schemaRef({ kind: "ref", name: paginationTypeName(form), target: "object" }, mode),
    );
    const pagination = forms.length === 1 ? forms[0] : `z.union([${forms.join(", ")}], ${MESSAGES})`;
    return `${objectFactory(mode)}({ items: z.array(${printSchema(type.items, mode, naming)}, ${MESSAGES}), pagination: ${pagination} }, ${MESSAGES})`;
  },
};

/** `T | null` reads best as z.nullable(T); anything else is a plain union. */
function printUnion(union: readonly TypeNode[], mode: Mode, naming: Naming): string {
  const { members, nullable } = foldUnion(union);
  const inner =
    members.length === 1
      ? printSchema(members[0]!, mode, naming)
      : `z.union([${members.map((m) => printSchema(m, mode, naming)).join(", ")}], ${MESSAGES})`;
  return nullable ? `z.nullable(${inner})` : inner;
}

function objectFactory(mode: Mode): string {
  return keepsUnknownKeys(mode) ? "z.looseObject" : "z.strictObject";
}

export function printObjectSchema(
  fields: readonly Field[],
  mode: Mode,
  naming: Naming,
  lazy: (field: Field) => boolean,
  /** The type of its other keys (`additionalFields`), each checked as the mode checks a field. */
  others?: TypeNode,
): string {
  const entries = fields.map((field) => {
    const schema = printSchema(field.type, mode, naming);
    const value = field.optional ? `z.optional(${schema})` : schema;
    const key = propertyKey(field.name);
    return lazy(field) ? `get ${key}() { return ${value}; }` : `${key}: ${value}`;
  });
  const object =
    entries.length === 0
      ? `${objectFactory(mode)}({}, ${MESSAGES})`
      : `${objectFactory(mode)}({\n${entries.join(",\n")},\n}, ${MESSAGES})`;
  if (others === undefined) return object;
  return `z.catchall(${object}, ${printSchema(others, mode, naming)})`;
}

function stringFormat(format: string | undefined): string {
  switch (format) {
    case "uuid":
      return `z.uuid(${MESSAGES})`;
    case "guid":
      return `z.guid(${MESSAGES})`;
    case "datetime":
      return `z.iso.datetime({ ...${MESSAGES}, offset: true })`;
    case "date":
      return `z.iso.date(${MESSAGES})`;
    case "ip":
      // zod has a format for each version; an address of either is one custom format.
      return `z.stringFormat("ip", (value) => z.core.regexes.ipv4.test(value) || z.core.regexes.ipv6.test(value), ${MESSAGES})`;
    case "email":
      return `z.email(${MESSAGES})`;
    case "url":
      return `z.url(${MESSAGES})`;
    default:
      return `z.string(${MESSAGES})`;
  }
}

/** A pattern as a regular expression literal, compiled once with the schema (`u`: JSON Schema's patterns are Unicode). */
export function regexLiteral(pattern: string): string {
  return `/${pattern.replace(/\\.|\//g, (match) => (match === "/" ? "\\/" : match))}/u`;
}

function numberChecks(type: { min?: number; max?: number; exclusiveMin?: number; exclusiveMax?: number }) {
  return [
    type.min !== undefined && `z.gte(${type.min})`,
    type.exclusiveMin !== undefined && `z.gt(${type.exclusiveMin})`,
    type.max !== undefined && `z.lte(${type.max})`,
    type.exclusiveMax !== undefined && `z.lt(${type.exclusiveMax})`,
  ];
}

function withChecks(base: string, checks: readonly (string | false)[]): string {
  const present = checks.filter((c): c is string => Boolean(c));
  return present.length === 0 ? base : `${base}.check(${present.join(", ")})`;
}
