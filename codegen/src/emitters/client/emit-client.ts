import { bodyFieldNames, inputIsOptional } from "../../ir/body.ts";
import { operationNames } from "../../ir/names.ts";
import type { Api, Declaration, Operation, Parameter, SuccessResponse } from "../../ir/types.ts";
import { docs } from "../docs.ts";
import {
  blankLine,
  constStatement,
  functionStatement,
  type Statement,
  StructureKind,
  typeAliasStatement,
} from "../emitter.ts";
import { type ImportCollector, importCollector, prependImports } from "../imports.ts";
import type { Emitter } from "../target.ts";
import { responseValidator } from "../validators/emit-validators.ts";
import { emitErrors } from "./emit-errors.ts";
import { operationDocs } from "./operation-docs.ts";
import { groupedFacadeName, operationRegistryName, VALIDATORS } from "./runtime-names.ts";

/**
 * @commerce-api/client: per operation a definition (data for the hand-written runtime)
 * and a standalone, tree-shakable function; the grouped facade built from those
 * functions; the environments' base URLs; the security schemes (so an error can say
 * which kind of token an operation takes); the resource types, re-exported so a user
 * needs one package.
 */
export const emitClient: Emitter = (api, files) => {
  emitEnvironments(api, files.module("environments.ts"));
  emitSecuritySchemes(api, files.module("security.ts"));
  emitErrors(api, files.module("errors.ts"));
  emitResourceTypes(api, files.module("resources.ts"));
  emitOperations(api, files.module("operations.ts"));
  emitGrouped(api, files.module("grouped.ts"));
  emitRegistry(api, files.module("registry.ts"));
};

/**
 * Every operation's definition by id, for code that serves or mocks the whole API (the
 * sandbox): its keys are the operation ids, so a table keyed by them must name each one.
 * A separate module, so an app that imports a few operations bundles none of the others.
 */
function emitRegistry(api: Api, file: Statement[]) {
  const definitions = api.operations.map((operation) => operationNames(operation).definition);
  const imports = importCollector();
  imports.use("./operations.js", ...definitions);
  if (definitions.length > 0) file.push(blankLine);
  const entries = api.operations.map((operation) => {
    const names = operationNames(operation);
    return `${names.function}: ${names.definition},`;
  });
  file.push(
    constStatement({
      name: operationRegistryName,
      docs: `The definition of each operation of the ${api.title}, by operation id.`,
      initializer: entries.length === 0 ? "{} as const" : `{\n${entries.join("\n")}\n} as const`,
    }),
  );
  prependImports(file, imports);
}

function emitEnvironments(api: Api, file: Statement[]) {
  const entries = api.environments.map((e) => `${JSON.stringify(e.name)}: ${JSON.stringify(e.url)}`);
  file.push(
    constStatement({
      name: "environments",
      docs: `Base URLs of the ${api.title}, by environment.`,
      initializer: `{ ${entries.join(", ")} } as const`,
    }),
    blankLine,
    constStatement({
      name: "apiVersion",
      docs: `The API version these types describe (the spec's \`info.version\`): sent as \`Polar-Version\` on every request.`,
      initializer: JSON.stringify(api.version),
    }),
  );
}

function emitSecuritySchemes(api: Api, file: Statement[]) {
  const entries = api.securitySchemes.map((scheme) => {
    const prefix =
      scheme.tokenPrefix === undefined ? "" : `, tokenPrefix: ${JSON.stringify(scheme.tokenPrefix)}`;
    return `${JSON.stringify(scheme.name)}: { audience: ${JSON.stringify(scheme.audience)}${prefix} }`;
  });
  file.push(
    blankLine,
    constStatement({
      name: "securitySchemes",
      type: "Readonly<Record<string, SecurityScheme>>",
      docs: `The security schemes of the ${api.title}: whom each kind of token acts for, and how its tokens begin (when they have a fixed prefix).`,
      initializer: `{ ${entries.join(", ")} }`,
    }),
  );
  const imports = importCollector();
  imports.use("../token-kind.js", "type SecurityScheme");
  prependImports(file, imports);
}

/**
 * Every named type of the spec and each operation's input and response type, so
 * `import type { Event } from "@commerce-api/client"` works: each an alias of the schemas
 * package's, not `export type { … } from`, since a declaration bundler drops the `type` of a
 * re-export from another package and the bundled `.d.ts` would then promise values
 * (`Product.parse`) that this package does not export.
 */
