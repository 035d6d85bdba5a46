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
import { indentUnit, maxWidth, splitTopLevel, wrapDocLines } from "./layout.ts";
import { fitCode } from "./line-breaking.ts";

/**
 * Prints the statements of one generated file as TypeScript laid out the way TypeScript's
 * formatter lays it out, in one pass over ts-morph structures with ts-morph's code writer:
 * no source file, no language service, no formatting pass (which is what made generating
 * take seconds). It prints the structures and fields the emitters use; any other field is
 * refused by name rather than dropped. `generate --verify` checks the result against
 * TypeScript's formatter.
 */

export function printStatements(statements: readonly Statement[]): string {
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

function printStatement(writer: CodeBlockWriter, statement: Statement) {
  if (typeof statement === "string") return writeCode(writer, statement);
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
  writeCode(
    writer,
    fitOrBreak(line(`{ ${named.join(", ")} }`), () => line(namedList(named))),
  );
}

/** `{ a, b }` as one name per line, for a list too long for one line. */
function namedList(names: readonly string[]): string {
  return `{\n${names.map((name) => `${name},`).join("\n")}\n}`;
}

/** The one-line form when it fits within `maxWidth` columns, else the broken one. */
function fitOrBreak(oneLine: string, broken: () => string): string {
  return oneLine.length <= maxWidth ? oneLine : broken();
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
  writeCode(
    writer,
    fitOrBreak(`export${type} ${what}${from};`, () => `export${type} ${namedList(named)}${from};`),
  );
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
  writeCode(writer, `${readonly}${property.name}${property.hasQuestionToken ? "?" : ""}${type};`);
}

function printTypeAlias(writer: CodeBlockWriter, structure: TypeAliasDeclarationStructure) {
  supports(structure, "type alias", ["kind", "name", "docs", "isExported", "typeParameters", "type"]);
  printDocs(writer, structure.docs);
  const head = `${modifiers(structure)}type ${structure.name}${typeParameters(structure.typeParameters)} =`;
  const type = text(structure.type);
  const members = type.includes("\n") ? [] : splitTopLevel(type, " | ");
  if (`${head} ${type};`.length <= maxWidth || members.length < 2) {
    writeCode(writer, `${head} ${type};`);
    return;
  }
  // A long union: one member per line, as a person would write it (and diff it).
  writer.write(head);
  for (const member of members) writer.newLine().write(`  | ${member}`);
  writer.write(";");
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
  writeCode(
    writer,
    `${modifiers(structure)}${structure.declarationKind ?? "let"} ${declarations.join(", ")};`,
  );
}

function lastLineLength(writer: CodeBlockWriter): number {
  let length = 0;
  writer.iterateLastChars((char) => {
    if (char === "\n") return true;
    length++;
    return undefined;
  });
  return length;
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
  // The signature with its `{`, so that its last line is measured whole; the block's lines follow.
  writeCode(writer, `${head}${parameters.join(", ")})${returnType} {`);
  writer.indent(() => {
    const statements = structure.statements;
    if (typeof statements === "string" || typeof statements === "function")
      writeCode(writer, text(statements));
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
    const oneLine = given.length <= 1 && indent + (given[0] ?? "").length + 7 <= maxWidth;
    const lines = oneLine ? given : wrapDocLines(given, maxWidth - indent - 3);
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

/**
 * Writes code at the writer's position, its later lines indented as layOut says and its
 * long lines broken (see line-breaking.ts).
 */
function writeCode(writer: CodeBlockWriter, code: string) {
  const indent = writer.getIndentationLevel() * indentUnit;
  const atLineStart = writer.getLength() === 0 || writer.isLastNewLine();
  fitCode(code, atLineStart ? indent : lastLineLength(writer), indent).forEach((line, index) => {
    if (index > 0) writer.newLine();
    if (line.text !== "") writer.write(line.level > 0 ? `${"  ".repeat(line.level)}${line.text}` : line.text);
  });
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
