import { inputShape, inputTypes } from "../../ir/body.ts";
import { enumIsOpen, fieldsIn } from "../../ir/modes.ts";
import { declarationNames, operationNames } from "../../ir/names.ts";
import { referencedNames } from "../../ir/references.ts";
import type {
  Declaration,
  Field,
  Operation,
  SuccessResponse,
  TypeNode,
  UnionDeclaration,
} from "../../ir/types.ts";
import { withWebhookDeclarations } from "../../ir/webhook-declarations.ts";
import { docs } from "../docs.ts";
import { blankLine, constStatement, type Statement, StructureKind, typeAliasStatement } from "../emitter.ts";
import { propertyKey } from "../identifiers.ts";
import { type ImportCollector, importCollector, prependImports } from "../imports.ts";
import type { Emitter } from "../target.ts";
import { describeBounds } from "./bounds-docs.ts";
import { type Mode, Naming } from "./naming.ts";
import { MESSAGES, schemasRuntimeImports } from "./runtime-names.ts";
import { emitTagGuards } from "./tag-guards.ts";
import { printType } from "./ts-printer.ts";
import { printObjectSchema, printSchema } from "./zod-printer.ts";

/**
 * @commerce-api/schemas: for every declaration a TypeScript type and a zod/mini schema of
 * the same name, annotated with that type (so .d.ts files stay small and checking stays
 * fast), and for every operation `<Op>Input` and `<Op>Response`.
 */
export const emitSchemas: Emitter = (api, files) => {
  const naming = new Naming(withWebhookDeclarations(api));
  const resources = files.module("resources.ts");
  const resourceImports = importCollector();
  resourceImports.use("zod/mini", "* as z");
  resourceImports.use("../messages.js", MESSAGES);
  for (const declaration of api.declarations) {
    for (const mode of naming.modesOf(declaration.name)) {
      const start = resources.length;
      emitDeclaration(resources, declaration, mode, naming);
      // The sets of known tags it uses, declared just before it.
      resources.splice(start, 0, ...knownValueSets(naming));
    }
  }

  prependImports(resources, resourceImports);

  const operations = files.module("operations.ts");
  const operationImports = importCollector();
  operationImports.use("zod/mini", "* as z");
  operationImports.use("../messages.js", MESSAGES);
  if (api.operations.some((o) => o.parameters.some((p) => p.style === "json")))
    operationImports.use("../json-text.js", ...schemasRuntimeImports["../json-text.js"]);
  for (const operation of api.operations) emitOperation(operations, operation, naming, operationImports);
  prependImports(operations, operationImports);

  // generated/webhooks.ts (emitWebhookSchemas, webhooks.ts) has an entry of its own,
  // @commerce-api/schemas/webhooks, so an app that never imports it never loads its types.
  files.module("index.ts").push('export * from "./operations.js";', 'export * from "./resources.js";');
};

export function emitDeclaration(file: Statement[], declaration: Declaration, mode: Mode, naming: Naming) {
  file.push(blankLine);
  const name = naming.nameOf(declaration.name, mode);
  const routed = naming.isRoutedVariant(declaration.name);
  const description =
    mode === "input" && naming.strictTwins.has(declaration.name)
      ? `${declaration.description ?? declaration.name} (strict form, for inputs)`
      : declaration.description;
  switch (declaration.kind) {
    case "enum":
      return emitEnum(file, declaration);
    case "object":
      file.push({
        kind: StructureKind.Interface,
        name,
        isExported: true,
        docs: docs(description),
        properties: [
          ...fieldsIn(declaration.fields, mode).map((field) => property(field, mode, naming)),
          ...otherKeys(declaration, mode, naming),
        ],
      });
      return addSchema(
        file,
        name,
        printObjectSchema(
          fieldsIn(declaration.fields, mode),
          mode,
          naming,
          (field) => declaration.recursive && refersToRecursion(field.type, naming),
          declaration.additionalFields,
        ),
        description,
        mode,
        routed,
      );
    case "alias":
      file.push(
        typeAliasStatement({ name, docs: description, type: printType(declaration.type, mode, naming) }),
      );
      return addSchema(file, name, printSchema(declaration.type, mode, naming), description, mode);
    case "union":
      return emitUnion(file, declaration, mode, naming, description);
  }
}

/**
 * A tagged union routes on its discriminator (zod's discriminated union: one lookup, one
 * variant parsed). A union with a fallback for values not known yet, directly or through a
 * variant, also gets `Known<Name>`: the routed part alone. `<Name>` tries that first and
 * falls back only when no known value matched, so unknown values cost one extra parse and
 * known ones nothing.
 */
