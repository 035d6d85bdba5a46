/**
 * Parser for the spec's type expressions (`uuid | uuid[]`, `record<string>`, `Page<Event>`).
 * Every node keeps the character offset where it starts, so a problem deep inside an
 * expression is reported at its own column.
 */
export type TypeExpression =
  | { kind: "name"; name: string; offset: number }
  | { kind: "literal"; value: string | number | boolean; offset: number }
  | { kind: "array"; items: TypeExpression; offset: number }
  | { kind: "union"; members: TypeExpression[]; offset: number }
  | { kind: "generic"; name: string; args: TypeExpression[]; offset: number };

export class TypeExpressionError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

type Token = { text: string; offset: number };

const tokenPattern =
  /\s*(?:([A-Za-z_][A-Za-z0-9_.:-]*)|('[^']*')|(-?\d+(?:\.\d+)?(?![\w.]))|(\[\])|([|()<>,]))/y;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  tokenPattern.lastIndex = 0;
  while (tokenPattern.lastIndex < source.length) {
    const start = tokenPattern.lastIndex;
    if (/^\s*$/.test(source.slice(start))) break;
    const match = tokenPattern.exec(source);
    if (!match) {
      const offset = start + (source.slice(start).length - source.slice(start).trimStart().length);
      throw new TypeExpressionError(
        `unexpected character '${source[offset]}'; type names are letters, digits and _, literals are 'quoted', numbers or true/false`,
        offset,
      );
    }
    const text = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5]!;
    tokens.push({ text, offset: match.index + match[0].length - text.length });
  }
  return tokens;
}

/** `true`, `false` and numbers are literals of their own; any other word is a type name. */
function keywordOrNumber(text: string): boolean | number | undefined {
  if (text === "true" || text === "false") return text === "true";
  return /^-?\d/.test(text) ? Number(text) : undefined;
}

export function parseTypeExpression(source: string): TypeExpression {
  const tokens = tokenize(source);
  let position = 0;
  const peek = () => tokens[position];
  const end = () => ({ text: "end of expression", offset: source.length });

  function expect(text: string): Token {
    const token = peek() ?? end();
    if (token.text !== text) {
      const found = peek() ? `found '${token.text}'` : "the expression ends";
      throw new TypeExpressionError(`expected '${text}' but ${found}; add '${text}'`, token.offset);
    }
    position++;
    return token;
  }

  function union(): TypeExpression {
    const first = postfix();
    const members = [first];
    while (peek()?.text === "|") {
      position++;
      members.push(postfix());
    }
    return members.length === 1 ? first : { kind: "union", members, offset: first.offset };
  }

  function postfix(): TypeExpression {
    let type = primary();
    while (peek()?.text === "[]") {
      position++;
      type = { kind: "array", items: type, offset: type.offset };
    }
    return type;
  }

  function primary(): TypeExpression {
    const token = peek();
    if (!token) {
      const previous = tokens[position - 1]?.text;
      const message = previous
        ? `expected a type after '${previous}' but the expression ends; add one${previous === "|" ? " or remove the '|'" : ""}`
        : "the type expression is empty; write a type such as `string`";
      throw new TypeExpressionError(message, source.length);
    }
    if (token.text === "(") {
      position++;
      const inner = union();
      expect(")");
      return inner;
    }
    if (token.text.startsWith("'")) {
      position++;
      return { kind: "literal", value: token.text.slice(1, -1), offset: token.offset };
    }
    const literal = keywordOrNumber(token.text);
    if (literal !== undefined) {
      position++;
      return { kind: "literal", value: literal, offset: token.offset };
    }
    if (!/^[A-Za-z_]/.test(token.text)) {
      throw new TypeExpressionError(`expected a type name but found '${token.text}'`, token.offset);
    }
    position++;
    if (peek()?.text !== "<") return { kind: "name", name: token.text, offset: token.offset };
    position++;
    const args = [union()];
    while (peek()?.text === ",") {
      position++;
      args.push(union());
    }
    expect(">");
    return { kind: "generic", name: token.text, args, offset: token.offset };
  }

  const result = union();
  const rest = peek();
  if (rest) {
    const fix = /^[A-Za-z_']/.test(rest.text) ? "join types with '|' or remove it" : "remove it";
    throw new TypeExpressionError(`unexpected '${rest.text}' after the type; ${fix}`, rest.offset);
  }
  return result;
}
