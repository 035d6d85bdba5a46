import { CORE_SCHEMA, load as loadValue } from "js-yaml";
import {
  type Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  type Pair,
  parseDocument,
  visit,
} from "yaml";
import type { Diagnostic } from "../diagnostics.ts";

export type PathSegment = string | number;

/** The value at `path` in a parsed document, or undefined where the path leaves it. */
export function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** A parsed YAML file that can answer "where is this value?" for any path into it. */
export interface YamlSource {
  readonly file: string;
  readonly value: unknown;
  /** The position of the value at `path`, or of its nearest existing ancestor. */
  locate(path: readonly PathSegment[], at?: "key" | "value"): { line: number; column: number };
  /** A diagnostic at `path`, offset by `columnOffset` characters into a scalar value. */
  diagnostic(path: readonly PathSegment[], message: string, options?: LocateOptions): Diagnostic;
}

export interface LocateOptions {
  at?: "key" | "value";
  columnOffset?: number;
}

/**
 * Parses the spec. `source` is missing only when the YAML cannot be read at all; duplicate
 * keys come back as diagnostics beside a usable source.
 *
 * Two readers: js-yaml gives the value of a well-formed spec in about a quarter of the time
 * the `yaml` library takes to build its document of positioned nodes (a fifth of a cold
 * `generate`), and that document is built only when something asks where a value is (a
 * diagnostic, a drift report). Whatever js-yaml refuses (a syntax error, a duplicate key,
 * indentation it is stricter about) or finds empty is read by `yaml` alone, which says where
 * and why. Both read YAML 1.2's core schema; test/read-yaml.test.ts holds them equal on every
 * spec in the repository.
 */
export function readYaml(file: string, text: string): { source?: YamlSource; diagnostics: Diagnostic[] } {
  const value = quickValue(text);
  if (value === undefined) return readWithPositions(file, text);
  let positioned: YamlSource | undefined;
  const withPositions = () => {
    positioned ??= readWithPositions(file, text).source;
    if (!positioned) throw new Error(`${file}: js-yaml read the spec and the yaml library could not`);
    return positioned;
  };
  return {
    source: {
      file,
      value,
      locate: (path, at) => withPositions().locate(path, at),
      diagnostic: (path, message, options) => withPositions().diagnostic(path, message, options),
    },
    diagnostics: [],
  };
}

/** The document's value, or undefined where js-yaml refuses it or it is empty. */
function quickValue(text: string): unknown {
  try {
    return loadValue(text, { schema: CORE_SCHEMA }) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Reads the spec into the `yaml` library's positioned document: every problem, at its line. */
export function readWithPositions(
  file: string,
  text: string,
): { source?: YamlSource; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  // The library's own duplicate-key check compares each key with every key before it in its
  // mapping: quadratic, a sixth of the time of a spec of a thousand operations. duplicateKeys
  // finds the same keys in one pass.
  const document = parseDocument(text, { uniqueKeys: false, keepSourceTokens: true, lineCounter });
  // After the first syntax error the parser is lost, and what follows is noise; duplicate
  // keys are independent of each other, so all of them are worth reporting.
  const [firstSyntaxError] = document.errors;
  const found = duplicateKeys(document, lineCounter);
  if (firstSyntaxError) {
    found.push({ offset: firstSyntaxError.pos[0], message: yamlErrorMessage(firstSyntaxError.message) });
  }
  const diagnostics = found
    .sort((a, b) => a.offset - b.offset)
    .map(({ offset, message }) => {
      const { line, col } = lineCounter.linePos(offset);
      return { file, line, column: col, message };
    });
  // Duplicate keys leave a usable document (the later value wins), so the checks after this
  // one still run and the author sees those problems in the same pass.
  if (firstSyntaxError) return { diagnostics };
  if (document.contents === null || (isScalar(document.contents) && document.contents.value === null)) {
    return {
      diagnostics: [
        {
          file,
          line: 1,
          column: 1,
          message: "the spec is empty; start it with `info`, `types` and `operations`",
        },
      ],
    };
  }

  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const find = (path: readonly PathSegment[], at: "key" | "value" = "value") => {
    const { node, pair } = walk(document.contents, path);
    return (at === "key" || !node) && pair?.key ? (pair.key as Node) : node;
  };
  const locate = (path: readonly PathSegment[], at: "key" | "value" = "value") =>
    position(find(path, at)?.range?.[0] ?? 0);
  const source: YamlSource = {
    file,
    value: document.toJS(),
    locate,
    diagnostic(path, message, options = {}) {
      const target = find(path, options.at);
      const { line, column } = position(target?.range?.[0] ?? 0);
      const offset = options.columnOffset ?? 0;
      // An offset counts characters of the value, which in a quoted scalar start after the quote.
      const quoted = isScalar(target) && (target.type === "QUOTE_DOUBLE" || target.type === "QUOTE_SINGLE");
      return { file, line, column: column + offset + (quoted && offset > 0 ? 1 : 0), message };
    },
  };
  return { source, diagnostics };
}

/** Follows `path` as far as the document goes, remembering the pair that holds the last node. */
function walk(root: unknown, path: readonly PathSegment[]): { node?: Node; pair?: Pair } {
  let node = root as Node | undefined;
  let pair: Pair | undefined;
  for (const segment of path) {
    if (isMap(node)) {
      // The last pair with the key: a duplicated key keeps its later value (as `toJS` does), so
      // problems in that value are at the later copy's lines.
      const found = [...node.items]
        .reverse()
        .find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (!found) break;
      pair = found;
      node = found.value as Node | undefined;
    } else if (isSeq(node) && typeof segment === "number") {
      const item = node.items[segment] as Node | undefined;
      if (!item) break;
      pair = undefined;
      node = item;
    } else break;
  }
  return { node, pair };
}

function yamlErrorMessage(message: string): string {
  const firstLine = message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
  return `YAML syntax: ${firstLine}; fix the YAML so it parses`;
}

/**
 * Every key written again in its mapping, at the repeated key, its message naming the key and
 * where it was first written, so the author knows which two to reconcile.
 */
function duplicateKeys(document: Document, lineCounter: LineCounter): { offset: number; message: string }[] {
  const found: { offset: number; message: string }[] = [];
  visit(document, {
    Map(_, map) {
      const firsts = new Map<unknown, Node>();
      for (const { key } of map.items) {
        if (!isScalar(key) || key.range === undefined || key.range === null) continue;
        const first = firsts.get(key.value);
        if (first === undefined) firsts.set(key.value, key);
        else
          found.push({ offset: key.range[0], message: duplicateKeyMessage(key.value, first, lineCounter) });
      }
    },
  });
  return found;
}

function duplicateKeyMessage(key: unknown, first: Node, lineCounter: LineCounter): string {
  const line = lineCounter.linePos(first.range?.[0] ?? 0).line;
  return `'${String(key)}' is written twice in the same mapping (first on line ${line}); keep one of them or rename one`;
}
