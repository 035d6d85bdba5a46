import CodeBlockWriter from "code-block-writer";
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
  PropertySignatureStructure,
  TypeAliasDeclarationStructure,
  TypeParameterDeclarationStructure,
  VariableStatementStructure,
  WriterFunction,
} from "ts-morph";
import { type Statement, StructureKind } from "./emitter.ts";

/**
 * Prints the statements of one generated file as TypeScript, in one pass over ts-morph
 * structures with ts-morph's code writer: no source file, no language service. Biome lays
 * the text out afterwards (format.ts), so this breaks no line but doc comments, which a
 * formatter leaves as they are: those are wrapped within `lineWidth`. It prints the
 * structures and fields the emitters use; any other field is refused by name rather than
 * dropped.
 */
export function printStatements(statements: readonly Statement[], lineWidth: number): string {
  docWidth = lineWidth;
  const writer = new CodeBlockWriter({ indentNumberOfSpaces: 2, newLine: "\n", useSingleQuote: false });
  for (const statement of statements) {
    // ts-morph's spacing: a blank line after a closing brace, else one statement per line.
    if (lastNonWhitespaceChar(writer) === "}") writer.blankLineIfLastNot();
    else if (!writer.isAtStartOfFirstLineOfBlock()) writer.newLineIfLastNot();
    printStatement(writer, statement);
  }
  if (!writer.isAtStartOfFirstLineOfBlock() && !writer.isLastNewLine()) writer.newLine();
  return writer.toString();
}

/**
 * The width doc comments are wrapped within: Biome's, which generated and hand-written code
 * share. Set by printStatements, which runs through synchronously.
 */
let docWidth = 0;

function printStatement(writer: CodeBlockWriter, statement: Statement) {
  if (typeof statement === "string") return writer.write(wrapOneLineDocs(statement));
  if (typeof statement === "function") return statement(writer);
  switch (statement.kind) {
    case StructureKind.ImportDeclaration:
      return printImport(writer, statement);
    case StructureKind.ExportDeclaration:
      return printExport(writer, statement);
    case StructureKind.Interface:
      ensureBlankLine(writer);
      return printInterface(writer, statement);
    case StructureKind.TypeAlias:
      return printTypeAlias(writer, statement);
    case StructureKind.VariableStatement:
      return printVariableStatement(writer, statement);
    case StructureKind.Function:
      ensureBlankLine(writer);
      return printFunction(writer, statement);
    default:
      throw new Error(
        `printer.ts cannot print a statement of StructureKind ${statement.kind}; add it there (and to StructureKind in emitter.ts)`,
      );
  }
}

function printImport(writer: CodeBlockWriter, structure: ImportDeclarationStructure) {
  supports(structure, "import", [
    "kind",
    "moduleSpecifier",
    "isTypeOnly",
    "defaultImport",
    "namespaceImport",
    "namedImports",
  ]);
  const named = specifiers(structure.namedImports);
  const type = structure.isTypeOnly ? " type" : "";
  const line = (list: string) => {
    const clauses = [
      structure.defaultImport,
      structure.namespaceImport && `* as ${structure.namespaceImport}`,
      named.length > 0 && list,
    ].filter(Boolean);
    const from = clauses.length > 0 ? ` ${clauses.join(", ")} from` : "";
    return `import${type}${from} ${JSON.stringify(structure.moduleSpecifier)};`;
  };
  writer.write(line(`{ ${named.join(", ")} }`));
}

function printExport(writer: CodeBlockWriter, structure: ExportDeclarationStructure) {
  supports(structure, "export", ["kind", "moduleSpecifier", "isTypeOnly", "namedExports", "namespaceExport"]);
  const named = specifiers(structure.namedExports);
  const type = structure.isTypeOnly ? " type" : "";
  // With nothing named and nowhere to export from, ts-morph's `export { }`: a file that is a module and exports nothing.
  const what =
    named.length > 0
      ? `{ ${named.join(", ")} }`
      : structure.namespaceExport
        ? `* as ${structure.namespaceExport}`
        : structure.moduleSpecifier
          ? "*"
          : "{ }";
  const from = structure.moduleSpecifier ? ` from ${JSON.stringify(structure.moduleSpecifier)}` : "";
  writer.write(`export${type} ${what}${from};`);
}