function emitResourceTypes(api: Api, file: Statement[]) {
  const names = [
    ...api.declarations.map((declaration) => declaration.name),
    ...operationTypeNames(api),
  ].sort();
  if (names.length === 0) return;
  file.push({
    kind: StructureKind.ImportDeclaration,
    isTypeOnly: true,
    moduleSpecifier: "@commerce-api/schemas",
    namespaceImport: "schemas",
  });
  for (const name of names) file.push(typeAliasStatement({ name, type: `schemas.${name}` }));
}

/** Each operation's definition and function; `apiVersion` given, each definition carries it. */
export function emitOperations(api: Api, file: Statement[], apiVersion?: string) {
  const imports = importCollector();
  const declarations = new Map(api.declarations.map((declaration) => [declaration.name, declaration]));
  const lookup = (name: string) => declarations.get(name);
  imports.use("../operation.js", "type OperationDefinition");
  imports.use("../request.js", "request", "type CoreClient", "type RequestOptions");
  for (const operation of api.operations) {
    const names = operationNames(operation);
    imports.use("@commerce-api/schemas", `type ${names.input}`, `type ${names.response}`);
    file.push(blankLine);
    file.push(
      constStatement({
        name: names.definition,
        type: `OperationDefinition<${names.input}, ${names.response}>`,
        docs: `How the runtime calls ${operation.id}.`,
        initializer: definitionLiteral(operation, imports, lookup, apiVersion),
      }),
    );
    const inputOptional = inputIsOptional(operation);
    file.push(
      functionStatement({
        name: names.function,
        docs: operationDocs(operation),
        parameters: [
          { name: "client", type: "CoreClient" },
          { name: "input", type: names.input, ...(inputOptional && { initializer: "{}" }) },
          { name: "options", type: "RequestOptions", hasQuestionToken: true },
        ],
        returnType: `Promise<${names.response}>`,
        statements: `return request(client, ${names.definition}, input, options);`,
      }),
    );
  }
  prependImports(file, imports);
}

/** `{ inputName: "wire_name" }` for the body fields named apart on the wire, or undefined. */
function wireNames(operation: Operation): string | undefined {
  const renamed = operation.parameters.filter((parameter) => parameter.wireName !== undefined);
  if (renamed.length === 0) return undefined;
  return `{ ${renamed.map((p) => `${JSON.stringify(p.name)}: ${JSON.stringify(p.wireName)}`).join(", ")} }`;
}

function definitionLiteral(
  operation: Operation,
  imports: ImportCollector,
  lookup: (name: string) => Declaration | undefined,
  apiVersion?: string,
): string {
  const input = `${VALIDATORS}.${operationNames(operation).inputValidator}`;
  imports.use("./validators.js", `* as ${VALIDATORS}`);
  const byLocation = (location: string) => operation.parameters.filter((p) => p.location === location);
  const names = bodyFieldNames(operation, lookup);
  const bodyFields = names ? JSON.stringify(names) : "undefined";
  const mediaType = operation.body?.mediaType;
  const bodyEncoding = [
    mediaType !== undefined &&
      mediaType !== "application/json" &&
      `\n    bodyMediaType: ${JSON.stringify(mediaType)},`,
    operation.body?.isValue && "\n    bodyIsValue: true,",
    wireNames(operation) && `\n    bodyWireNames: ${wireNames(operation)},`,
  ]
    .filter(Boolean)
    .join("");
  const responses = operation.responses.map((r) => `${r.status}: ${responseLiteral(operation, r, imports)}`);
  return `{
    id: ${JSON.stringify(operation.id)},
    method: ${JSON.stringify(operation.method)},
    path: ${JSON.stringify(operation.path)},${parameterFields(byLocation("path"), byLocation("query"), imports)}
    bodyFields: ${bodyFields},${bodyEncoding}
    input: ${input},
    auth: ${JSON.stringify(operation.auth)},
    scopes: ${JSON.stringify(operation.scopes)},${apiVersion === undefined ? "" : `\n    apiVersion: ${JSON.stringify(apiVersion)},`}
    responses: { ${responses.join(", ")} },
  }`;
}

