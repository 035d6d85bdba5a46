import type { z } from "zod";
import type { Diagnostic } from "../diagnostics.ts";
import { type SpecDocument, specLanguage } from "./language.ts";
import { type PathSegment, valueAt, type YamlSource } from "./read-yaml.ts";

export interface StructureCheck {
  /** The whole spec, when its shape is right. */
  spec?: SpecDocument;
  /**
   * When only some declarations or operations are misshapen: the spec without them, so the
   * meaning checks can still look at the rest, and the names set aside (which the rest may
   * mention without that being a second problem).
   */
  remainder?: { spec: SpecDocument; setAside: ReadonlySet<string> };
  diagnostics: Diagnostic[];
}

/** Sections whose entries stand alone: one misshapen entry need not hide problems in the others. */
const ENTRY_SECTIONS = new Set(["security", "errors", "enums", "types", "operations"]);

/** Checks the spec's shape against the language; every problem becomes a positioned diagnostic. */
export function checkStructure(source: YamlSource): StructureCheck {
  const result = specLanguage.safeParse(source.value);
  if (result.success) return { spec: result.data, diagnostics: [] };
  const typos = misspelledKeys(source, result.error.issues);
  const diagnostics = result.error.issues.flatMap((issue) => describeIssue(source, issue, [], typos));
  return { remainder: remainderWithout(source.value, result.error.issues), diagnostics };
}

function remainderWithout(value: unknown, issues: readonly Issue[]): StructureCheck["remainder"] {
  const trimmed = structuredClone(value) as Record<string, Record<string, unknown>>;
  const setAside = new Set<string>();
  for (const issue of issues) {
    const [section, name] = issue.path;
    // A problem outside any one entry (the top level, a whole section) leaves nothing to check.
    if (typeof section !== "string" || !ENTRY_SECTIONS.has(section) || typeof name !== "string") {
      return undefined;
    }
    delete trimmed[section]![name];
    setAside.add(name);
  }
  const result = specLanguage.safeParse(trimmed);
  return result.success ? { spec: result.data, setAside } : undefined;
}

type Issue = z.core.$ZodIssue;

/**
 * The required keys that an unknown key beside them most likely misspells: for those, the
 * "did you mean" on the typo says it all, and "missing" would only be noise.
 */
function misspelledKeys(source: YamlSource, issues: readonly Issue[]): Set<string> {
  const typos = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== "unrecognized_keys") continue;
    const path = issue.path as PathSegment[];
    for (const key of issue.keys) {
      const meant = closest(key, allowedKeys(source.value, path, key));
      if (meant) typos.add(JSON.stringify([...path, meant]));
    }
  }
  return typos;
}

function describeIssue(
  source: YamlSource,
  issue: Issue,
  prefix: PathSegment[],
  typos: Set<string>,
): Diagnostic[] {
  const path = [...prefix, ...(issue.path as PathSegment[])];
  const where = at(path);
  const value = valueAt(source.value, path);
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) =>
        source.diagnostic([...path, key], unknownKeyMessage(key, allowedKeys(source.value, path, key)), {
          at: "key",
        }),
      );
    case "invalid_union": {
      // A union here is always "a type expression string, or an object": explain the branch
      // the author meant, judged by what they wrote.
      const wroteObject = typeof value === "object" && value !== null;
      // The branch the author meant is the one that did not reject the value as a whole.
      const rejectsWholeValue = (e: Issue) => e.code === "invalid_type" && e.path.length === 0;
      const branch = issue.errors.find((errors) => !errors.some(rejectsWholeValue));
      if (wroteObject && branch) return branch.flatMap((e) => describeIssue(source, e, path, typos));
      // YAML reads a bare `true` or `42` as a value: the literal type is the text "true".
      const literal =
        typeof value === "boolean" || typeof value === "number"
          ? `; for the literal type ${String(value)}, quote it: "${String(value)}"`
          : "";
      return [
        source.diagnostic(
          path,
          `${where}: expected a type expression such as \`string\` or \`uuid | null\`, or a field object with \`type\`${literal}`,
        ),
      ];
    }
    case "invalid_type": {
      if (value === undefined) {
        if (typos.has(JSON.stringify(path))) return [];
        return [missingKey(source, path, expected(issue.expected))];
      }
      return [
        source.diagnostic(
          path,
          `${where}: expected ${expected(issue.expected)} but found ${describe(value)}; ${typeFix(issue.expected, value)}`,
        ),
      ];
    }
    case "invalid_value":
      if (value === undefined) {
        return typos.has(JSON.stringify(path))
          ? []
          : [missingKey(source, path, `one of ${quotedList(issue.values)}`)];
      }
      return [
        source.diagnostic(
          path,
          `${where}: ${JSON.stringify(value)} is not allowed; use one of ${quotedList(issue.values)}`,
        ),
      ];
    case "invalid_key":
      // A record's key breaks a rule (e.g. a response status that is not 2xx): point at the key.
      return issue.issues.map((inner) =>
        source.diagnostic(
          path,
          `${at(path.slice(0, -1))}: key '${path.at(-1)}' is not allowed: ${inner.message}`,
          {
            at: "key",
          },
        ),
      );
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      const limit = small ? issue.minimum : issue.maximum;
      const comparison = `${small ? ">" : "<"}${issue.inclusive ? "=" : ""} ${limit}`;
      if (issue.origin === "string" && small && Number(limit) === 1) {
        return [source.diagnostic(path, `${where}: the text is empty; write a value here`)];
      }
      if (issue.origin === "array") {
        return [
          source.diagnostic(
            path,
            `${where}: the list has ${(value as unknown[]).length} items; give it ${small ? "at least" : "at most"} ${limit}`,
          ),
        ];
      }
      return [
        source.diagnostic(
          path,
          `${where}: ${JSON.stringify(value)} is out of range; use a number ${comparison}`,
        ),
      ];
    }
    case "invalid_format":
      if (issue.format === "regex")
        return [source.diagnostic(path, `${where}: ${JSON.stringify(value)}: ${issue.message}`)];
      return [
        source.diagnostic(
          path,
          `${where}: ${JSON.stringify(value)} is not a valid ${issue.format}${issue.format === "url" ? "; write an absolute URL such as https://api.example.com" : ""}`,
        ),
      ];
    default:
      return [source.diagnostic(path, `${where}: ${issue.message}`)];
  }
}

