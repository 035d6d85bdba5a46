import { child } from "../drift/json-pointer.ts";
import { isSchema, type Schema } from "../drift/schema-view.ts";
import { boundKeys, compileError } from "../loader/type-resolution.ts";
import type { Entry } from "./entry.ts";

/**
 * What a field object states beside its type, read from a schema: its prose, default,
 * example, `readOnly`, bounds and pattern; kept only where they bound the type they are on,
 * and written in one order.
 */

/** A type expression with the facts beside it that a field object states. */
export interface Converted {
  readonly expression: string;
  readonly facts: Entry;
}

/** Reports what a schema states that our language cannot, at its pointer. */
export type NoteAt = (pointer: string, message: string) => void;

const bounds = {
  minimum: "min",
  maximum: "max",
  exclusiveMinimum: "exclusiveMin",
  exclusiveMaximum: "exclusiveMax",
  minLength: "minLength",
  maxLength: "maxLength",
  minItems: "minItems",
  maxItems: "maxItems",
  maxProperties: "maxEntries",
} as const;

export function factsOf(schema: Schema, at: string, hint: string, note: NoteAt): Entry {
  const facts: Entry = {};
  if (typeof schema.description === "string") facts.description = schema.description;
  if (schema.default !== undefined) facts.default = schema.default;
  if (schema.deprecated === true) facts.deprecated = true;
  const example = schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  if (example !== undefined) facts.example = example;
  for (const [theirs, ours] of Object.entries(bounds)) {
    if (typeof schema[theirs] === "number") facts[ours] = schema[theirs];
  }
  if (typeof schema.pattern === "string") {
    if (compileError(schema.pattern) === undefined) facts.pattern = schema.pattern;
    else
      note(
        child(at, "pattern"),
        `a pattern JavaScript cannot compile (${schema.pattern}); chose string without it`,
      );
  }
  if (isSchema(schema.propertyNames)) {
    const names = schema.propertyNames;
    if (typeof names.minLength === "number") facts.keyMinLength = names.minLength;
    if (typeof names.maxLength === "number") facts.keyMaxLength = names.maxLength;
  }
  if (typeof schema.exclusiveMinimum === "boolean" || typeof schema.exclusiveMaximum === "boolean") {
    // OpenAPI 3.0 writes exclusivity as a flag beside the bound.
    if (schema.exclusiveMinimum === true) facts.exclusiveMin = facts.min;
    if (schema.exclusiveMinimum === true) delete facts.min;
    if (schema.exclusiveMaximum === true) facts.exclusiveMax = facts.max;
    if (schema.exclusiveMaximum === true) delete facts.max;
  }
  if (schema.prefixItems) {
    delete facts.minItems;
    delete facts.maxItems;
  }
  if (schema.readOnly === true) facts.readOnly = true;
  if (schema.writeOnly === true) {
    note(
      child(at, "writeOnly"),
      `writeOnly (${hint}); our responses keep what they are sent; kept the field in both`,
    );
  }
  return facts;
}

const boundsFor = {
  string: ["minLength", "maxLength", "pattern"],
  number: ["min", "max", "exclusiveMin", "exclusiveMax"],
  array: ["minItems", "maxItems"],
  record: ["maxEntries", "keyMinLength", "keyMaxLength"],
} as const;

/**
 * Keeps the bounds that bound the expression: the document bounds some values our language
 * names (a currency's length beside its enum, which the enum already implies).
 */
export function applicable(converted: Converted): Converted {
  const base = converted.expression.replace(/ \| null$/, "");
  const kind = /^(string|uuid|datetime|date|email|url|ip)$/.test(base)
    ? "string"
    : /^(integer|number)$/.test(base)
      ? "number"
      : base.endsWith("[]") && !base.includes("|")
        ? "array"
        : base.startsWith("record<")
          ? "record"
          : undefined;
  const allowed: readonly string[] = kind ? boundsFor[kind] : [];
  const facts: Entry = {};
  for (const [key, value] of Object.entries(converted.facts)) {
    const isBound = Object.values(boundsFor).some((list) => (list as readonly string[]).includes(key));
    if (!isBound || allowed.includes(key)) facts[key] = value;
  }
  return { expression: converted.expression, facts };
}

export function boundsOnly(facts: Entry): Entry {
  const { description: _d, default: _f, deprecated: _p, example: _e, readOnly: _r, ...rest } = facts;
  return rest;
}

/** A field as written: the bare type expression, or a field object when it says more. */
export function fieldValue(converted: Converted): unknown {
  return Object.keys(converted.facts).length === 0
    ? converted.expression
    : { type: converted.expression, ...inFactOrder(converted.facts) };
}

/**
 * The facts of a field in one order, however the document nests them (a bound inside an
 * `anyOf` member, the description beside it), so the same field is written the same way.
 */
const factOrder: readonly string[] = [
  "description",
  "default",
  "deprecated",
  "readOnly",
  "example",
  ...boundKeys,
  "style",
  "wireName",
];

function inFactOrder(facts: Entry): Entry {
  const rank = (key: string) => (factOrder.includes(key) ? factOrder.indexOf(key) : factOrder.length);
  return Object.fromEntries(Object.entries(facts).sort(([a], [b]) => rank(a) - rank(b)));
}
