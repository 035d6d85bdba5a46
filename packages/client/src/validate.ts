/**
 * The runtime of the generated validators (generated/validators.ts): the checks they call.
 * (validation.ts reads their problems as issues.)
 *
 * A validator is `(value, problems, key?) => output`: it pushes a `Problem` for each fault,
 * with its path from the value's parent, and returns the parsed value (a fresh object for
 * objects, unknown keys kept or reported; strings, numbers and booleans as given). The
 * generated code is one plain function per type; nothing here reads a schema.
 *
 * Every rule below is the one the zod schemas of `@commerce-api/schemas` apply (zod 4's,
 * written out), because the two must accept, produce and report the same:
 * test/validators/differential.test.ts runs both over every corpus we have.
 */

import { isRecord } from "./issues.js";

export type Key = string | number;

/** One fault, as zod reports it before the client reads it. */
export interface Problem {
  readonly code: string;
  /** From the value the validator that raised it was given; parents prepend their key. */
  readonly path: Key[];
  readonly message: string;
  /**
   * zod's `continue`: `true` lets the rest of the type's checks run, and lets a union
   * answer with the one member that failed only so; `false` stops even the length checks;
   * absent stops the other checks.
   */
  readonly continue?: boolean;
  /** For `invalid_union`: each member's problems. */
  readonly errors?: readonly (readonly Problem[])[];
}

/**
 * A generated validator, or one of the checks below. `key` is where the value sits in its
 * parent: the check puts it in front of the paths of the problems it adds, so a parent
 * calls its fields' checks directly, one statement each.
 */
export type Check = (value: unknown, problems: Problem[], key?: Key) => unknown;

// ---- values ---------------------------------------------------------------------------

/** An object that is not an array: what an object type accepts (one function with the client's). */
export { isRecord as isObject } from "./issues.js";

/** What zod takes for a record: an object made by `{}`, `Object.create(null)` or JSON. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const maker = value.constructor;
  if (maker === undefined || typeof maker !== "function") return true;
  const prototype: unknown = maker.prototype;
  return isRecord(prototype) && Object.hasOwn(prototype, "isPrototypeOf");
}

function received(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function quote(value: unknown): string {
  return String(JSON.stringify(value));
}

/** Puts `key` in front of the paths of the problems from `start` on (none when `key` is undefined). */
export function at(problems: Problem[], start: number, key: Key | undefined): void {
  if (key !== undefined) for (let i = start; i < problems.length; i++) problems[i]!.path.unshift(key);
}

function aborted(problems: readonly Problem[], start: number): boolean {
  for (let i = start; i < problems.length; i++) if (problems[i]!.continue !== true) return true;
  return false;
}

function explicitlyAborted(problems: readonly Problem[], start: number): boolean {
  for (let i = start; i < problems.length; i++) if (problems[i]!.continue === false) return true;
  return false;
}

// ---- problems -------------------------------------------------------------------------

/** Adds a problem at `key` (or at the value itself); `soft` is zod's `continue` (see Problem). */
function report(
  problems: Problem[],
  key: Key | undefined,
  code: string,
  message: string,
  soft?: boolean,
): void {
  const path = key === undefined ? [] : [key];
  problems.push(soft === undefined ? { code, path, message } : { code, path, message, continue: soft });
}

function wrongType(
  problems: Problem[],
  key: Key | undefined,
  expected: string,
  value: unknown,
  soft?: false,
) {
  report(problems, key, "invalid_type", `expected ${expected}, received ${received(value)}`, soft);
}

/** `too_big` / `too_small`; `origin` gives the unit (`string` → characters, `array` → items). */
function outOfBounds(
  problems: Problem[],
  code: "too_big" | "too_small",
  origin: string,
  limit: number,
  inclusive: boolean,
  soft?: true,
): void {
  const relation =
    code === "too_big" ? (inclusive ? "at most" : "less than") : inclusive ? "at least" : "more than";
  const plural = limit === 1 ? "" : "s";
  const unit = origin === "string" ? ` character${plural}` : origin === "array" ? ` item${plural}` : "";
  report(problems, undefined, code, `must be ${relation} ${limit}${unit}`, soft);
}

function oneOfText(values: readonly unknown[]): string {
  return values.map(quote).join(" or ");
}

// ---- scalars --------------------------------------------------------------------------

