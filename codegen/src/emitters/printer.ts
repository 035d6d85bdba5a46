import type {
  ExportDeclarationStructure,
  ExportSpecifierStructure,
  FunctionDeclarationStructure,
  ImportDeclarationStructure,
  ImportSpecifierStructure,
  InterfaceDeclarationStructure,
  JSDocStructure,
  OptionalKind,
  ParameterDeclarationStructure,
  TypeAliasDeclarationStructure,
  TypeParameterDeclarationStructure,
  VariableStatementStructure,
  WriterFunction,
} from "ts-morph";
import { blankLine, type Statement, StructureKind } from "./emitter.ts";

/**
 * Prints the statements of one generated file as TypeScript text from ts-morph structures:
 * no source file, no language service. Biome lays the text out afterwards (format.ts), so
 * this breaks no line and indents nothing; it writes only the blank lines between
 * declarations (which Biome keeps) and wraps doc comments within `lineWidth` (which a
 * formatter leaves alone). It prints the structures and fields the emitters use; any other
 * field is refused by name rather than dropped.
 */
export function printStatements(statements: readonly Statement[], lineWidth: number): string {
  docWidth = lineWidth;
  const text = new PrintedText();
  for (const statement of statements) {
    if (statement === blankLine) {
      text.blankLine();
      continue;
    }
    // A blank line after a closing brace and before an interface or a function; else one statement per line.
    const kind = typeof statement === "object" && "kind" in statement ? statement.kind : undefined;
    if (text.endsWithBrace || kind === StructureKind.Interface || kind === StructureKind.Function)
      text.blankLine();
    else text.endLine();
    text.append(printStatement(statement, 0));
  }
  text.endLine();
  return text.toString();
}

/**
 * The text printed so far, kept as its pieces with the little its next piece depends on (its
 * last two characters, and whether its last non-blank character closes a brace), so that
 * printing costs time in proportion to the output: asking the whole text again for each
 * statement made printing grow with the square of a file's size.
 */
class PrintedText {
  private readonly pieces: string[] = [];
  private tail = "";
  /** Whether the text's last non-whitespace character is a `}`. */
  endsWithBrace = false;

  append(piece: string) {
    if (piece === "") return;
    this.pieces.push(piece);
    this.tail = (this.tail + piece.slice(-2)).slice(-2);
    const content = piece.trimEnd();
    if (content !== "") this.endsWithBrace = content.endsWith("}");
  }

  /** Ends the current line, unless the text is empty or the line already ended. */
  endLine() {
    if (this.tail !== "" && !this.tail.endsWith("\n")) this.append("\n");
  }

  /** Ends the current line and leaves one blank line, unless the text is empty or one is there. */
  blankLine() {
    if (this.tail === "" || this.tail === "\n\n") return;
    this.append(this.tail.endsWith("\n") ? "\n" : "\n\n");
  }

  toString() {
    return this.pieces.join("");
  }
}

/**
 * The width doc comments are wrapped within: Biome's, which generated and hand-written code
 * share. Set by printStatements, which runs through synchronously.
 */
let docWidth = 0;

function printStatement(statement: Statement, depth: number): string {
  if (typeof statement === "string") return wrapOneLineDocs(statement);
  if (!("kind" in statement)) return ""; // a blank line, which printStatements writes
  switch (statement.kind) {
    case StructureKind.ImportDeclaration:
      return printImport(statement);
    case StructureKind.ExportDeclaration:
      return printExport(statement);
    case StructureKind.Interface:
      return printInterface(statement, depth);
    case StructureKind.TypeAlias:
      return printTypeAlias(statement, depth);
    case StructureKind.VariableStatement:
      return printVariableStatement(statement, depth);
    case StructureKind.Function:
      return printFunction(statement, depth);
    default:
      throw new Error(
        `printer.ts cannot print a statement of StructureKind ${statement.kind}; add it there (and to StructureKind in emitter.ts)`,
      );
  }
}

function printImport(structure: ImportDeclarationStructure): string {
  supports(structure, "import", ["kind", "moduleSpecifier", "isTypeOnly", "namespaceImport", "namedImports"]);
  const named = specifiers(structure.namedImports);
  const clause = structure.namespaceImport ? `* as ${structure.namespaceImport}` : `{ ${named.join(", ")} }`;
  return `import${structure.isTypeOnly ? " type" : ""} ${clause} from ${JSON.stringify(structure.moduleSpecifier)};`;
}

