import { isQuote, splitTopLevel, stringEnd } from "./layout.ts";

/**
 * The bracket groups of one line of code and how to break one over lines: a call's
 * arguments, a function's parameters, an array's items, an object's properties (or a type
 * literal's members, a block's statements) one per line; type arguments one per line; an
 * arrow function in parentheses (`(() => body)()`) with its body on the next line.
 */

export interface BracketGroup {
  /** Index of the opening bracket. */
  readonly open: number;
  /** Index of the bracket closing it. */
  readonly close: number;
  readonly bracket: "(" | "[" | "{" | "<";
  /** Brackets of the line still open around it. */
  readonly depth: number;
}

const closers: Record<string, BracketGroup["bracket"]> = { ")": "(", "]": "[", "}": "{", ">": "<" };

/**
 * The groups opened and closed on `line`, outside strings and comments, in order of their
 * closing bracket. A `<` counts only as type arguments open (`Name<T`), a `>` only as closing
 * one (not `=>`); a bracket the line does not close (or open) is no group.
 */
export function bracketGroups(line: string): BracketGroup[] {
  const groups: BracketGroup[] = [];
  const open: { index: number; bracket: BracketGroup["bracket"] }[] = [];
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (isQuote(char)) i = stringEnd(line, i) - 1;
    else if (line.startsWith("//", i)) break;
    else if (line.startsWith("/*", i)) i = Math.max(i, line.indexOf("*/", i + 2) + 1) || line.length;
    else if ("([{".includes(char)) open.push({ index: i, bracket: char as BracketGroup["bracket"] });
    else if (char === "<" && /[\w$]/.test(line[i - 1] ?? "") && /[^\s=]/.test(line[i + 1] ?? " "))
      open.push({ index: i, bracket: "<" });
    else if (char in closers && !(char === ">" && line[i - 1] === "=")) {
      // A `<` left open by a `)`, `]` or `}` was a comparison after all.
      while (char !== ">" && open[open.length - 1]?.bracket === "<") open.pop();
      const top = open[open.length - 1];
      if (top?.bracket === closers[char]) {
        open.pop();
        groups.push({ open: top!.index, close: i, bracket: top!.bracket, depth: open.length });
      } else if (char !== ">") open.length = 0;
    }
  }
  return groups;
}

/**
 * `line` with `group` broken over lines, or undefined when the group is not one this breaks
 * (an empty one, an index `a[0]`, a parenthesized expression).
 */
export function breakGroup(line: string, group: BracketGroup, width: number): string | undefined {
  const before = line.slice(0, group.open + 1);
  const inside = line.slice(group.open + 1, group.close).trim();
  const after = line.slice(group.close);
  if (inside === "") return undefined;
  const preceding = line.slice(0, group.open).trimEnd();
  switch (group.bracket) {
    case "<":
      return `${before}\n${splitTopLevel(inside, ", ").join(",\n")}\n${after}`;
    case "[":
      if (/[\w$)\]]$/.test(line.slice(0, group.open))) return undefined;
      return `${before}\n${items(inside, ",")}\n${after}`;
    case "{":
      return `${before}\n${objectMembers(inside, /(\)|=>)$/.test(preceding))}\n${after}`;
    case "(": {
      const arrow = /^(\(\)|\([\w$, ]*\)|[\w$]+) => /.exec(inside);
      if (/[\w$>\])]$/.test(line.slice(0, group.open))) return breakArguments(line, group, width);
      if (arrow) return `${before}${arrow[0].trimEnd()}\n${inside.slice(arrow[0].length)}${after}`;
      if (/^\)( =>|:)/.test(after)) return `${before}\n${items(inside, ",")}\n${after}`;
      return undefined;
    }
  }
}

/** Items one per line, each ended by `separator` (a trailing comma is TypeScript's and prettier's style). */
function items(inside: string, separator: string): string {
  return splitTopLevel(inside, `${separator} `)
    .map((item) => (item.endsWith(separator) ? item : `${item}${separator}`))
    .join("\n");
}

/** An object's properties, or (with `;`) a type literal's members or a block's statements. */
function objectMembers(inside: string, isBlock: boolean): string {
  const statements = isBlock || inside.endsWith(";") || splitTopLevel(inside, "; ").length > 1;
  return items(inside.replace(/;$/, ""), statements ? ";" : ",");
}

/**
 * A call's arguments one per line; but the one array or object literal among simple other
 * arguments, last or followed by one more, stays on the call's lines with its items broken
 * instead (`z.union([`…`], issueMessages)`, `z.refine((value) => …, {`…`})`), as the
 * emitters write `z.looseObject({`…`}, issueMessages)`.
 */
function breakArguments(line: string, group: BracketGroup, width: number): string {
  const before = line.slice(0, group.open + 1);
  const after = line.slice(group.close);
  const args = splitTopLevel(line.slice(group.open + 1, group.close), ", ");
  const literals = args.filter(isLiteral);
  const others = args.filter((arg) => !isLiteral(arg));
  const at = args.indexOf(literals[0]!);
  if (literals.length === 1 && args.length - at <= 2 && others.every((arg) => !/[[{]/.test(arg))) {
    const head = [...args.slice(0, at), literals[0]![0]].join(", ");
    const tail = args
      .slice(at + 1)
      .map((arg) => `, ${arg}`)
      .join("");
    if (before.length + head.length <= width) return hug(`${before}${head}`, literals[0]!, `${tail}${after}`);
  }
  return `${before}\n${args.map((arg) => `${arg},`).join("\n")}\n${after}`;
}

/** A non-empty one-line `[…]` or `{…}` (whose first bracket closes at its end). */
function isLiteral(arg: string): boolean {
  if (!/^[[{]/.test(arg) || arg.length <= 2) return false;
  const group = bracketGroups(arg).find((g) => g.open === 0);
  return group?.close === arg.length - 1;
}

function hug(head: string, literal: string, tail: string): string {
  const inside = literal.slice(1, -1).trim();
  const members = literal.startsWith("[") ? items(inside, ",") : objectMembers(inside, false);
  return `${head}\n${members}\n${literal[literal.length - 1]}${tail}`;
}