type Specifiers = ImportDeclarationStructure["namedImports"] | ExportDeclarationStructure["namedExports"];

function specifiers(list: Specifiers): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error("printer.ts: write named imports and exports as a list");
  return list.map(
    (
      specifier: string | WriterFunction | OptionalKind<ImportSpecifierStructure | ExportSpecifierStructure>,
    ) => {
      if (typeof specifier === "string") return specifier;
      if (typeof specifier === "function") return text(specifier);
      supports(specifier, "import specifier", ["kind", "name", "alias", "isTypeOnly"]);
      const alias = specifier.alias ? ` as ${specifier.alias}` : "";
      return `${specifier.isTypeOnly ? "type " : ""}${specifier.name}${alias}`;
    },
  );
}

function printInterface(writer: CodeBlockWriter, structure: InterfaceDeclarationStructure) {
  supports(structure, "interface", [
    "kind",
    "name",
    "docs",
    "isExported",
    "isDefaultExport",
    "typeParameters",
    "extends",
    "properties",
  ]);
  printDocs(writer, structure.docs);
  writer.write(
    `${modifiers(structure)}interface ${structure.name}${typeParameters(structure.typeParameters)} `,
  );
  const bases = typeof structure.extends === "function" ? [structure.extends] : (structure.extends ?? []);
  if (bases.length > 0) writer.write(`extends ${bases.map(text).join(", ")} `);
  writer.inlineBlock(() => {
    for (const property of structure.properties ?? []) {
      writer.newLineIfLastNot();
      printProperty(writer, property);
    }
  });
}

function printProperty(writer: CodeBlockWriter, property: OptionalKind<PropertySignatureStructure>) {
  supports(property, "property", ["kind", "name", "docs", "type", "hasQuestionToken", "isReadonly"]);
  printDocs(writer, property.docs);
  const readonly = property.isReadonly ? "readonly " : "";
  const type = property.type === undefined ? "" : `: ${text(property.type)}`;
  writer.write(`${readonly}${property.name}${property.hasQuestionToken ? "?" : ""}${type};`);
}

function printTypeAlias(writer: CodeBlockWriter, structure: TypeAliasDeclarationStructure) {
  supports(structure, "type alias", ["kind", "name", "docs", "isExported", "typeParameters", "type"]);
  printDocs(writer, structure.docs);
  const head = `${modifiers(structure)}type ${structure.name}${typeParameters(structure.typeParameters)} =`;
  writer.write(`${head} ${text(structure.type)};`);
}

function printVariableStatement(writer: CodeBlockWriter, structure: VariableStatementStructure) {
  supports(structure, "variable statement", [
    "kind",
    "docs",
    "isExported",
    "declarationKind",
    "declarations",
  ]);
  printDocs(writer, structure.docs);
  const declarations = structure.declarations.map((declaration) => {
    supports(declaration, "variable declaration", ["kind", "name", "type", "initializer"]);
    const type = declaration.type === undefined ? "" : `: ${text(declaration.type)}`;
    const value = declaration.initializer === undefined ? "" : ` = ${text(declaration.initializer)}`;
    return `${declaration.name}${type}${value}`;
  });
  writer.write(`${modifiers(structure)}${structure.declarationKind ?? "let"} ${declarations.join(", ")};`);
}