export function string(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value !== "string") wrongType(problems, key, "string", value);
  return value;
}

export function boolean(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value !== "boolean") wrongType(problems, key, "boolean", value);
  return value;
}

export function nullValue(value: unknown, problems: Problem[], key?: Key): unknown {
  if (value !== null) wrongType(problems, key, "null", value);
  return value;
}

export function anything(value: unknown): unknown {
  return value;
}

/** Finite numbers only, as JSON has them. */
export function number(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value !== "number" || !Number.isFinite(value)) wrongType(problems, key, "number", value);
  return value;
}

/** Safe integers; outside the safe range is a bound crossed, not a wrong type. */
export function integer(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  const start = problems.length;
  if (typeof value !== "number" || !Number.isFinite(value)) wrongType(problems, undefined, "number", value);
  else if (!Number.isInteger(value)) wrongType(problems, undefined, "int", value, false);
  else if (value > 0) outOfBounds(problems, "too_big", "int", Number.MAX_SAFE_INTEGER, true, true);
  else outOfBounds(problems, "too_small", "int", Number.MIN_SAFE_INTEGER, true, true);
  at(problems, start, key);
  return value;
}

/** Bounds of a number or integer: `min`/`max` inclusive, `above`/`below` exclusive. */
export interface NumberBounds {
  readonly min?: number;
  readonly above?: number;
  readonly max?: number;
  readonly below?: number;
}

/** Checks the bounds after `base` (`number` or `integer`) accepted the value, as far as it did. */
export function numberWithin(
  base: Check,
  value: unknown,
  problems: Problem[],
  bounds: NumberBounds,
  key?: Key,
): unknown {
  const start = problems.length;
  base(value, problems);
  if (!aborted(problems, start)) {
    const n = value as number;
    if (bounds.min !== undefined && !(n >= bounds.min))
      outOfBounds(problems, "too_small", "number", bounds.min, true, true);
    if (bounds.above !== undefined && !(n > bounds.above))
      outOfBounds(problems, "too_small", "number", bounds.above, false, true);
    if (bounds.max !== undefined && !(n <= bounds.max))
      outOfBounds(problems, "too_big", "number", bounds.max, true, true);
    if (bounds.below !== undefined && !(n < bounds.below))
      outOfBounds(problems, "too_big", "number", bounds.below, false, true);
  }
  at(problems, start, key);
  return value;
}

// RFC 9562 UUIDs (versions 1-8, the variant bits), plus the nil and max UUIDs.
const UUID =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/;
// A calendar date, then a time with seconds and a `Z` or an offset; `dayExists` checks the day
// against its month.
const DATETIME =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const LONG_MONTHS = [1, 3, 5, 7, 8, 10, 12];
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const formatNames: Readonly<Record<string, string>> = {
  datetime: "an ISO 8601 date-time with an offset",
  date: "an ISO 8601 date (YYYY-MM-DD)",
  uuid: "a UUID",
  ip: "an IPv4 or IPv6 address",
};

/** Reports a value that is no string, or a string that does not match its format. */
function badFormat(format: string, value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value !== "string") wrongType(problems, key, "string", value);
  else {
    const name = formatNames[format] ?? `a valid ${format}`;
    report(problems, key, "invalid_format", `expected ${name}, received ${quote(value)}`, true);
  }
  return value;
}

export function uuid(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value === "string" && UUID.test(value)) return value;
  return badFormat("uuid", value, problems, key);
}

// What responses take for a UUID (the generator's `guid`): any 8-4-4-4-12 hexadecimal string.
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function guid(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value === "string" && GUID.test(value)) return value;
  return badFormat("uuid", value, problems, key);
}

/** Whether the day of a `YYYY-MM-DD…` text is in its month: 31 in long months, 29 February in leap years. */
function dayExists(text: string): boolean {
  const day = digitsAt(text, 8, 2);
  if (day < 29) return true;
  const month = digitsAt(text, 5, 2);
  if (month !== 2) return day < 31 || LONG_MONTHS.includes(month);
  const year = digitsAt(text, 0, 4);
  return day === 29 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** The number the ASCII digits at `start` spell (the pattern matched them): no substring to allocate per date. */
function digitsAt(text: string, start: number, count: number): number {
  let number = 0;
  for (let i = start; i < start + count; i++) number = number * 10 + text.charCodeAt(i) - 48;
  return number;
}

export function datetime(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value === "string" && DATETIME.test(value) && dayExists(value)) return value;
  return badFormat("datetime", value, problems, key);
}