/** `at operations.getThing: required key 'method' (one of "GET", "POST") is missing; add it`, at the mapping that lacks it. */
function missingKey(source: YamlSource, path: PathSegment[], what: string): Diagnostic {
  return source.diagnostic(
    path,
    `${at(path.slice(0, -1))}: required key '${path.at(-1)}' (${what}) is missing; add it`,
    { at: "key" },
  );
}

function quotedList(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(", ");
}

function at(path: readonly PathSegment[]): string {
  return path.length > 0 ? `at ${path.join(".")}` : "at the top level";
}

/** zod's name of an expected type, in the words of a YAML author. */
function expected(type: string): string {
  const words: Record<string, string> = {
    array: "a list",
    object: "a mapping",
    record: "a mapping",
    string: "a string",
    number: "a number",
    int: "a whole number",
    boolean: "true or false",
  };
  return words[type] ?? type;
}

/** How to write the value the language expects, judged by what was written instead. */
function typeFix(type: string, value: unknown): string {
  const quotedNumber = typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value));
  if ((type === "number" || type === "int") && quotedNumber) return "remove the quotes";
  if (type === "boolean" && (value === "true" || value === "false")) return "remove the quotes";
  if (type === "string" && value !== null && typeof value !== "object") return "quote it";
  if (type === "array" && value !== null && typeof value !== "object")
    return `write it as a list: [${value}]`;
  return `write ${expected(type)} here`;
}

function describe(value: unknown): string {
  if (value === null) return "nothing (null)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** The keys the language allows where an unknown key was found, for a "did you mean". */
function allowedKeys(root: unknown, path: readonly PathSegment[], unknownKey: string): string[] {
  const known = Object.keys((valueAt(root, path) as object) ?? {}).filter((k) => k !== unknownKey);
  const shape = shapeAt(path);
  return shape ? shape : known;
}

function shapeAt(path: readonly PathSegment[]): string[] | undefined {
  let schema: unknown = specLanguage;
  for (const segment of path) {
    schema = step(schema, String(segment));
    if (!schema) return undefined;
  }
  const shape = objectShape(schema);
  return shape ? Object.keys(shape) : undefined;
}

function objectShape(schema: unknown): Record<string, unknown> | undefined {
  const def = (
    schema as {
      def?: { type: string; shape?: Record<string, unknown>; innerType?: unknown; options?: unknown[] };
    }
  )?.def;
  if (!def) return undefined;
  if (def.type === "object") return def.shape;
  if (def.type === "optional") return objectShape(def.innerType);
  if (def.type === "union") return def.options?.map(objectShape).find(Boolean);
  return undefined;
}

function step(schema: unknown, key: string): unknown {
  const def = (
    schema as {
      def?: {
        type: string;
        innerType?: unknown;
        valueType?: unknown;
        element?: unknown;
        options?: unknown[];
      };
    }
  )?.def;
  if (!def) return undefined;
  if (def.type === "optional") return step(def.innerType, key);
  if (def.type === "record") return def.valueType;
  if (def.type === "array") return def.element;
  if (def.type === "union") return def.options?.map((o) => step(o, key)).find(Boolean);
  return objectShape(schema)?.[key];
}

export function unknownKeyMessage(key: string, allowed: readonly string[]): string {
  const suggestion = closest(key, allowed);
  const hint = suggestion ? `did you mean '${suggestion}'?` : `expected one of: ${allowed.join(", ")}`;
  return `unknown key '${key}'; ${hint}`;
}

/** The allowed word nearest to a typo, when it is near enough to be the likely intent. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(word.length / 3)) ? best.candidate : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}
