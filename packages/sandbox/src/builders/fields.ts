/**
 * Run-time checks of a builder's input: unknown fields, missing ones and wrong
 * types each throw a `SandboxUsageError` naming the field and what it accepts,
 * before anything is written (`add.licenseKey({})` says which customer to give,
 * instead of failing later on `undefined.id`). Then `checkWire` checks what the
 * builder made against the generated schema of its wire shape, so a value the
 * spec refuses fails at the builder, not later as a 500 from the response check.
 */

import type { Schema } from "../http/validation.js";
import { SandboxUsageError, suggestion } from "../kit/usage.js";

/**
 * What a field takes: a JSON-ish type, `ref` (a record given by what a builder returned, or its id),
 * `refs` (a list of those), `date` (a Date or ISO string), `duration`, or a list of accepted values.
 */
export type FieldType =
  | "string"
  | "integer"
  | "boolean"
  | "date"
  | "ref"
  | "refs"
  | "record"
  | "array"
  | "duration"
  | readonly string[];

export interface FieldSpec {
  type: FieldType;
  /** `null` is accepted too. */
  nullable?: boolean;
  /** Said when the field is missing: what to give. */
  required?: string;
}

export type Fields = Record<string, FieldType | FieldSpec>;

/**
 * A builder's field table checked against its input type (`FIELDS satisfies FieldsOf<Input>`):
 * one entry for each field of the input and no other, so the table and the type cannot drift.
 */
export type FieldsOf<Input> = { readonly [Name in keyof Required<Input>]: FieldType | FieldSpec };

/** Checks `input` against `fields`; returns it typed as the builder's input. */
export function checkInput<T>(where: string, input: unknown, fields: Fields): T {
  const names = Object.keys(fields);
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new SandboxUsageError(
      `${where}: give an object of fields (${names.join(", ")}), got ${shown(input)}`,
    );
  }
  const given = input as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!(key in fields))
      throw new SandboxUsageError(
        `${where}: unknown field ${JSON.stringify(key)}${suggestion(key, names)}; fields: ${names.join(", ")}`,
      );
  }
  for (const [name, field] of Object.entries(fields)) {
    const spec: FieldSpec =
      typeof field === "object" && !Array.isArray(field)
        ? (field as FieldSpec)
        : { type: field as FieldType };
    const value = given[name];
    if (value === undefined) {
      if (spec.required) throw new SandboxUsageError(`${where}: missing field "${name}": ${spec.required}`);
      continue;
    }
    if (value === null && spec.nullable) continue;
    const problem = typeProblem(spec.type, value);
    if (problem) throw new SandboxUsageError(`${where}: field "${name}" ${problem}, got ${shown(value)}`);
  }
  return input as T;
}

function typeProblem(type: FieldType, value: unknown): string | undefined {
  if (Array.isArray(type))
    return type.includes(value as string) ? undefined : `must be one of ${type.join(", ")}`;
  switch (type) {
    case "string":
      return typeof value === "string" ? undefined : "must be a string";
    case "integer":
      return Number.isSafeInteger(value) ? undefined : "must be a whole number";
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false";
    case "date":
      return (value instanceof Date || typeof value === "string") && !Number.isNaN(new Date(value).getTime())
        ? undefined
        : "must be a Date or an ISO date string";
    case "ref":
      return isRef(value) ? undefined : "must be a record (what a builder returned) or its id";
    case "refs":
      return Array.isArray(value) && value.every(isRef)
        ? undefined
        : "must be a list of records (what builders returned) or their ids";
    case "record":
      return typeof value === "object" && value !== null && !Array.isArray(value)
        ? undefined
        : "must be an object";
    case "array":
      return Array.isArray(value) ? undefined : "must be a list";
    case "duration":
      return typeof value === "number" || (typeof value === "object" && value !== null)
        ? undefined
        : "must be milliseconds or { days, hours, minutes, seconds }";
  }
  return undefined;
}

function isRef(value: unknown): boolean {
  return (
    typeof value === "string" ||
    (typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string")
  );
}

function shown(value: unknown): string {
  if (value === undefined) return "undefined";
  if (value instanceof Date) return `Date(${value.toISOString()})`;
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Throws when `value` is not what `schema` (a generated wire schema) accepts, naming the fields at fault. */
export function checkWire(where: string, what: string, schema: Schema, value: unknown): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`);
  throw new SandboxUsageError(
    `${where}: the ${what} it would make is not valid per the spec (${problems.join("; ")}); change the field named`,
  );
}