// zod's own expressions (its `z.iso.date()`, `z.ipv4()`, `z.ipv6()`), so the two agree on every value.
const DATE =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/;
const IPV4 =
  /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const IPV6 =
  /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;

/** A calendar date, `YYYY-MM-DD`, of a day that exists. */
export function date(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value === "string" && DATE.test(value)) return value;
  return badFormat("date", value, problems, key);
}

/** An IPv4 or IPv6 address. */
export function ip(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value === "string" && (IPV4.test(value) || IPV6.test(value))) return value;
  return badFormat("ip", value, problems, key);
}

/** A string pattern, after `base` accepted the value as far as it did (a format may have failed softly). */
export function matches(
  base: Check,
  value: unknown,
  problems: Problem[],
  pattern: RegExp,
  key?: Key,
): unknown {
  const start = problems.length;
  const output = base(value, problems);
  if (!aborted(problems, start) && !pattern.test(value as string))
    report(
      problems,
      undefined,
      "invalid_format",
      `expected a string matching ${String(pattern)}, received ${quote(value)}`,
      true,
    );
  at(problems, start, key);
  return output;
}

export function email(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value === "string" && EMAIL.test(value)) return value;
  return badFormat("email", value, problems, key);
}

/** A URL the platform can parse; the value comes back trimmed, without tabs or line breaks. */
export function url(value: unknown, problems: Problem[], key?: Key): unknown {
  if (typeof value !== "string") {
    wrongType(problems, key, "string", value);
    return value;
  }
  const trimmed = value.trim();
  try {
    new URL(trimmed);
  } catch {
    report(problems, key, "invalid_format", `expected a valid url, received ${quote(value)}`, true);
    return value;
  }
  return trimmed.replace(/[\t\n\r]/g, "");
}

/**
 * Length bounds of a string (in code points) or an array, after `base`. Like zod's, they
 * run on anything with a length, even after `base` refused it, unless a check stopped outright.
 */
export function lengthWithin(
  base: Check,
  value: unknown,
  problems: Problem[],
  min: number | undefined,
  max: number | undefined,
  key?: Key,
): unknown {
  const start = problems.length;
  const output = base(value, problems);
  const units = value === null || value === undefined ? undefined : (value as { length?: unknown }).length;
  if (typeof units === "number" && !explicitlyAborted(problems, start)) {
    const origin = Array.isArray(value) ? "array" : typeof value === "string" ? "string" : "unknown";
    const length = typeof value === "string" ? [...value].length : units;
    if (min !== undefined && length < min) outOfBounds(problems, "too_small", origin, min, true, true);
    if (max !== undefined && length > max) outOfBounds(problems, "too_big", origin, max, true, true);
  }
  at(problems, start, key);
  return output;
}

export function literal(
  value: unknown,
  problems: Problem[],
  expected: string | number | boolean,
  key?: Key,
): unknown {
  return value === expected ? value : oneOf(value, problems, [expected], key);
}

/** A closed enum (inputs). */
export function oneOf(
  value: unknown,
  problems: Problem[],
  values: readonly (string | number | boolean)[],
  key?: Key,
): unknown {
  if (!values.includes(value as string))
    report(problems, key, "invalid_value", `expected ${oneOfText(values)}, received ${quote(value)}`);
  return value;
}

/**
 * The tag of an open union's fallback variant: any string but the known ones, which are the
 * keys of the union's variants (the one list of its tags).
 */
export function otherString(
  value: unknown,
  problems: Problem[],
  known: ReadonlyMap<unknown, Check>,
  key?: Key,
): unknown {
  if (typeof value !== "string") wrongType(problems, key, "string", value);
  else if (known.has(value))
    report(problems, key, "custom", "a known value belongs to its own variant", false);
  return value;
}

// ---- objects --------------------------------------------------------------------------

/** Reports a value that is not an object; returns it, for the validator to return. */
export function notObject(value: unknown, problems: Problem[], key?: Key): unknown {
  wrongType(problems, key, "object", value);
  return value;
}

/** A required field whose check takes `undefined`: it must still be there. */
export function present(input: Record<string, unknown>, name: string, problems: Problem[]): unknown {
  const value = input[name];
  if (value === undefined && !(name in input)) report(problems, name, "invalid_type", "expected nonoptional");
  return value;
}