function printExport(structure: ExportDeclarationStructure): string {
  supports(structure, "export", ["kind", "moduleSpecifier", "isTypeOnly", "namedExports"]);
  const named = specifiers(structure.namedExports);
  // With nothing named and nowhere to export from, ts-morph's `export { }`: a file that is a module and exports nothing.
  const what = named.length > 0 ? `{ ${named.join(", ")} }` : structure.moduleSpecifier ? "*" : "{ }";
  const from = structure.moduleSpecifier ? ` from ${JSON.stringify(structure.moduleSpecifier)}` : "";
  return `export${structure.isTypeOnly ? " type" : ""} ${what}${from};`;
}

type Specifiers = ImportDeclarationStructure["namedImports"] | ExportDeclarationStructure["namedExports"];

function specifiers(list: Specifiers): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error("printer.ts: write named imports and exports as a list");
  return list.map(
    (
      specifier: string | WriterFunction | OptionalKind<ImportSpecifierStructure | ExportSpecifierStructure>,
    ) => {
      if (typeof specifier !== "object") return text(specifier);
      supports(specifier, "import specifier", ["kind", "name", "alias", "isTypeOnly"]);
      const alias = specifier.alias ? ` as ${specifier.alias}` : "";
      return `${specifier.isTypeOnly ? "type " : ""}${specifier.name}${alias}`;
    },
  );
}

function printInterface(structure: InterfaceDeclarationStructure, depth: number): string {
  supports(structure, "interface", [
    "kind",
    "name",
    "docs",
    "isExported",
    "typeParameters",
    "extends",
    "properties",
  ]);
  const bases = typeof structure.extends === "function" ? [structure.extends] : (structure.extends ?? []);
  const extended = bases.length > 0 ? `extends ${bases.map(text).join(", ")} ` : "";
  const properties = (structure.properties ?? []).map((property) => {
    supports(property, "property", ["kind", "name", "docs", "type", "hasQuestionToken"]);
    const type = property.type === undefined ? "" : `: ${text(property.type)}`;
    return `${docsText(property.docs, depth + 1)}${property.name}${property.hasQuestionToken ? "?" : ""}${type};\n`;
  });
  // An interface with nothing in it is one on purpose (an operation without input fields, a kind
  // the service gives no fields): written as its siblings are, and unlike `{}` or a record, it
  // drops out of a union narrowed by `in`.
  const allowEmpty =
    properties.length === 0 && bases.length === 0
      ? "// biome-ignore lint/suspicious/noEmptyInterface: a type without fields, written as its siblings are\n"
      : "";
  return `${docsText(structure.docs, depth)}${allowEmpty}${modifiers(structure)}interface ${structure.name}${typeParameters(structure.typeParameters)} ${extended}{\n${properties.join("")}}`;
}

function printTypeAlias(structure: TypeAliasDeclarationStructure, depth: number): string {
  supports(structure, "type alias", ["kind", "name", "docs", "isExported", "typeParameters", "type"]);
  const name = `${structure.name}${typeParameters(structure.typeParameters)}`;
  return `${docsText(structure.docs, depth)}${modifiers(structure)}type ${name} = ${text(structure.type)};`;
}

function printVariableStatement(structure: VariableStatementStructure, depth: number): string {
  supports(structure, "variable statement", [
    "kind",
    "docs",
    "isExported",
    "declarationKind",
    "declarations",
  ]);
  const declarations = structure.declarations.map((declaration) => {
    supports(declaration, "variable declaration", ["kind", "name", "type", "initializer"]);
    const type = declaration.type === undefined ? "" : `: ${text(declaration.type)}`;
    const value = declaration.initializer === undefined ? "" : ` = ${text(declaration.initializer)}`;
    return `${declaration.name}${type}${value}`;
  });
  return `${docsText(structure.docs, depth)}${modifiers(structure)}${structure.declarationKind ?? "let"} ${declarations.join(", ")};`;
}

function printFunction(structure: FunctionDeclarationStructure, depth: number): string {
  supports(structure, "function", [
    "kind",
    "name",
    "docs",
    "isExported",
    "typeParameters",
    "parameters",
    "returnType",
    "statements",
  ]);
  const name = structure.name ? ` ${structure.name}` : "";
  const head = `${modifiers(structure)}function${name}${typeParameters(structure.typeParameters)}`;
  const parameters = (structure.parameters ?? []).map(parameterText).join(", ");
  const returnType = structure.returnType === undefined ? "" : `: ${text(structure.returnType)}`;
  const statements = structure.statements;
  const body =
    typeof statements === "string" || typeof statements === "function"
      ? text(statements)
      : (statements ?? []).map((statement) => printStatement(statement as Statement, depth + 1)).join("\n");
  return `${docsText(structure.docs, depth)}${head}(${parameters})${returnType} {\n${body}\n}`;
}

