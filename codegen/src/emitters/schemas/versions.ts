import type { Declaration, TypeNode } from "../../ir/types.ts";
import { withWebhookDeclarations } from "../../ir/webhook-declarations.ts";
import type { Statement } from "../emitter.ts";
import { importCollector, prependImports } from "../imports.ts";
import type { FileSet } from "../target.ts";
import { exportedNames, reExport, relocateModule, versionViews } from "../versions.ts";
import { collectRefs, emitDeclaration, emitOperation, knownValueSets } from "./emit-schemas.ts";
import { Naming } from "./naming.ts";
import { MESSAGES, schemasRuntimeImports } from "./runtime-names.ts";

/**
 * `@commerce-api/schemas/<version>` for each version of the spec: `generated/<version>/index.ts`
 * is everything of the package's root, with the schemas and types the version changes
 * (ir/versions.ts) in place of the roots'. Only those are printed again, in the version's
 * `resources.ts` and `operations.ts`; every other schema is the roots', imported.
 */
export function emitSchemaVersions(api: Parameters<typeof versionViews>[0], files: FileSet) {
  for (const view of versionViews(api)) {
    const naming = new Naming(withWebhookDeclarations(view.api));
    const resources = resourcesModule(view.declarations, naming, view.version);
    const local = new Set([...resources.names.values, ...resources.names.types]);
    const operations = operationsModule(view.operations, naming, local, view.version);
    const folder = view.version;
    if (resources.statements.length > 0) files.module(`${folder}/resources.ts`).push(...resources.statements);
    if (operations.statements.length > 0)
      files.module(`${folder}/operations.ts`).push(...operations.statements);
    files
      .module(`${folder}/index.ts`)
      .push(
        `export * from "../../index.js";`,
        ...reExport("./resources.js", resources.names),
        ...reExport("./operations.js", operations.names),
      );
  }
}

function resourcesModule(declarations: readonly Declaration[], naming: Naming, version: string) {
  const statements: Statement[] = [];
  const references = importCollector();
  for (const declaration of declarations) {
    for (const mode of naming.modesOf(declaration.name)) {
      const start = statements.length;
      emitDeclaration(statements, declaration, mode, naming);
      statements.splice(start, 0, ...knownValueSets(naming));
      for (const type of referencedTypes(declaration, naming)) collectRefs(type, mode, naming, references);
    }
  }
  const names = exportedNames(statements);
  if (statements.length === 0) return { statements, names };
  const local = new Set([...names.values, ...names.types]);
  const imports = importCollector();
  imports.use("zod/mini", "* as z");
  imports.use("../messages.js", MESSAGES);
  // What the changed declarations name and this module does not declare is the roots'.
  for (const declaration of references.declarations())
    for (const named of (declaration.namedImports ?? []) as string[]) {
      const name = declaration.isTypeOnly ? `type ${named}` : named;
      if (!local.has(named.replace(/^type /, ""))) imports.use("./resources.js", name);
    }
  prependImports(statements, imports);
  return { statements: relocateModule(statements, new Set(), version), names };
}

/** The types a declaration's schema names: its fields', its alias's, its variants. */
function referencedTypes(declaration: Declaration, naming: Naming): TypeNode[] {
  switch (declaration.kind) {
    case "object":
      return declaration.fields.map((field) => field.type);
    case "alias":
      return [declaration.type];
    case "union":
      return [...declaration.variants.map((variant) => variant.type), declaration.fallback]
        .filter((name): name is string => name !== undefined)
        .map((name) => ({ kind: "ref", name, target: naming.declaration(name)?.kind ?? "object" }));
    case "enum":
      return [];
  }
}

function operationsModule(
  operations: readonly Parameters<typeof emitOperation>[1][],
  naming: Naming,
  changedHere: ReadonlySet<string>,
  version: string,
) {
  const statements: Statement[] = [];
  if (operations.length === 0) return { statements, names: exportedNames(statements) };
  const imports = importCollector();
  imports.use("zod/mini", "* as z");
  imports.use("../messages.js", MESSAGES);
  if (operations.some((o) => o.parameters.some((p) => p.style === "json")))
    imports.use("../json-text.js", ...schemasRuntimeImports["../json-text.js"]);
  for (const operation of operations) emitOperation(statements, operation, naming, imports);
  const names = exportedNames(statements);
  prependImports(statements, imports);
  return { statements: relocateModule(statements, changedHere, version), names };
}