/**
 * Ends a response object: keeps the keys its type does not declare (the service adds
 * fields without notice), and puts `key` in front of the paths of its problems. `declared`,
 * given when the type has no optional field, is its number of fields (else the output's
 * keys are counted).
 */
export function keepUnknownKeys(
  output: Record<string, unknown>,
  input: Record<string, unknown>,
  problems: Problem[],
  start: number,
  key: Key | undefined,
  declared?: number,
): unknown {
  if (problems.length > start) {
    at(problems, start, key);
    return output;
  }
  // Each output key is one of the input's (a problem was reported otherwise), so an input
  // with as many keys as the output has none to keep: counting them costs far less than
  // looking each up.
  let count = 0;
  for (const _name in input) count++;
  if (count === (declared ?? Object.keys(output).length)) return output;
  for (const name in input) {
    if (name !== "__proto__" && !Object.hasOwn(output, name)) output[name] = input[name];
  }
  return output;
}

/**
 * Whether an input object's key is a field of its type: one of `declared`, when given (a type
 * with a field named `__proto__`, not an own key of the output), else a key of the output.
 */
function isDeclared(name: string, output: Record<string, unknown>, declared?: readonly string[]): boolean {
  return declared ? declared.includes(name) : Object.hasOwn(output, name);
}

/**
 * Ends an input object: reports the keys its type does not declare. Each declared field the
 * input has is a key of the output, so those are the input's keys the output lacks; a type
 * with a field named `__proto__` (not an own key of the output) gives its field names.
 */
export function rejectUnknownKeys(
  output: Record<string, unknown>,
  input: Record<string, unknown>,
  problems: Problem[],
  start: number,
  key: Key | undefined,
  declared?: readonly string[],
): unknown {
  const unknownKeys: string[] = [];
  for (const name in input) if (!isDeclared(name, output, declared)) unknownKeys.push(name);
  if (unknownKeys.length > 0) {
    const names = unknownKeys.map(quote).join(", ");
    report(
      problems,
      undefined,
      "unrecognized_keys",
      `unknown ${unknownKeys.length === 1 ? "key" : "keys"} ${names}`,
      true,
    );
  }
  at(problems, start, key);
  return output;
}

/**
 * An input object's other keys (a type's `additionalFields`), each checked as `values` and
 * kept, as zod's `catchall` does; the declared keys are those of `output` (or `declared`).
 */
export function checkOtherKeys(
  output: Record<string, unknown>,
  input: Record<string, unknown>,
  problems: Problem[],
  start: number,
  key: Key | undefined,
  values: Check,
  declared?: readonly string[],
): unknown {
  for (const name in input) {
    if (isDeclared(name, output, declared)) continue;
    output[name] = values(input[name], problems, name);
  }
  at(problems, start, key);
  return output;
}

// ---- collections ----------------------------------------------------------------------

export function array(value: unknown, problems: Problem[], item: Check, key?: Key): unknown {
  if (!Array.isArray(value)) {
    wrongType(problems, key, "array", value);
    return value;
  }
  const start = problems.length;
  const output = new Array(value.length);
  for (let i = 0; i < value.length; i++) output[i] = item(value[i], problems, i);
  at(problems, start, key);
  return output;
}

export function tuple(value: unknown, problems: Problem[], items: readonly Check[], key?: Key): unknown {
  if (!Array.isArray(value)) {
    wrongType(problems, key, "tuple", value);
    return value;
  }
  const start = problems.length;
  const output: unknown[] = [];
  if (value.length < items.length) outOfBounds(problems, "too_small", "array", items.length, true);
  else {
    if (value.length > items.length) outOfBounds(problems, "too_big", "array", items.length, true);
    items.forEach((item, i) => {
      output[i] = item(value[i], problems, i);
    });
  }
  at(problems, start, key);
  return output;
}

/**
 * A record of an input: a plain object (zod refuses class instances), string keys (checked
 * with `keyCheck` when given), values checked with `values`; symbol keys are refused.
 */
