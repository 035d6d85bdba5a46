import { bracketGroups, breakGroup } from "./bracket-groups.ts";
import {
  indentUnit,
  isQuote,
  type LaidOutLine,
  layOut,
  maxWidth,
  splitTopLevel,
  stringEnd,
  wrapDocLines,
} from "./layout.ts";

/**
 * Keeps generated code within `maxWidth` columns where a person would break it. The printer
 * passes every statement through `fitCode`, so one set of rules serves every emitter: a line
 * too long is broken once by the first rule that applies, the code laid out again (a break
 * can move later lines in, as a value moved after its `=` does), and each resulting line
 * checked the same way. A line no rule breaks stays whole: one long only because of a string
 * literal, or a doc line that is one long word.
 */

/**
 * `code` laid out by layOut with its long lines broken. `firstColumn`: where its first line
 * starts; `indent`: the columns of indentation its other lines start after. Each pass breaks
 * every line still too long once and lays the code out once (not once per break, which made
 * a large schema's object quadratic); a break only ever moves later lines in, so a line that
 * fitted with the pass's levels and no longer does is broken in the next pass.
 */
export function fitCode(code: string, firstColumn: number, indent: number): LaidOutLine[] {
  let lines = layOut(code);
  for (;;) {
    let broke = false;
    const texts = lines.map((line, index) => {
      const column = index === 0 ? firstColumn : indent + line.level * indentUnit;
      if (column + line.text.length <= maxWidth || line.verbatim) return line.text;
      const broken = breakLine(line.text, maxWidth - column);
      if (broken === undefined || broken === line.text) return line.text;
      broke = true;
      return broken;
    });
    if (!broke) return lines;
    lines = layOut(texts.join("\n"));
  }
}

/**
 * One line (without its indentation) broken once where a person would break it first, or
 * undefined when no rule applies. `width`: the columns it has.
 */
export function breakLine(line: string, width: number): string | undefined {
  if (line.startsWith("/**") && line.endsWith("*/")) return breakDocComment(line, width);
  if (/^(\/\/|\/\*|\*)/.test(line) || line.includes("`")) return undefined;
  return (
    breakIf(line) ??
    breakConditional(line) ??
    breakLogicalReturn(line) ??
    breakArrowBody(line, width) ??
    breakDeclaration(line, width) ??
    breakLastGroup(line, width, (bracket) => bracket !== "<") ??
    breakLastGroup(line, width, (bracket) => bracket === "<")
  );
}

/** `/** text *\/` as a block with its text wrapped. */
function breakDocComment(line: string, width: number): string | undefined {
  const text = line.slice(3, -2).trim();
  if (!text.includes(" ")) return undefined;
  const lines = wrapDocLines([text], width - 3);
  return ["/**", ...lines.map((part) => `* ${part}`), "*/"].join("\n");
}

/** `if (test) statement;` as `if (test) {`, the statement, `}`. */
function breakIf(line: string): string | undefined {
  if (!line.startsWith("if (")) return undefined;
  const test = bracketGroups(line).find((group) => group.open === 3);
  const body = test === undefined ? "" : line.slice(test.close + 1).trim();
  if (body === "" || body.startsWith("{") || !body.endsWith(";")) return undefined;
  return `${line.slice(0, test!.close + 1)} {\n${body}\n}`;
}

/** `head test ? a : b;` as `head test`, `? a`, `: b;` (layOut puts the branches one level in). */
function breakConditional(line: string): string | undefined {
  const [head, branches, ...more] = splitTopLevel(line, " ? ");
  if (branches === undefined || more.length > 0) return undefined;
  const [whenTrue, whenFalse, ...rest] = splitTopLevel(branches, " : ");
  if (whenFalse === undefined || rest.length > 0) return undefined;
  return `${head}\n? ${whenTrue}\n: ${whenFalse}`;
}

/** `return a || b;` as `return (`, one operand per line, `);` (`&&` the same). */
function breakLogicalReturn(line: string): string | undefined {
  const value = /^return (.+);$/.exec(line)?.[1];
  if (value === undefined) return undefined;
  for (const operator of [" || ", " && "]) {
    const operands = splitTopLevel(value, operator);
    if (operands.length > 1) return `return (\n${operands.join(`${operator.trimEnd()}\n`)}\n);`;
  }
  return undefined;
}

/**
 * An arrow function whose body runs to the end of the line (`key: (x) => call(…),`,
 * `(() => z.looseObject({`) with the body on the next line, when that body is a call.
 */
function breakArrowBody(line: string, width: number): string | undefined {
  const depths = bracketDepths(line);
  for (let at = line.lastIndexOf(" => "); at > 0; at = line.lastIndexOf(" => ", at - 1)) {
    const body = line.slice(at + 4);
    const head = line.slice(0, at + 3);
    const closesAround = depths.slice(at).some((depth) => depth < depths[at]!);
    if (closesAround || head.length > width || !/^[\w$.]+(<[^<>]*>)?\(/.test(body)) continue;
    return `${head}\n${body}`;
  }
  return undefined;
}

/** The bracket depth at each index of `line`, brackets in strings not counted. */
function bracketDepths(line: string): number[] {
  const depths = new Array<number>(line.length);
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (isQuote(char)) {
      const end = stringEnd(line, i);
      depths.fill(depth, i, end);
      i = end - 1;
      continue;
    }
    if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) depth--;
    depths[i] = depth;
  }
  return depths;
}

/**
 * The last of the outermost bracket groups of the line (of the kinds `accepts`) that
 * breakGroup breaks, broken.
 */
function breakLastGroup(
  line: string,
  width: number,
  accepts: (bracket: string) => boolean,
): string | undefined {
  const groups = bracketGroups(line).filter((group) => accepts(group.bracket));
  const outermost = Math.min(...groups.map((group) => group.depth));
  for (const group of groups.reverse()) {
    if (group.depth !== outermost) continue;
    const broken = breakGroup(line, group, width);
    if (broken !== undefined) return broken;
  }
  return undefined;
}

/**
 * `const name: Type = value` as `const name: Type =` and the value on the next line, one
 * level in, when the value then fits its line whole (an object or array value stays beside
 * its `=`, its items broken instead).
 */
function breakDeclaration(line: string, width: number): string | undefined {
  if (!/^(export )?(const|let|var) /.test(line)) return undefined;
  const [head, ...rest] = splitTopLevel(line, " = ");
  const value = rest.join(" = ");
  if (rest.length === 0 || /^[[{(]$/.test(value) || `${head} =`.length > width) return undefined;
  if (/^[[{]/.test(value) || value.length > width - indentUnit) return undefined;
  if ((bracketDepths(value).at(-1) ?? 0) <= 0 || value.endsWith("=>")) return `${head} =\n${value}`;
  // A value left open for the lines after it, as `/* @__PURE__ */ (() => z.looseObject({`: TypeScript's
  // formatter indents those lines as if the value had stayed beside its `=`, unless its arrow's body
  // starts a line of its own.
  const arrow = breakArrowBody(value, Number.POSITIVE_INFINITY);
  return arrow === undefined ? undefined : `${head} =\n${arrow}`;
}