function parameterText(parameter: OptionalKind<ParameterDeclarationStructure>): string {
  supports(parameter, "parameter", ["kind", "name", "type", "hasQuestionToken", "initializer"]);
  const name = `${parameter.name}${parameter.hasQuestionToken ? "?" : ""}`;
  const type = parameter.type === undefined ? "" : `: ${text(parameter.type)}`;
  const initializer = parameter.initializer === undefined ? "" : ` = ${text(parameter.initializer)}`;
  return `${name}${type}${initializer}`;
}

function modifiers(structure: { isExported?: boolean }) {
  return structure.isExported ? "export " : "";
}

function typeParameters(
  parameters: readonly (string | OptionalKind<TypeParameterDeclarationStructure>)[] | undefined,
): string {
  if (!parameters || parameters.length === 0) return "";
  const printed = parameters.map((parameter) => {
    if (typeof parameter === "string") return parameter;
    supports(parameter, "type parameter", ["kind", "name", "constraint", "default"]);
    const constraint = parameter.constraint !== undefined ? ` extends ${text(parameter.constraint)}` : "";
    const fallback = parameter.default !== undefined ? ` = ${text(parameter.default)}` : "";
    return `${parameter.name}${constraint}${fallback}`;
  });
  return `<${printed.join(", ")}>`;
}

/**
 * TSDoc as ts-morph prints it, each comment on lines of its own: one line when the text is
 * one line and fits, else one ` * ` line per line, wrapped within the width at `depth`.
 */
function docsText(
  docs: readonly (string | OptionalKind<JSDocStructure>)[] | undefined,
  depth: number,
): string {
  return (docs ?? [])
    .map((doc) => {
      if (typeof doc !== "string") throw new Error("printer.ts: write docs as strings (see docs.ts)");
      const given = doc.split(/\r?\n/);
      if (given[0] === "") given.shift();
      const indent = depth * 2;
      if (given.length <= 1 && indent + (given[0] ?? "").length + 7 <= docWidth)
        return `/** ${given[0] ?? ""} */\n`;
      const lines = wrapDocLines(given, docWidth - indent - 3);
      return `/**\n${lines.map((line) => (line.length > 0 ? ` * ${line}\n` : " *\n")).join("")} */\n`;
    })
    .join("");
}

/** Code as given: the emitters write strings (a writer function is ts-morph's, for other printers). */
function text(value: string | WriterFunction): string {
  if (typeof value !== "string") throw new Error("printer.ts: write code as strings");
  return value;
}

/** Literal code's one-line doc comments (`/** … *\/`) wrapped when too long, as structures' docs are. */
function wrapOneLineDocs(code: string): string {
  return code.replace(/^( *)\/\*\* (.*) \*\/$/gm, (line, indent: string, text: string) => {
    if (line.length <= docWidth) return line;
    const lines = wrapDocLines([text], docWidth - indent.length - 3).map((l) => `${indent} * ${l}`);
    return [`${indent}/**`, ...lines, `${indent} */`].join("\n");
  });
}

/**
 * Doc lines refilled within `width`: a paragraph's lines (a line break inside a TSDoc
 * paragraph is only a space) joined and broken again at spaces, so that text written for
 * another width reads evenly. A blank line, a tag (`@returns`), a list item, a table row
 * and a code fence start a line of their own, and a fence's lines stay as they are.
 */
function wrapDocLines(lines: readonly string[], width: number): string[] {
  const paragraphs: string[] = [];
  let inFence = false;
  for (const line of lines) {
    const fence = line.startsWith("```");
    const previous = paragraphs.at(-1);
    const continues =
      !inFence &&
      !fence &&
      previous !== undefined &&
      previous !== "" &&
      line !== "" &&
      !/^(@|- |\* |\||```)/.test(line);
    if (continues && !previous.startsWith("```")) paragraphs[paragraphs.length - 1] = `${previous} ${line}`;
    else paragraphs.push(line);
    if (fence) inFence = !inFence;
  }
  inFence = false;
  const wrapped: string[] = [];
  for (const line of paragraphs) {
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

/** Refuses a structure field this printer does not print, so nothing an emitter sets is lost silently. */
function supports(structure: object, what: string, fields: readonly string[]) {
  for (const [field, value] of Object.entries(structure)) {
    const unset = value === undefined || value === false || (Array.isArray(value) && value.length === 0);
    if (!unset && !fields.includes(field)) {
      throw new Error(`printer.ts does not print the '${field}' of a ${what} structure; add it there`);
    }
  }
}