function emitUnion(
  file: Statement[],
  union: UnionDeclaration,
  mode: Mode,
  naming: Naming,
  description?: string,
) {
  const name = naming.nameOf(union.name, mode);
  const routed = union.variants.map((v) => naming.routedNameOf(v.type, mode));
  const routing = `z.discriminatedUnion(${JSON.stringify(union.discriminator)}, [${routed.join(", ")}], ${MESSAGES})`;
  const discriminable = naming.isRoutedVariant(union.name);
  if (!naming.hasFallback(union.name)) {
    file.push(typeAliasStatement({ name, docs: description, type: routed.join(" | ") }));
    return addSchema(file, name, routing, description, mode, discriminable);
  }
  const known = declarationNames(name).known;
  const knownDescription = `A ${union.name} whose \`${union.discriminator}\` this version of the SDK knows.`;
  file.push(typeAliasStatement({ name: known, docs: knownDescription, type: routed.join(" | ") }));
  addSchema(file, known, routing, knownDescription, mode, discriminable);
  const fallbacks = naming.fallbacksOf(union.name).map((f) => naming.nameOf(f, mode));
  file.push(typeAliasStatement({ name, docs: description, type: [known, ...fallbacks].join(" | ") }));
  addSchema(file, name, `z.union([${[known, ...fallbacks].join(", ")}], ${MESSAGES})`, description, mode);
  if (mode === "response") emitTagGuards(file, union, naming);
}

function emitEnum(file: Statement[], declaration: Extract<Declaration, { kind: "enum" }>) {
  const names = declarationNames(declaration.name);
  const known = names.known;
  file.push(
    constStatement({
      name: names.values,
      docs: `The values of ${declaration.name} this version of the SDK knows.`,
      initializer: `${JSON.stringify(declaration.values)} as const`,
    }),
    typeAliasStatement({
      name: known,
      docs: declaration.description,
      type: declaration.values.map((v) => JSON.stringify(v)).join(" | "),
    }),
    typeAliasStatement({
      name: declaration.name,
      docs: `${declaration.description ?? declaration.name} Values added by the service later are accepted as plain strings.`,
      type: `${known} | (string & {})`,
    }),
  );
  addSchema(file, declaration.name, `z.string(${MESSAGES})`, undefined, "response");
}

export function knownValueSets(naming: Naming): Statement[] {
  return naming.takeUndeclaredSets().flatMap(({ name, values, description }): Statement[] => [
    blankLine,
    constStatement({
      name,
      exported: false,
      docs: description,
      initializer: `/* @__PURE__ */ new Set<string>(${JSON.stringify(values)})`,
    }),
  ]);
}

export function emitOperation(
  file: Statement[],
  operation: Operation,
  naming: Naming,
  imports: ImportCollector,
) {
  file.push(blankLine);
  const names = operationNames(operation);
  emitInput(file, operation, names.input, naming, imports);

  const responseName = names.response;
  for (const response of operation.responses) {
    if (response.body.kind === "json") collectRefs(response.body.type, "response", naming, imports);
  }
  const type = [...new Set(operation.responses.map((r) => responseType(r, naming)))].join(" | ");
  const description = `What ${operation.id} resolves to.`;
  file.push(
    operation.responses.some((response) => response.body.kind === "void")
      ? `/** ${description} */\n// biome-ignore lint/suspicious/noConfusingVoidType: a call answered without a body resolves to nothing, typed as a function that returns nothing is\nexport type ${responseName} = ${type};`
      : typeAliasStatement({ name: responseName, docs: description, type }),
  );
  addSchema(file, responseName, responseSchema(operation.responses, naming), undefined, "response");
}

/**
 * `<Op>Input`: an interface of its fields; or, for a body named as a whole type (ir/body.ts),
 * that type, beside the path and query fields when there are any (one strict object per
 * variant of the body, so an input is checked whole, as one object, like any other).
 */
function emitInput(
  file: Statement[],
  operation: Operation,
  name: string,
  naming: Naming,
  imports: ImportCollector,
) {
  const docs = [`The input of ${operation.id}: path, query and body fields in one object.`];
  const shape = inputShape(operation, (declaration) => naming.declaration(declaration));
  for (const type of inputTypes(operation)) {
    // The variants' schemas spell the body's fields out: its type is named in the type alone.
    if (shape.kind === "variants" && type === operation.body?.spread)
      for (const name of referencedNames(type))
        imports.use("./resources.js", `type ${naming.nameOf(name, "input")}`);
    else collectRefs(type, "input", naming, imports);
  }
  if (shape.kind === "fields") {
    file.push({
      kind: StructureKind.Interface,
      name,
      isExported: true,
      docs,
      properties: shape.fields.map((field) => property(field, "input", naming)),
    });
    return addSchema(
      file,
      name,
      printObjectSchema(shape.fields, "input", naming, () => false),
      undefined,
      "input",
    );
  }
  const body = printType(operation.body!.spread!, "input", naming);
  if (shape.kind === "body") {
    file.push(typeAliasStatement({ name, docs: docs[0], type: body }));
    return addSchema(file, name, printSchema(shape.type, "input", naming), undefined, "input");
  }
  for (const variant of shape.variants)
    for (const field of variant) collectRefs(field.type, "input", naming, imports);
  const fields = operation.parameters.map((field) => {
    const printed = property(field, "input", naming);
    return `${printed.name}${printed.hasQuestionToken ? "?" : ""}: ${printed.type}`;
  });
  file.push(typeAliasStatement({ name, docs: docs[0], type: `{ ${fields.join("; ")} } & (${body})` }));
  const variants = shape.variants.map((fields) => printObjectSchema(fields, "input", naming, () => false));
  addSchema(file, name, `z.union([${variants.join(", ")}], ${MESSAGES})`, undefined, "input");
}

