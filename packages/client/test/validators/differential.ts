/**
 * The differential check of the generated validators against the zod schemas they replace:
 * a value, and mutations of it made with a seeded PRNG, go through both, which must agree on
 * accept or reject, on the parsed output and on the issues (path, code, message).
 *
 * The zod side's issues are read as the client read them before it had validators (the
 * closest union member's problems, zod/mini's "Invalid input" put in words), so agreeing
 * here means the client's errors are what they were.
 */
import { expect } from "vitest";
import type { z } from "zod/mini";
import type { Issue } from "../../src/issues.js";
import type { Check } from "../../src/validate.js";
import { parseWith } from "../../src/validation.js";

export interface Pair {
  /** The schema's name, e.g. `ValidateLicenseKeyInput`. */
  readonly name: string;
  readonly check: Check;
  readonly schema: z.ZodMiniType;
}

/** Pairs every `validate<Name>` of a validators module with the schema `<Name>`. */
export function pairsOf(validators: Record<string, unknown>, schemas: Record<string, unknown>): Pair[] {
  return Object.entries(validators).flatMap(([key, check]) => {
    const name = key.replace(/^validate/, "");
    const schema = schemas[name] as z.ZodMiniType | undefined;
    return typeof check === "function" && schema && typeof schema.safeParse === "function"
      ? [{ name, check: check as Check, schema }]
      : [];
  });
}

export type Outcome = { ok: true; value: unknown } | { ok: false; issues: Issue[] };

export function throughSchema(schema: z.ZodMiniType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, issues: zodIssues(result.error.issues) };
}

export function throughValidator(check: Check, value: unknown): Outcome {
  return parseWith(check, value);
}

/** Asserts that both sides agree on `value`; returns whether the schema accepted it. */
export function expectAgreement(pair: Pair, value: unknown, label: string): boolean {
  const expected = throughSchema(pair.schema, value);
  const actual = throughValidator(pair.check, value);
  expect(actual, `${pair.name} on ${label}: ${preview(value)}`).toStrictEqual(expected);
  return expected.ok;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

// ---- the zod side, as the client read it ------------------------------------------------

const GENERIC_MESSAGE = "Invalid input";

function zodIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): Issue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    const branch = issue.code === "invalid_union" ? closestBranch(issue.errors) : undefined;
    if (branch) return zodIssues(branch, path);
    return [
      {
        path: path.map((key) => (typeof key === "number" ? key : String(key))),
        message:
          issue.message && issue.message !== GENERIC_MESSAGE
            ? issue.message
            : `expected ${expectedOf(issue)}`,
        code: issue.code,
      },
    ];
  });
}

/** The only issue zod leaves without words here: a required key whose schema takes `undefined`. */
function expectedOf(issue: z.core.$ZodIssue): string {
  return issue.code === "invalid_type" ? issue.expected : `a valid ${issue.code}`;
}

function closestBranch(
  branches: readonly (readonly z.core.$ZodIssue[])[],
): readonly z.core.$ZodIssue[] | undefined {
  const depth = (issues: readonly z.core.$ZodIssue[]) => Math.max(0, ...issues.map((i) => i.path.length));
  let best: readonly z.core.$ZodIssue[] | undefined;
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

// ---- mutations -------------------------------------------------------------------------

/** mulberry32: a small seeded PRNG, so a failure replays exactly. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Path = (string | number)[];

export interface Mutation {
  readonly label: string;
  readonly value: unknown;
}

/** Every place in a JSON value: objects' keys and arrays' items, the root first. */
function places(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  into.push(path);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) places(item, [...path, i], into);
  } else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) places(item, [...path, key], into);
  return into;
}

function get(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}

/** A copy of `value` with the node at `path` replaced by `replace(node)`, or removed when it returns `REMOVE`. */
function edit(value: unknown, path: Path, replace: (node: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const copy = structuredClone(value);
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  const next = replace(parent[key]);
  if (next === REMOVE) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else parent[key] = next;
  return copy;
}

const REMOVE = Symbol("remove");

const TAGS = ["type", "source", "name", "amount_type", "status"];

/** What can be done to one node: each a way real data goes wrong. */
function editsFor(node: unknown): { label: string; replace: (node: unknown) => unknown }[] {
  const edits: { label: string; replace: (node: unknown) => unknown }[] = [
    { label: "removed", replace: () => REMOVE },
    { label: "null", replace: () => null },
  ];
  if (typeof node === "string") {
    edits.push(
      { label: "wrong type", replace: () => 42 },
      { label: "unknown value", replace: () => "not_a_known_value" },
      { label: "empty", replace: () => "" },
      { label: "too long", replace: (s) => String(s).repeat(60).slice(0, 5000) || "x".repeat(300) },
      { label: "padded", replace: (s) => ` ${String(s)}\n` },
      { label: "upper case", replace: (s) => String(s).toUpperCase() },
    );
  } else if (typeof node === "number") {
    edits.push(
      { label: "wrong type", replace: (n) => String(n) },
      { label: "negative", replace: () => -1 },
      { label: "fraction", replace: (n) => Number(n) + 0.5 },
      { label: "huge", replace: () => 1e300 },
      { label: "zero", replace: () => 0 },
      { label: "above 100", replace: () => 101 },
    );
  } else if (typeof node === "boolean") {
    edits.push({ label: "wrong type", replace: (b) => String(b) });
  } else if (Array.isArray(node)) {
    edits.push(
      { label: "wrong type", replace: () => ({}) },
      { label: "emptied", replace: () => [] },
      { label: "item doubled", replace: (a) => [...(a as unknown[]), ...(a as unknown[])] },
      { label: "bad item", replace: (a) => [...(a as unknown[]), 7] },
    );
  } else if (typeof node === "object" && node !== null) {
    const record = node as Record<string, unknown>;
    edits.push(
      { label: "wrong type", replace: () => [] },
      { label: "extra key", replace: () => ({ ...record, extra_field: 1 }) },
      { label: "emptied", replace: () => ({}) },
    );
    for (const tag of TAGS.filter((t) => typeof record[t] === "string"))
      edits.push({ label: `unknown ${tag}`, replace: () => ({ ...record, [tag]: "added.later" }) });
  }
  return edits;
}

/** `count` mutations of `value`, chosen with `random`: a node, then one of its edits. */
export function mutations(value: unknown, count: number, random: () => number): Mutation[] {
  const all = places(value);
  const result: Mutation[] = [];
  for (let i = 0; i < count; i++) {
    const path = all[Math.floor(random() * all.length)]!;
    const edits = editsFor(get(value, path));
    const chosen = edits[Math.floor(random() * edits.length)]!;
    const mutated = edit(value, path, chosen.replace);
    if (mutated === REMOVE) continue;
    result.push({ label: `${chosen.label} at ${path.join(".") || "(root)"}`, value: mutated });
  }
  return result;
}