/**
 * Path and query parameters, each kind with the runtime function that writes it, and only
 * when the operation has some: a page of operations without them does not carry that code.
 */
function parameterFields(
  path: readonly Parameter[],
  query: readonly Parameter[],
  imports: ImportCollector,
): string {
  let fields = "";
  if (path.length > 0) {
    imports.use("../url.js", "fillPath");
    fields += `\n    pathParameters: ${JSON.stringify(path.map((p) => p.name))},\n    fillPath,`;
  }
  if (query.length > 0) {
    imports.use("../query.js", "serializeQuery");
    const parameters = query.map(
      (p) => `{ name: ${JSON.stringify(p.name)}, style: ${JSON.stringify(p.style)} }`,
    );
    fields += `\n    queryParameters: [${parameters.join(", ")}],\n    serializeQuery,`;
  }
  return fields;
}

/**
 * A JSON status is checked with its validator (a named type's own when the body is one). The
 * validators are imported as one namespace, so their names (`validateLicenseKey`, a type
 * LicenseKey's) never meet the operations' own (an operation `validateLicenseKey`).
 */
function responseLiteral(operation: Operation, response: SuccessResponse, imports: ImportCollector): string {
  if (response.body.kind === "text" || response.body.kind === "binary")
    return `{ body: ${JSON.stringify(response.body.kind)}, mediaType: ${JSON.stringify(response.body.mediaType)} }`;
  if (response.body.kind !== "json") return `{ body: ${JSON.stringify(response.body.kind)} }`;
  imports.use("./validators.js", `* as ${VALIDATORS}`);
  return `{ body: "json", validate: ${VALIDATORS}.${responseValidator(operation, response)} }`;
}

interface GroupNode {
  readonly children: Map<string, GroupNode>;
  operation?: Operation;
}

export function emitGrouped(api: Api, file: Statement[]) {
  const root: GroupNode = { children: new Map() };
  for (const operation of api.operations) {
    let node = root;
    for (const segment of operation.group) {
      if (!node.children.has(segment)) node.children.set(segment, { children: new Map() });
      node = node.children.get(segment)!;
    }
    node.operation = operation;
  }
  const imports = importCollector();
  imports.use("@commerce-api/schemas", ...operationTypeNames(api).map((name) => `type ${name}`));
  imports.use("../request.js", "type CoreClient", "type RequestOptions");
  imports.use("./operations.js", ...api.operations.map((o) => operationNames(o).function));
  file.push({
    kind: StructureKind.Interface,
    name: "GroupedOperations",
    isExported: true,
    docs: docs(
      `Every operation, grouped by resource: \`client.${api.operations[0]?.group.join(".")}(input)\`.`,
    ),
    properties: [...root.children].map(([name, node]) => ({ name, type: groupType(node) })),
  });
  file.push(
    functionStatement({
      name: groupedFacadeName,
      docs: "Binds every operation to `client` in the grouped form.",
      parameters: [{ name: "client", type: "CoreClient" }],
      returnType: "GroupedOperations",
      statements: `return ${groupValue(root)};`,
    }),
  );
  prependImports(file, imports);
}

function groupType(node: GroupNode): string {
  const members = [...node.children].map(([name, child]) => {
    const comment = child.operation
      ? `/** ${child.operation.summary} See {@link ${child.operation.id}}. */\n`
      : "";
    return `${comment}${name}: ${child.operation ? groupFunctionType(child.operation) : groupType(child)};`;
  });
  return `{\n${members.join("\n")}\n}`;
}

function groupFunctionType(operation: Operation): string {
  const optional = inputIsOptional(operation) ? "?" : "";
  const { input, response } = operationNames(operation);
  return `(input${optional}: ${input}, options?: RequestOptions) => Promise<${response}>`;
}

function groupValue(node: GroupNode): string {
  if (node.operation)
    return `(input, options) => ${operationNames(node.operation).function}(client, input, options)`;
  return `{\n${[...node.children].map(([name, child]) => `${name}: ${groupValue(child)},`).join("\n")}\n}`;
}

/** Every operation's input and response type names, sorted. */
function operationTypeNames(api: Api): string[] {
  return api.operations
    .flatMap((operation) => {
      const names = operationNames(operation);
      return [names.input, names.response];
    })
    .sort();
}
