import { inputShape } from "../../ir/body.ts";
import { fieldsIn, type Mode, ModeAnalysis } from "../../ir/modes.ts";
import { operationNames } from "../../ir/names.ts";
import type { Operation, SuccessResponse, UnionDeclaration } from "../../ir/types.ts";
import { withWebhookDeclarations } from "../../ir/webhook-declarations.ts";
import { webhookUnionNames } from "../../ir/webhooks.ts";
import { blankLine, constStatement, functionStatement, type Statement } from "../emitter.ts";
import { access } from "../identifiers.ts";
import { importCollector, prependImports } from "../imports.ts";
import type { Emitter } from "../target.ts";
import { CheckCompiler } from "./checks.ts";
import { responseValidatorName, routedValidatorName, validatorName, variantsName } from "./names.ts";

/**
 * @commerce-api/client's validators: each operation's input and each JSON response body
 * compiled from the IR into plain functions (checks.ts), which the client runs instead of
 * the zod schemas of @commerce-api/schemas, with the same outcome and the same issues, for
 * a fraction of the bundle and the time. Their runtime is the client's src/validate.ts.
 */
/** The input's validator, of the shape ir/body.ts gives it, as the schemas' `<Op>Input` is printed. */
function emitInputValidator(compiler: CheckCompiler, modes: ModeAnalysis, operation: Operation) {
  const name = operationNames(operation).inputValidator;
  const shape = inputShape(operation, (declaration) => modes.declaration(declaration));
  switch (shape.kind) {
    case "fields":
      return compiler.exportFunction(name, compiler.objectStatements(shape.fields, "input"));
    case "body":
      return compiler.exportFunction(name, [`return ${compiler.call(compiler.check(shape.type, "input"))};`]);
    case "variants": {
      const stem = name.replace(/^validate/, "");
      const variants = shape.variants.map((fields, index) =>
        compiler.objectCheck(`${stem}Variant${index + 1}`, fields, "input"),
      );
      return compiler.unionOf(variants, name);
    }
  }
}

export const emitValidators: Emitter = (api, files) => {
  const modes = new ModeAnalysis(withWebhookDeclarations(api));
  const compiler = new CheckCompiler(modes);
  for (const operation of api.operations) {
    emitInputValidator(compiler, modes, operation);
    for (const response of operation.responses) {
      if (response.body.kind !== "json") continue;
      const named = responseValidator(operation, response);
      const check = compiler.check(response.body.type, "response");
      if (named !== check) compiler.exportFunction(named, [`return ${compiler.call(check)};`]);
    }
  }
  compilePending(compiler, modes);
  // validateWebhookEvent, for the sandbox and for apps that check an event's data; after the
  // operations' validators, so theirs come out as they would without webhooks.
  if (api.webhooks.length > 0) compiler.declaration(webhookUnionNames.union, "response");
  compilePending(compiler, modes);

  const file = files.module("validators.ts");
  const imports = importCollector();
  imports.use("../validate.js", ...compiler.runtime, "type Key", "type Problem");
  for (const constant of compiler.constants.values()) {
    file.push(constStatement({ ...constant, exported: false }));
  }
  const functions = [...compiler.functions.values()];
  for (const fn of [...functions.filter((f) => f.exported), ...functions.filter((f) => !f.exported)]) {
    file.push(
      blankLine,
      functionStatement({
        name: fn.name,
        isExported: fn.exported,
        docs: fn.exported ? `Checks ${describe(fn.name)} (see src/validate.ts).` : undefined,
        parameters: [
          { name: "value", type: "unknown" },
          { name: "problems", type: "Problem[]" },
          { name: "key", type: "Key", hasQuestionToken: true },
        ],
        returnType: "unknown",
        statements: fn.statements.join("\n"),
      }) satisfies Statement,
    );
  }
  prependImports(file, imports);
};

/**
 * The validator the client runs on a JSON response: a named type's own, else the
 * operation's (one per status when several statuses have bodies of their own shape).
 */
export function responseValidator(operation: Operation, response: SuccessResponse): string {
  if (response.body.kind !== "json") throw new Error(`${operation.id} ${response.status} has no JSON body`);
  const type = response.body.type;
  if (type.kind === "ref" && type.target !== "enum") return validatorName(type.name);
  const unnamed = operation.responses.filter(
    (r) => r.body.kind === "json" && !(r.body.type.kind === "ref" && r.body.type.target !== "enum"),
  );
  return responseValidatorName(operation, unnamed.length > 1 ? response.status : undefined);
}

function compilePending(compiler: CheckCompiler, modes: ModeAnalysis) {
  for (let next = compiler.nextPending(); next; next = compiler.nextPending())
    compileDeclaration(compiler, modes, next.name, next.mode);
}

function compileDeclaration(compiler: CheckCompiler, modes: ModeAnalysis, name: string, mode: Mode) {
  const declaration = modes.declaration(name);
  const validator = validatorName(modes.nameOf(name, mode));
  switch (declaration?.kind) {
    case "object":
      compiler.exportFunction(
        validator,
        compiler.objectStatements(fieldsIn(declaration.fields, mode), mode, declaration.additionalFields),
      );
      return;
    case "alias":
      compiler.exportFunction(validator, [
        `return ${compiler.call(compiler.check(declaration.type, mode))};`,
      ]);
      return;
    case "union":
      return compileUnion(compiler, modes, declaration, mode);
    default:
      throw new Error(`no validator for ${name} (${declaration?.kind ?? "undeclared"})`);
  }
}

/**
 * A tagged union routes on its tag (one lookup, one variant checked), as zod's
 * discriminated union does; one with variants for tags not known yet tries that routing
 * first and the fallbacks after, as the schema's `z.union([Known<Name>, ...])` does.
 */
function compileUnion(compiler: CheckCompiler, modes: ModeAnalysis, union: UnionDeclaration, mode: Mode) {
  const schemaName = modes.nameOf(union.name, mode);
  const routed = routedValidatorName(modes, union.name, mode);
  const variants = union.variants.map((variant) => {
    const check = compiler.declaration(variant.type, mode);
    const known = modes.hasFallback(variant.type)
      ? validatorName(modes.routedNameOf(variant.type, mode))
      : check;
    return `[${JSON.stringify(variant.value)}, ${known}]`;
  });
  // The one list of the union's tags: routing reads it, and so do the problem of an
  // unknown tag and the fallbacks' tag checks (otherString), from its keys.
  compiler.use("type Check");
  const table = compiler.constant(
    variantsName(routed),
    `/* @__PURE__ */ new Map<unknown, Check>([${variants.join(", ")}])`,
  );
  compiler.exportFunction(routed, [
    `if (!${compiler.use("isObject")}(value)) return ${compiler.use("notObject")}(value, problems, key);`,
    `const variant = ${table}.get(value${access(union.discriminator)});`,
    `return variant ? variant(value, problems, key) : ${compiler.use("unknownTag")}(value, problems, ${JSON.stringify(union.discriminator)}, ${table}, key);`,
  ]);
  if (!modes.hasFallback(union.name)) return;
  const fallbacks = modes.fallbacksOf(union.name).map((f) => compiler.declaration(f, mode));
  compiler.unionOf([routed, ...fallbacks], validatorName(schemaName));
}

function describe(validator: string): string {
  return `a \`${validator.replace(/^validate/, "")}\``;
}
