import { operationNames } from "../../ir/names.ts";
import type { Api } from "../../ir/types.ts";
import type { Statement } from "../emitter.ts";
import type { FileSet } from "../target.ts";
import { emitValidators } from "../validators/emit-validators.ts";
import { reExport, relocateModule, type VersionView, versionAlias, versionViews } from "../versions.ts";
import { emitGrouped, emitOperations } from "./emit-client.ts";

/**
 * `@commerce-api/client/<version>` for each version of the spec: everything of the client's
 * root, with a `createClient` that speaks the version (sends it as `Polar-Version`), and the
 * operations whose answers it changes (ir/versions.ts) defined again, reading that version's
 * types (`@commerce-api/schemas/<version>`) with their own validators, each sending its date
 * whatever the client's. Every other operation is the roots', shared.
 */
export function emitClientVersions(api: Api, files: FileSet) {
  const views = versionViews(api);
  files.module("versions.ts").push(...versionsModule(api.versions, views));
  for (const view of views) {
    const folder = view.version;
    if (view.version === api.version) {
      files.module(`${folder}/index.ts`).push(`export * from "../../index.js";`);
      continue;
    }
    const changed = new Set(
      view.operations.flatMap((o) => [operationNames(o).function, operationNames(o).definition]),
    );
    if (view.operations.length > 0) {
      files
        .module(`${folder}/validators.ts`)
        .push(...relocateModule(validatorsOf(view), new Set(), view.version));
      const operations: Statement[] = [];
      emitOperations({ ...view.api, operations: view.operations }, operations, view.version);
      files.module(`${folder}/operations.ts`).push(...relocateModule(operations, new Set(), view.version));
    }
    const grouped: Statement[] = [];
    emitGrouped(view.api, grouped);
    files.module(`${folder}/grouped.ts`).push(...relocateModule(grouped, changed, view.version));
    files.module(`${folder}/index.ts`).push(...entry(view, changed));
  }
}

/** The validators of the operations the version changes, compiled from its own types. */
function validatorsOf(view: VersionView): Statement[] {
  let statements: Statement[] = [];
  emitValidators(
    { ...view.api, operations: view.operations, webhooks: [] },
    {
      module: (path) => {
        if (path !== "validators.ts")
          throw new Error(`the validators emitter wrote ${path}, not validators.ts`);
        statements = [];
        return statements;
      },
      text: () => {
        throw new Error("the validators emitter writes modules only");
      },
    },
  );
  return statements;
}

function entry(view: VersionView, changed: ReadonlySet<string>): Statement[] {
  const types = [
    ...view.declarations.map((declaration) => declaration.name),
    ...view.operations.flatMap((operation) => [
      operationNames(operation).input,
      operationNames(operation).response,
    ]),
  ];
  return [
    `import { type ClientOptions, type CoreClient, createClientOfVersion } from "../../client.js";`,
    `import { type GroupedOperations, groupOperations } from "./grouped.js";`,
    ...(types.length > 0 ? [`import type * as schemas from "@commerce-api/schemas/${view.version}";`] : []),
    "",
    `export * from "../../index.js";`,
    ...reExport("./operations.js", { values: [...changed].sort(), types: [] }),
    `export type { GroupedOperations } from "./grouped.js";`,
    "",
    `/** The API version this entry point speaks: sent as \`Polar-Version\` on every request. */`,
    `export const apiVersion = ${JSON.stringify(view.version)};`,
    "",
    `/** A client speaking ${view.version}, with the grouped methods; it is also a \`CoreClient\`. */`,
    "export type Client = CoreClient & GroupedOperations;",
    "",
    `/** A client that speaks ${view.version}: every call sends \`Polar-Version: ${view.version}\`. */`,
    "export function createClient(options: ClientOptions = {}): Client {",
    `  const core = createClientOfVersion(options, apiVersion);`,
    "  return Object.assign(core, groupOperations(core));",
    "}",
    ...(types.length > 0
      ? [
          "",
          // Aliases, not `export type { … } from`: a declaration bundler drops that `type`.
          `// The types ${view.version} changes, as that version's schemas have them.`,
          ...types.sort().map((name) => `export type ${name} = schemas.${name};`),
        ]
      : []),
  ];
}

/**
 * The spec's versions, and per version the definitions of the operations it changes, for code
 * that answers every version (the sandbox reads an answer as the version asked for reads it).
 */
function versionsModule(versions: readonly string[], views: readonly VersionView[]): Statement[] {
  const dated = views.filter((view) => view.operations.length > 0);
  const entries = dated.map((view) => {
    const operations = view.operations.map(
      (operation) => `${operation.id}: ${versionAlias(view.version)}.${operationNames(operation).definition}`,
    );
    return `${JSON.stringify(view.version)}: { ${operations.join(", ")} }`;
  });
  return [
    ...dated.map(
      (view) => `import * as ${versionAlias(view.version)} from "./${view.version}/operations.js";`,
    ),
    "",
    "/** The API versions of the spec, oldest first. */",
    `export const apiVersions = ${JSON.stringify(versions)} as const;`,
    "",
    "/** Per API version, the definitions of the operations whose answers it changes, by operation id. */",
    `export const datedOperationDefinitions = { ${entries.join(", ")} } as const;`,
  ];
}
