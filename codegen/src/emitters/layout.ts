/**
 * How the printer lays code out beyond what each structure says: lines kept within
 * `maxWidth` where a person would break them, and the indentation of multi-line code as
 * TypeScript's formatter gives it (so `--verify`'s layout check passes).
 */

/** The width generated code keeps within, but for long string literals. */
export const maxWidth = 100;

/**
 * `text` split at each top-level `separator`: not inside brackets, strings or template
 * literals. Type and array texts the emitters write are simple enough for this.
 */
export function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if ("([{<".includes(char)) depth++;
    else if (")]}>".includes(char) && text[i - 1] !== "=") depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * A one-line array literal or tuple type (`[...] as const`, `new Set<T>([...])`,
 * `new Map<K, V>([[k, v], ...])`, `readonly [...]`) one item per line; undefined for other code.
 */
export function breakArrayLiteral(code: string): string | undefined {
  if (code.includes("\n")) return undefined;
  const match = /^(\[|readonly \[|\/\* @__PURE__ \*\/ new (?:Set|Map)<[^>]+>\(\[)(.*)(\].*)$/.exec(code);
  if (!match) return undefined;
  const items = splitTopLevel(match[2]!, ", ");
  return `${match[1]}\n${items.map((item) => `${item},`).join("\n")}\n${match[3]}`;
}

/**
 * One line of statement code longer than `width` broken where a person would break it,
 * each part again while still too long: a braceless `if` gets braces, a conditional one
 * branch per line, a call (the line's last) one argument per line, an array one item per
 * line. Indentation is layOut's; a line none of these fits stays whole.
 */
export function breakLongLine(line: string, width: number): string {
  if (line.length <= width) return line;
  const broken = breakIf(line) ?? breakConditional(line) ?? breakCall(line) ?? breakArrayLiteral(line);
  if (broken === undefined) return line;
  return broken
    .split("\n")
    .map((part, index) => breakLongLine(part, index === 0 ? width : width - indentUnit))
    .join("\n");
}

const indentUnit = 2;

/** `if (test) statement;` as `if (test) {`, the statement, `}`. */
function breakIf(line: string): string | undefined {
  if (!line.startsWith("if (")) return undefined;
  const close = closingBracket(line, 3);
  const body = close === undefined ? "" : line.slice(close + 1).trim();
  if (body === "" || body.startsWith("{") || !body.endsWith(";")) return undefined;
  return `${line.slice(0, close! + 1)} {\n${body}\n}`;
}

/** `head test ? a : b;` as `head test`, `? a`, `: b;` (layOut puts the branches one level in). */
function breakConditional(line: string): string | undefined {
  const [head, branches, ...more] = splitTopLevel(line, " ? ");
  if (branches === undefined || more.length > 0) return undefined;
  const [whenTrue, whenFalse, ...rest] = splitTopLevel(branches, " : ");
  if (whenFalse === undefined || rest.length > 0) return undefined;
  return `${head}\n? ${whenTrue}\n: ${whenFalse}`;
}

/**
 * A line ending in a call (`...f(a, b);`), or an object literal's property that is one call
 * (`key: f(a, b),`), with its arguments one per line.
 */
function breakCall(line: string): string | undefined {
  const end = (/^(?:[\w$]+|"[^"]*"): [\w$]+\(/.test(line) ? /\),$/ : /\);?$/).exec(line);
  if (!end) return undefined;
  const open = openingBracket(line, end.index);
  if (open === undefined || !/[\w$]$/.test(line.slice(0, open))) return undefined;
  const args = splitTopLevel(line.slice(open + 1, end.index), ", ");
  if (args.length < 2) return undefined;
  return `${line.slice(0, open + 1)}\n${args.map((arg) => `${arg},`).join("\n")}\n${line.slice(end.index)}`;
}

/** The index of the bracket closing the one at `open` (brackets in strings not counted). */
function closingBracket(text: string, open: number): number | undefined {
  let depth = 0;
  for (const [index, char] of brackets(text, open)) {
    depth += "([{".includes(char) ? 1 : -1;
    if (depth === 0) return index;
  }
  return undefined;
}

/** The index of the bracket opening the one at `close`. */
function openingBracket(text: string, close: number): number | undefined {
  const all = [...brackets(text, 0)];
  const opened: number[] = [];
  for (const [index, char] of all) {
    if ("([{".includes(char)) opened.push(index);
    else if (index === close) return opened.pop();
    else opened.pop();
  }
  return undefined;
}

/** The round, square and curly brackets of `text` from `from`, outside string literals. */
function* brackets(text: string, from: number): Generator<[number, string]> {
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if ("([{)]}".includes(char)) yield [i, char];
  }
}

/**
 * Doc lines longer than `width` broken at spaces (a line break inside a TSDoc paragraph is
 * only a space), except in code fences and a line that is one word.
 */
export function wrapDocLines(lines: readonly string[], width: number): string[] {
  const wrapped: string[] = [];
  let inFence = false;
  for (const line of lines) {
    if (line.startsWith("```")) inFence = !inFence;
    if (inFence || line.length <= width) {
      wrapped.push(line);
      continue;
    }
    let current = "";
    for (const word of line.split(" ")) {
      if (current !== "" && current.length + 1 + word.length > width) {
        wrapped.push(current);
        current = word;
      } else current = current === "" ? word : `${current} ${word}`;
    }
    wrapped.push(current);
  }
  return wrapped;
}

export interface LaidOutLine {
  readonly text: string;
  /** Indentation levels relative to the first line. */
  readonly level: number;
}

/**
 * Indents multi-line code as TypeScript's formatter does for what the emitters write: a
 * line goes one level deeper than the line that opened the innermost bracket still open
 * (several opened on one line count once), and a line starting with a closing bracket
 * goes back to the level of the line that opened it. Brackets inside strings and comments
 * do not count; a block comment's ` * ` lines align under its `/*`.
 */
export function layOut(code: string): LaidOutLine[] {
  const openedAt: number[] = [];
  let inside: "code" | '"' | "'" | "`" | "comment" = "code";
  let commentLevel = 0;
  return code.split("\n").map((raw, index) => {
    if (inside === "`") {
      scan(raw);
      return { text: raw, level: 0 };
    }
    const line = index === 0 ? raw.trimEnd() : raw.trim();
    let level = 0;
    if (index > 0 && inside === "comment") {
      scan(line);
      return { text: line.startsWith("*") ? ` ${line}` : line, level: commentLevel };
    }
    if (index > 0 && openedAt.length > 0) {
      const innermost = openedAt[openedAt.length - 1]!;
      level = /^[)\]}]/.test(line) ? innermost : innermost + 1;
    }
    // The branches of a conditional broken over lines: one level in.
    if (index > 0 && /^[?:] /.test(line)) level += 1;
    commentLevel = level;
    scan(line, level);
    return { text: line, level };
  });

  function scan(line: string, level = 0) {
    for (let i = 0; i < line.length; i++) {
      const char = line[i]!;
      const pair = line.slice(i, i + 2);
      if (inside === "comment") {
        if (pair === "*/") {
          inside = "code";
          i++;
        }
      } else if (inside !== "code") {
        if (char === "\\") i++;
        else if (char === inside) inside = "code";
      } else if (pair === "//") {
        return;
      } else if (pair === "/*") {
        inside = "comment";
        i++;
      } else if (char === '"' || char === "'" || char === "`") inside = char;
      else if ("([{".includes(char)) openedAt.push(level);
      else if (")]}".includes(char)) openedAt.pop();
    }
    // A quoted string cannot run past the end of its line.
    if (inside === '"' || inside === "'") inside = "code";
  }
}