export function record(
  value: unknown,
  problems: Problem[],
  values: Check,
  keyCheck?: Check,
  maxEntries?: number,
  key?: Key,
): unknown {
  if (!isPlainObject(value)) {
    wrongType(problems, key, "record", value);
    return value;
  }
  const start = problems.length;
  const output = entries(value, problems, values, keyCheck);
  for (const symbol of Object.getOwnPropertySymbols(value)) {
    if (Object.prototype.propertyIsEnumerable.call(value, symbol))
      badKey(problems, symbol as unknown as string, "expected string, received symbol");
  }
  if (maxEntries !== undefined && !aborted(problems, start) && Object.keys(output).length > maxEntries)
    report(problems, undefined, "custom", `at most ${maxEntries} entries`, true);
  at(problems, start, key);
  return output;
}

/**
 * A record of a response. Responses are what `JSON.parse` made, and a JSON object has
 * neither symbol keys nor a class: `record`'s look for them (nearly half its time) finds nothing.
 */
export function jsonRecord(value: unknown, problems: Problem[], values: Check, key?: Key): unknown {
  if (!isRecord(value)) {
    wrongType(problems, key, "record", value);
    return value;
  }
  const start = problems.length;
  const output = entries(value, problems, values, undefined);
  at(problems, start, key);
  return output;
}

/** A record's entries checked, but `__proto__` (zod's records drop it). */
function entries(
  value: Record<string, unknown>,
  problems: Problem[],
  values: Check,
  keyCheck: Check | undefined,
): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  for (const name of Object.keys(value)) {
    if (name === "__proto__") continue;
    if (keyCheck) {
      const keyProblems: Problem[] = [];
      keyCheck(name, keyProblems);
      if (keyProblems.length > 0) {
        badKey(problems, name, keyProblems[0]!.message);
        continue;
      }
    }
    output[name] = values(value[name], problems, name);
  }
  return output;
}

function badKey(problems: Problem[], name: string, why: string): void {
  report(problems, name, "invalid_key", `invalid key ${quote(name)}: ${why}`);
}

// ---- unions ---------------------------------------------------------------------------

/**
 * The first member that accepts the value. When none does: the one member that failed
 * only on soft checks (a bound, a format) answers alone; otherwise an `invalid_union`
 * carries every member's problems.
 */
export function union(value: unknown, problems: Problem[], members: readonly Check[], key?: Key): unknown {
  const start = problems.length;
  // The usual case first, without keeping anything: the first member that takes the value.
  for (const member of members) {
    const output = member(value, problems);
    if (problems.length === start) return output;
    problems.length = start;
  }
  const results = members.map((member) => {
    const own: Problem[] = [];
    return { problems: own, output: member(value, own) };
  });
  const soft = results.filter((result) => !aborted(result.problems, 0));
  let output = value;
  if (soft.length === 1) {
    problems.push(...soft[0]!.problems);
    output = soft[0]!.output;
  } else {
    // Never shown: the client reports the problems of the member the value came closest to.
    const errors = results.map((result) => result.problems);
    problems.push({ code: "invalid_union", path: [], message: "matches none of the allowed shapes", errors });
  }
  at(problems, start, key);
  return output;
}

/** The tags of each union in words, made once: an unknown tag is a normal thing for an open union. */
const tagTexts = /* @__PURE__ */ new WeakMap<ReadonlyMap<unknown, Check>, string>();

/** A tagged union met a tag none of its variants has. */
export function unknownTag(
  value: unknown,
  problems: Problem[],
  discriminator: string,
  variants: ReadonlyMap<unknown, Check>,
  key?: Key,
): unknown {
  // The tags are the variants' keys: listed once, read here only on this error path.
  let text = tagTexts.get(variants);
  if (text === undefined) {
    text = oneOfText([...variants.keys()]);
    tagTexts.set(variants, text);
  }
  const path = key === undefined ? [discriminator] : [key, discriminator];
  problems.push({ code: "invalid_union", path, message: `expected ${discriminator} ${text}`, errors: [] });
  return value;
}

// ---- JSON text ------------------------------------------------------------------------

/** A value, or its JSON text, that `check` accepts; kept as given. */
export function jsonText(value: unknown, problems: Problem[], check: Check, key?: Key): unknown {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      report(problems, key, "custom", "expected JSON text", true);
      return value;
    }
  }
  const own: Problem[] = [];
  check(parsed, own);
  for (const each of own)
    problems.push({ ...each, path: key === undefined ? each.path : [key, ...each.path], continue: true });
  return value;
}
