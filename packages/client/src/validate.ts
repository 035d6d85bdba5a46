/**
 * The runtime of the generated validators (generated/validators.ts): the checks they call,
 * and the reading of their problems as `Issue`s.
 *
 * A validator is `(value, problems) => output`: it pushes a `Problem` for each fault, with
 * its path relative to the value, and returns the parsed value (a fresh object for objects,
 * unknown keys kept or reported; strings, numbers and booleans as given). The generated
 * code is one plain function per type; nothing here reads a schema.
 *
 * Every rule below is the one the zod schemas of `@commerce-api/schemas` apply (zod 4's,
 * written out), because the two must accept, produce and report the same:
 * test/validators/differential.test.ts runs both over every corpus we have.
 */
import type { Issue } from "./issues.js";

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

/** A generated validator, or one of the checks below. */
export type Check = (value: unknown, problems: Problem[]) => unknown;

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** Runs a validator over a whole value. */
export function parseWith<T>(check: Check, value: unknown): Validation<T> {
  const problems: Problem[] = [];
  const output = check(value, problems);
  return problems.length === 0 ? { ok: true, value: output as T } : { ok: false, issues: toIssues(problems) };
}

/** Problems as issues; a union that failed reports the problems of the member it came closest to. */
export function toIssues(problems: readonly Problem[], prefix: readonly Key[] = []): Issue[] {
  return problems.flatMap((problem) => {
    const path = [...prefix, ...problem.path];
    const branch = problem.code === "invalid_union" ? closestBranch(problem.errors ?? []) : undefined;
    if (branch) return toIssues(branch, path);
    return [{ path, message: problem.message, code: problem.code }];
  });
}

/** The member a value got furthest into (its deepest problem, then its fewest problems). */
function closestBranch(branches: readonly (readonly Problem[])[]): readonly Problem[] | undefined {
  const depth = (problems: readonly Problem[]) => Math.max(0, ...problems.map((p) => p.path.length));
  let best: readonly Problem[] | undefined;
  for (const branch of branches) {
    if (branch.length === 0) continue;
    if (
      !best ||
      depth(branch) > depth(best) ||
      (depth(branch) === depth(best) && branch.length < best.length)
    )
      best = branch;
  }
  return best;
}

// ---- values ---------------------------------------------------------------------------

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What zod takes for a record: an object made by `{}`, `Object.create(null)` or JSON. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const maker = value.constructor;
  if (maker === undefined || typeof maker !== "function") return true;
  const prototype: unknown = maker.prototype;
  return isObject(prototype) && Object.hasOwn(prototype, "isPrototypeOf");
}