function responseType(response: SuccessResponse, naming: Naming): string {
  switch (response.body.kind) {
    case "void":
    case "null":
      return response.body.kind;
    case "text":
      return "string";
    case "binary":
      return "Blob";
    case "json":
      return printType(response.body.type, "response", naming);
  }
}

function responseSchema(responses: readonly SuccessResponse[], naming: Naming): string {
  const schemas = [
    ...new Set(
      responses.map((response) => {
        // The service sends no body or a JSON null; either way the call resolves to undefined.
        if (response.body.kind === "void")
          return `z.pipe(z.nullish(z.undefined(${MESSAGES})), z.transform((): void => undefined))`;
        if (response.body.kind === "null") return `z.null(${MESSAGES})`;
        if (response.body.kind === "text") return `z.string(${MESSAGES})`;
        if (response.body.kind === "binary") return `z.instanceof(Blob, ${MESSAGES})`;
        return printSchema(response.body.type, "response", naming);
      }),
    ),
  ];
  return schemas.length === 1 ? schemas[0]! : `z.union([${schemas.join(", ")}], ${MESSAGES})`;
}

function addSchema(
  file: Statement[],
  name: string,
  initializer: string,
  description: string | undefined,
  mode: Mode,
  routed = false,
) {
  const base = mode === "input" ? `z.ZodMiniType<${name}, ${name}>` : `z.ZodMiniType<${name}>`;
  const type = routed ? `${base} & z.core.$ZodTypeDiscriminable` : base;
  file.push(constStatement({ name, type, docs: description, initializer: pure(initializer) }));
}

function property(field: Field, mode: Mode, naming: Naming) {
  const notes = [
    field.description,
    mode === "input" ? describeBounds(field.type) : undefined,
    field.default !== undefined ? `@defaultValue ${JSON.stringify(field.default)}` : undefined,
    field.deprecated ? "@deprecated" : undefined,
  ].filter(Boolean);
  return {
    name: propertyKey(field.name),
    type: printType(field.type, mode, naming),
    hasQuestionToken: field.optional,
    docs: docs(notes.join("\n")),
  };
}

/**
 * The index signature of an object's other keys (`additionalFields`): TypeScript wants it to
 * take every field's type too, so it is the union of them all.
 */
function otherKeys(declaration: Extract<Declaration, { kind: "object" }>, mode: Mode, naming: Naming) {
  if (declaration.additionalFields === undefined) return [];
  const types = [
    declaration.additionalFields,
    ...fieldsIn(declaration.fields, mode).map((field) => field.type),
  ];
  const printed = [...new Set(types.map((type) => printType(type, mode, naming))), "undefined"];
  return [
    { name: "[key: string]", type: printed.join(" | "), hasQuestionToken: false, docs: ["Its other keys."] },
  ];
}

function refersToRecursion(type: TypeNode, naming: Naming): boolean {
  return referencedNames(type).some((name) => naming.isRecursive(name));
}

/** Imports from ./resources.js the names a type refers to in a mode, so a file imports exactly those. */
export function collectRefs(type: TypeNode, mode: Mode, naming: Naming, imports: ImportCollector) {
  for (const name of referencedNames(type)) {
    const declaration = naming.declaration(name);
    if (declaration?.kind === "enum" && !enumIsOpen(mode)) {
      const names = declarationNames(name);
      imports.use("./resources.js", names.values, `type ${names.known}`);
    } else imports.use("./resources.js", naming.nameOf(name, mode));
  }
}

/**
 * Bundlers drop an unused `/* @__PURE__ *\/` call only when its arguments are free of
 * side effects, and the nested `z.*()` calls of a schema are not known to be. Wrapping the
 * whole expression in an annotated arrow call makes each unused schema removable, so an app
 * bundles only the schemas its operations reach.
 */
function pure(expression: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(expression)) return expression;
  return `/* @__PURE__ */ (() => ${expression})()`;
}