function printFunction(writer: CodeBlockWriter, structure: FunctionDeclarationStructure) {
  supports(structure, "function", [
    "kind",
    "name",
    "docs",
    "isExported",
    "isDefaultExport",
    "isAsync",
    "typeParameters",
    "parameters",
    "returnType",
    "statements",
  ]);
  printDocs(writer, structure.docs);
  const name = structure.name ? ` ${structure.name}` : "";
  const head = `${modifiers(structure)}function${name}${typeParameters(structure.typeParameters)}(`;
  const parameters = (structure.parameters ?? []).map(parameterText);
  const returnType = structure.returnType === undefined ? "" : `: ${text(structure.returnType)}`;
  writer.write(`${head}${parameters.join(", ")})${returnType} {`);
  writer.indent(() => {
    const statements = structure.statements;
    if (typeof statements === "string" || typeof statements === "function") writer.write(text(statements));
    else
      for (const statement of statements ?? []) {
        writer.newLineIfLastNot();
        printStatement(writer, statement);
      }
  });
  writer.newLineIfLastNot().write("}");
}

function parameterText(parameter: OptionalKind<ParameterDeclarationStructure>): string {
  supports(parameter, "parameter", [
    "kind",
    "name",
    "type",
    "hasQuestionToken",
    "initializer",
    "isRestParameter",
  ]);
  const name = `${parameter.isRestParameter ? "..." : ""}${parameter.name}${parameter.hasQuestionToken ? "?" : ""}`;
  const type = parameter.type === undefined ? "" : `: ${text(parameter.type)}`;
  const initializer = parameter.initializer === undefined ? "" : ` = ${text(parameter.initializer)}`;
  return `${name}${type}${initializer}`;
}

function modifiers(structure: { isExported?: boolean; isDefaultExport?: boolean; isAsync?: boolean }) {
  const exported = structure.isDefaultExport ? "export default " : structure.isExported ? "export " : "";
  return `${exported}${structure.isAsync ? "async " : ""}`;
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

/** TSDoc as ts-morph prints it: one line when the text is one line, else one ` * ` line per line. */
function printDocs(
  writer: CodeBlockWriter,
  docs: readonly (string | OptionalKind<JSDocStructure>)[] | undefined,
) {
  for (const doc of docs ?? []) {
    if (typeof doc !== "string") throw new Error("printer.ts: write docs as strings (see docs.ts)");
    const given = doc.split(/\r?\n/);
    if (given[0] === "") given.shift();
    const indent = writer.getIndentationLevel() * 2;
    const oneLine = given.length <= 1 && indent + (given[0] ?? "").length + 7 <= docWidth;
    const lines = oneLine ? given : wrapDocLines(given, docWidth - indent - 3);
    if (oneLine) writer.write(`/** ${lines[0] ?? ""} */`);
    else {
      writer.write("/**").newLine();
      for (const line of lines) writer.write(line.length > 0 ? ` * ${line}` : " *").newLine();
      writer.write(" */");
    }
    writer.newLine();
  }
}

function ensureBlankLine(writer: CodeBlockWriter) {
  if (!writer.isAtStartOfFirstLineOfBlock()) writer.blankLineIfLastNot();
}

function lastNonWhitespaceChar(writer: CodeBlockWriter): string | undefined {
  // Walks back from the end: the writer's text grows with the file, so reading it whole per statement would be quadratic.
  return writer.iterateLastChars((char) => (/\s/.test(char) ? undefined : char));
}

function text(value: string | WriterFunction): string {
  if (typeof value === "string") return value;
  const writer = new CodeBlockWriter({ indentNumberOfSpaces: 2, newLine: "\n", useSingleQuote: false });
  value(writer);
  return writer.toString();
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
 * Doc lines longer than `width` broken at spaces (a line break inside a TSDoc paragraph is
 * only a space), except in code fences and a line that is one word.
 */
function wrapDocLines(lines: readonly string[], width: number): string[] {
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

/** Refuses a structure field this printer does not print, so nothing an emitter sets is lost silently. */
function supports(structure: object, what: string, fields: readonly string[]) {
  for (const [field, value] of Object.entries(structure)) {
    const unset = value === undefined || value === false || (Array.isArray(value) && value.length === 0);
    if (!unset && !fields.includes(field)) {
      throw new Error(`printer.ts does not print the '${field}' of a ${what} structure; add it there`);
    }
  }
}