function received(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function quote(value: unknown): string {
  return String(JSON.stringify(value));
}

/** Prepends `key` to the paths of the problems from `start` on. */
export function at(problems: Problem[], start: number, key: Key): void {
  for (let i = start; i < problems.length; i++) problems[i]!.path.unshift(key);
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

function typeProblem(expected: string, value: unknown, stop?: false): Problem {
  const message = `expected ${expected}, received ${received(value)}`;
  return stop === false
    ? { code: "invalid_type", path: [], message, continue: false }
    : { code: "invalid_type", path: [], message };
}

/** `too_big` / `too_small`; `origin` gives the unit (`string` → characters, `array` → items). */
function boundProblem(
  code: "too_big" | "too_small",
  origin: string,
  limit: number,
  inclusive: boolean,
  soft: boolean,
): Problem {
  const relation =
    code === "too_big" ? (inclusive ? "at most" : "less than") : inclusive ? "at least" : "more than";
  const plural = limit === 1 ? "" : "s";
  const unit = origin === "string" ? ` character${plural}` : origin === "array" ? ` item${plural}` : "";
  const message = `must be ${relation} ${String(limit)}${unit}`;
  return soft ? { code, path: [], message, continue: true } : { code, path: [], message };
}

const FORMAT_NAMES: Readonly<Record<string, string>> = {
  datetime: "an ISO 8601 date-time with an offset",
  uuid: "a UUID",
};

function formatProblem(format: string, value: unknown): Problem {
  const name = FORMAT_NAMES[format] ?? `a valid ${format}`;
  return {
    code: "invalid_format",
    path: [],
    message: `expected ${name}, received ${quote(value)}`,
    continue: true,
  };
}

function valueProblem(values: readonly unknown[], value: unknown): Problem {
  const expected = values.map(quote).join(" or ");
  return { code: "invalid_value", path: [], message: `expected ${expected}, received ${quote(value)}` };
}

function customProblem(message: string, soft: boolean): Problem {
  return { code: "custom", path: [], message, continue: soft };
}

// ---- scalars --------------------------------------------------------------------------

export function string(value: unknown, problems: Problem[]): unknown {
  if (typeof value !== "string") problems.push(typeProblem("string", value));
  return value;
}

export function boolean(value: unknown, problems: Problem[]): unknown {
  if (typeof value !== "boolean") problems.push(typeProblem("boolean", value));
  return value;
}

export function nullValue(value: unknown, problems: Problem[]): unknown {
  if (value !== null) problems.push(typeProblem("null", value));
  return value;
}

export function anything(value: unknown): unknown {
  return value;
}

/** Finite numbers only, as JSON has them. */
export function number(value: unknown, problems: Problem[]): unknown {
  if (typeof value !== "number" || !Number.isFinite(value)) problems.push(typeProblem("number", value));
  return value;
}

/** Safe integers; outside the safe range is a bound crossed, not a wrong type. */
export function integer(value: unknown, problems: Problem[]): unknown {
  if (typeof value !== "number" || !Number.isFinite(value)) problems.push(typeProblem("number", value));
  else if (!Number.isInteger(value)) problems.push(typeProblem("int", value, false));
  else if (value > Number.MAX_SAFE_INTEGER)
    problems.push(boundProblem("too_big", "int", Number.MAX_SAFE_INTEGER, true, true));
  else if (value < Number.MIN_SAFE_INTEGER)
    problems.push(boundProblem("too_small", "int", Number.MIN_SAFE_INTEGER, true, true));
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
): unknown {
  const start = problems.length;
  base(value, problems);
  if (aborted(problems, start)) return value;
  const n = value as number;
  if (bounds.min !== undefined && !(n >= bounds.min))
    problems.push(boundProblem("too_small", "number", bounds.min, true, true));
  if (bounds.above !== undefined && !(n > bounds.above))
    problems.push(boundProblem("too_small", "number", bounds.above, false, true));
  if (bounds.max !== undefined && !(n <= bounds.max))
    problems.push(boundProblem("too_big", "number", bounds.max, true, true));
  if (bounds.below !== undefined && !(n < bounds.below))
    problems.push(boundProblem("too_big", "number", bounds.below, false, true));
  return value;
}

// RFC 9562 UUIDs (versions 1-8, the variant bits), plus the nil and max UUIDs.
const UUID =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/;
// A calendar date (29 February only in leap years), then a time with seconds and a `Z` or an offset.
const LEAP_DAY = "(?:\\d\\d(?:[2468][048]|[13579][26]|0[48])|(?:[02468][048]|[13579][26])00)-02-29";
const OTHER_DAY =
  "\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))";
const TIME = "(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)";
const DATETIME = /* @__PURE__ */ new RegExp(`^(?:${LEAP_DAY}|${OTHER_DAY})T${TIME}$`);
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

function formatted(format: string, pattern: RegExp, value: unknown, problems: Problem[]): unknown {
  if (typeof value !== "string") problems.push(typeProblem("string", value));
  else if (!pattern.test(value)) problems.push(formatProblem(format, value));
  return value;
}

export function uuid(value: unknown, problems: Problem[]): unknown {
  return formatted("uuid", UUID, value, problems);
}

export function datetime(value: unknown, problems: Problem[]): unknown {
  return formatted("datetime", DATETIME, value, problems);
}

export function email(value: unknown, problems: Problem[]): unknown {
  return formatted("email", EMAIL, value, problems);
}

/** A URL the platform can parse; the value comes back trimmed, without tabs or line breaks. */
export function url(value: unknown, problems: Problem[]): unknown {
  if (typeof value !== "string") {
    problems.push(typeProblem("string", value));
    return value;
  }
  const trimmed = value.trim();
  try {
    new URL(trimmed);
  } catch {
    problems.push(formatProblem("url", value));
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
): unknown {
  const start = problems.length;
  const output = base(value, problems);
  if (value === null || value === undefined || explicitlyAborted(problems, start)) return output;
  const units = (value as { length?: unknown }).length;
  if (typeof units !== "number") return output;
  const origin = Array.isArray(value) ? "array" : typeof value === "string" ? "string" : "unknown";
  const length = typeof value === "string" ? [...value].length : units;
  if (min !== undefined && length < min) problems.push(boundProblem("too_small", origin, min, true, true));
  if (max !== undefined && length > max) problems.push(boundProblem("too_big", origin, max, true, true));
  return output;
}

export function literal(value: unknown, problems: Problem[], expected: string): unknown {
  if (value !== expected) problems.push(valueProblem([expected], value));
  return value;
}

/** A closed enum (inputs). */
export function oneOf(value: unknown, problems: Problem[], values: readonly string[]): unknown {
  if (!values.includes(value as string)) problems.push(valueProblem(values, value));
  return value;
}

/** The tag of an open union's fallback variant: any string but the known ones. */
export function otherString(value: unknown, problems: Problem[], known: ReadonlySet<string>): unknown {
  if (typeof value !== "string") problems.push(typeProblem("string", value));
  else if (known.has(value)) problems.push(customProblem("a known value belongs to its own variant", false));
  return value;
}

// ---- objects --------------------------------------------------------------------------

/** Reports a value that is not an object; returns it, for the validator to return. */
export function notObject(value: unknown, problems: Problem[]): unknown {
  problems.push(typeProblem("object", value));
  return value;
}

/** A required field: reported when its check fails, or when it is absent and the check takes `undefined`. */
export function required(
  output: Record<string, unknown>,
  input: Record<string, unknown>,
  key: string,
  check: Check,
  problems: Problem[],
): void {
  const start = problems.length;
  const value = check(input[key], problems);
  if (problems.length > start) at(problems, start, key);
  else if (key in input) output[key] = value;
  else problems.push({ code: "invalid_type", path: [key], message: "expected nonoptional" });
}

/** An optional field: absent or `undefined` passes (and stays as it was). */
export function optional(
  output: Record<string, unknown>,
  input: Record<string, unknown>,
  key: string,
  check: Check,
  problems: Problem[],
): void {
  const value = input[key];
  if (value === undefined) {
    if (key in input) output[key] = undefined;
    return;
  }
  const start = problems.length;
  output[key] = check(value, problems);
  if (problems.length > start) at(problems, start, key);
}

/** Keeps the keys a response type does not declare (the service adds fields without notice). */
export function keepUnknownKeys(output: Record<string, unknown>, input: Record<string, unknown>): unknown {
  for (const key in input) {
    if (key !== "__proto__" && !Object.hasOwn(output, key)) output[key] = input[key];
  }
  return output;
}

/** Reports the keys an input type does not declare. */
export function rejectUnknownKeys(
  output: Record<string, unknown>,
  input: Record<string, unknown>,
  declared: readonly string[],
  problems: Problem[],
): unknown {
  const unknownKeys: string[] = [];
  for (const key in input) if (!declared.includes(key)) unknownKeys.push(key);
  if (unknownKeys.length > 0) {
    const names = unknownKeys.map(quote).join(", ");
    const message = `unknown ${unknownKeys.length === 1 ? "key" : "keys"} ${names}`;
    problems.push({ code: "unrecognized_keys", path: [], message, continue: true });
  }
  return output;
}

// ---- collections ----------------------------------------------------------------------

export function array(value: unknown, problems: Problem[], item: Check): unknown {
  if (!Array.isArray(value)) {
    problems.push(typeProblem("array", value));
    return value;
  }
  const output = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const start = problems.length;
    output[i] = item(value[i], problems);
    if (problems.length > start) at(problems, start, i);
  }
  return output;
}

export function tuple(value: unknown, problems: Problem[], items: readonly Check[]): unknown {
  if (!Array.isArray(value)) {
    problems.push(typeProblem("tuple", value));
    return value;
  }
  if (value.length < items.length) {
    problems.push(boundProblem("too_small", "array", items.length, true, false));
    return value;
  }
  if (value.length > items.length) problems.push(boundProblem("too_big", "array", items.length, true, false));
  const output: unknown[] = [];
  items.forEach((item, i) => {
    const start = problems.length;
    output[i] = item(value[i], problems);
    if (problems.length > start) at(problems, start, i);
  });
  return output;
}

/** A record: string keys (checked with `key` when given), values checked with `values`. */
export function record(
  value: unknown,
  problems: Problem[],
  values: Check,
  key: Check = string,
  maxEntries?: number,
): unknown {
  if (!isPlainObject(value)) {
    problems.push(typeProblem("record", value));
    return value;
  }
  const start = problems.length;
  const output: Record<string, unknown> = {};
  for (const name of Reflect.ownKeys(value)) {
    if (name === "__proto__" || !Object.prototype.propertyIsEnumerable.call(value, name)) continue;
    const keyProblems: Problem[] = [];
    key(name, keyProblems);
    if (keyProblems.length > 0) {
      const message = `invalid key ${quote(name)}${keyProblems[0] ? `: ${keyProblems[0].message}` : ""}`;
      problems.push({ code: "invalid_key", path: [name as string], message });
      continue;
    }
    const itemStart = problems.length;
    output[name as string] = values(value[name as string], problems);
    if (problems.length > itemStart) at(problems, itemStart, name as string);
  }
  if (maxEntries !== undefined && !aborted(problems, start) && Object.keys(output).length > maxEntries)
    problems.push(customProblem(`at most ${maxEntries} entries`, true));
  return output;
}

// ---- unions ---------------------------------------------------------------------------

/**
 * The first member that accepts the value. When none does: the one member that failed
 * only on soft checks (a bound, a format) answers alone; otherwise an `invalid_union`
 * carries every member's problems.
 */
export function union(value: unknown, problems: Problem[], members: readonly Check[]): unknown {
  const start = problems.length;
  const first = members[0]!(value, problems);
  if (problems.length === start) return first;
  const results = [{ problems: problems.splice(start), output: first }];
  for (let i = 1; i < members.length; i++) {
    const own: Problem[] = [];
    const output = members[i]!(value, own);
    if (own.length === 0) return output;
    results.push({ problems: own, output });
  }
  const soft = results.filter((result) => !aborted(result.problems, 0));
  if (soft.length === 1) {
    problems.push(...soft[0]!.problems);
    return soft[0]!.output;
  }
  const errors = results.map((result) => result.problems.map(detached));
  const closest = closestBranch(errors)?.[0];
  const where = closest && closest.path.length > 0 ? ` at ${closest.path.join(".")}` : "";
  const message = closest
    ? `matches none of the allowed shapes (the closest one fails${where}: ${closest.message})`
    : "matches none of the allowed shapes";
  problems.push({ code: "invalid_union", path: [], message, errors });
  return value;
}

/** A member's problem as the union keeps it: its own path array, so later prefixes leave it alone. */
function detached(problem: Problem): Problem {
  return { ...problem, path: [...problem.path] };
}

/** A tagged union met a tag none of its variants has. */
export function unknownTag(
  value: unknown,
  problems: Problem[],
  discriminator: string,
  tags: readonly string[],
): unknown {
  const message = `expected ${discriminator} ${tags.map(quote).join(" or ")}`;
  problems.push({ code: "invalid_union", path: [discriminator], message, errors: [] });
  return value;
}

// ---- JSON text ------------------------------------------------------------------------

/** A value, or its JSON text, that `check` accepts; kept as given. */
export function jsonText(value: unknown, problems: Problem[], check: Check): unknown {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      problems.push(customProblem("expected JSON text", true));
      return value;
    }
  }
  const own: Problem[] = [];
  check(parsed, own);
  for (const problem of own) problems.push({ ...problem, path: [...problem.path], continue: true });
  return value;
}
