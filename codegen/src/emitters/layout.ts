/**
 * How the printer lays code out beyond what each structure says: lines kept within
 * `maxWidth` where a person would break them, and the indentation of multi-line code as
 * TypeScript's formatter gives it (so `--verify`'s layout check passes).
 */

/** The width generated code keeps within, but for long string literals. */
export const maxWidth = 100;

/** Whether `char` opens a string or template literal. */
export function isQuote(char: string): boolean {
  return char === '"' || char === "'" || char === "`";
}

/**
 * The index just after the string or template literal whose quote is at `start` (escapes
 * skipped), or the text's length when it does not close in the text. The scanners of one
 * line of code step over literals with it, so a bracket in a string never counts.
 */
export function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}

/**
 * `text` split at each top-level `separator`: not inside brackets, strings or template
 * literals. Type and array texts the emitters write are simple enough for this.
 */
export function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (isQuote(char)) i = stringEnd(text, i) - 1;
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

/** The columns of one level of indentation. */
export const indentUnit = 2;

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
  /** A line inside a template literal, kept as it is. */
  readonly verbatim?: boolean;
}

/**
 * Indents multi-line code as TypeScript's formatter does for what the emitters write: a
 * line goes one level deeper than the line that opened the innermost bracket still open
 * (several opened on one line count once), and a line starting with a closing bracket
 * goes back to the level of the line that opened it. A line after one ending in `=` or `=>`
 * (a value or an arrow's body moved to the next line) goes one level deeper than that one.
 * A `<` ending a line and a `>` starting one are type arguments broken over lines. Brackets
 * inside strings and comments do not count; a block comment's ` * ` lines align under its `/*`.
 */
export function layOut(code: string): LaidOutLine[] {
  const openedAt: number[] = [];
  let inside: "code" | '"' | "'" | "`" | "comment" = "code";
  let commentLevel = 0;
  let continuedFrom: number | undefined;
  return code.split("\n").map((raw, index) => {
    if (inside === "`") {
      scan(raw);
      return { text: raw, level: 0, verbatim: true };
    }
    const line = index === 0 ? raw.trimEnd() : raw.trim();
    let level = 0;
    if (index > 0 && inside === "comment") {
      scan(line);
      return { text: line.startsWith("*") ? ` ${line}` : line, level: commentLevel };
    }
    if (index > 0 && openedAt.length > 0) {
      const innermost = openedAt[openedAt.length - 1]!;
      level = /^[)\]}>]/.test(line) ? innermost : innermost + 1;
    }
    if (continuedFrom !== undefined) level = Math.max(level, continuedFrom + 1);
    // The branches of a conditional broken over lines: one level in.
    if (index > 0 && /^[?:] /.test(line)) level += 1;
    commentLevel = level;
    if (line.startsWith(">")) openedAt.pop();
    scan(line, level);
    if (line.endsWith("<")) openedAt.push(level);
    continuedFrom = inside === "code" && /(^|\s)=>?$/.test(line) ? level : undefined;
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
      } else if (isQuote(char)) inside = char as typeof inside;
      else if ("([{".includes(char)) openedAt.push(level);
      else if (")]}".includes(char)) openedAt.pop();
    }
    // A quoted string cannot run past the end of its line.
    if (inside === '"' || inside === "'") inside = "code";
  }
}
