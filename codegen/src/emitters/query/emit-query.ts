import type { Invalidation, Operation } from "../../ir/types.ts";
import { blankLine, constStatement, type Statement, StructureKind, typeAliasStatement } from "../emitter.ts";
import { access, propertyKey } from "../identifiers.ts";
import { type ImportCollector, importCollector, prependImports } from "../imports.ts";
import type { Emitter } from "../target.ts";
import { queryNames } from "./names.ts";
import { answersNull, groupPath, pagesByNumber } from "./shared.ts";

/**
 * @commerce-api/query: the framework-free core of the TanStack Query bindings, in one file
 * (operations.ts). Per query (GET) its key and options factory, and for a list that pages by
 * `page` the infinite forms; per mutation its key and options factory, which invalidates what
 * the spec's `invalidates:` names. Each is one typed call of a factory of the hand-written
 * runtime (queries.ts, pages.ts, mutations.ts), marked pure so a bundle keeps only the
 * operations a page uses; the framework packages re-export or wrap them, never repeat them.
 */
export const emitQuery: Emitter = (api, files) => {
  const file = files.module("operations.ts");
  // Always written, so the package's entry point builds whatever the spec holds.
  if (api.operations.length === 0) {
    file.push({ kind: StructureKind.ExportDeclaration, namedExports: [] }); // still a module
    return;
  }
  file.push(...operationFactories(api.operations));
};

/** The keys and options factories of `operations`, with their imports. */
export function operationFactories(operations: readonly Operation[]): Statement[] {
  const file: Statement[] = [];
  const imports = importCollector();
  for (const operation of operations) {
    const statements =
      operation.kind === "mutation"
        ? mutationStatements(operation, imports)
        : queryStatements(operation, imports);
    file.push(blankLine, ...statements);
  }
  prependImports(file, imports);
  return file;
}

const pure = "/* @__PURE__ */ ";

function queryStatements(operation: Operation, imports: ImportCollector): Statement[] {
  const names = queryNames(operation);
  const { function: id, input, response, queryKeyType: key } = names;
  const path = groupPath(operation.group);
  imports.use("@commerce-api/client", id, `type ${input}`, `type ${response}`);
  imports.use("../queries.js", "queryKeyFactory", "queryOptionsFactory", "type OperationQueryKey");
  const polling = answersNull(operation);
  if (polling) imports.use("../queries.js", "pollingWhilePending");
  const summary = operation.summary.replace(/\.$/, "");
  return [
    typeAliasStatement({
      name: key,
      docs: `The cache key of {@link ${id}}: the group path, the input, then (for one client's entry) the client.`,
      type: `OperationQueryKey<${path}, ${input}>`,
    }),
    constStatement({
      name: names.queryKey,
      docs: `\`${names.queryKey}(input, client?)\`: with \`client\`, the key of that client's entry of {@link ${id}}; without it, the prefix of every client's (for \`invalidateQueries\`).`,
      initializer: `${pure}queryKeyFactory<${input}, ${key}>(${path})`,
    }),
    constStatement({
      name: names.queryOptions,
      docs: [
        `\`${names.queryOptions}(client, input, options?)\`: query options of {@link ${id}} (${summary}) for any TanStack adapter or \`queryClient.fetchQuery\`.`,
        polling ? "While it answers `null` (not ready yet), it asks again every 2 s." : "",
      ].join(" "),
      initializer: `${pure}queryOptionsFactory<${input}, ${response}, ${key}>(${id}, ${names.queryKey}${polling ? ", pollingWhilePending" : ""})`,
    }),
    ...(pagesByNumber(operation) ? [blankLine, ...infiniteStatements(operation, imports)] : []),
  ];
}

function infiniteStatements(operation: Operation, imports: ImportCollector): Statement[] {
  const names = queryNames(operation);
  const { function: id, response, pagesInput, infiniteQueryKeyType: key } = names;
  const path = groupPath(operation.group);
  imports.use(
    "../pages.js",
    "infiniteQueryKeyFactory",
    "infiniteQueryOptionsFactory",
    "type OperationInfiniteQueryKey",
  );
  return [
    typeAliasStatement({
      name: pagesInput,
      docs: `The input of {@link ${id}} for all its pages: \`page\` is the infinite query's to set.`,
      type: `Omit<${names.input}, "page">`,
    }),
    typeAliasStatement({
      name: key,
      docs: `The cache key of {@link ${id}}'s pages for one client.`,
      type: `OperationInfiniteQueryKey<${path}, ${pagesInput}>`,
    }),
    constStatement({
      name: names.infiniteQueryKey,
      docs: `\`${names.infiniteQueryKey}(input, client)\`: the key of \`client\`'s pages of {@link ${id}}.`,
      initializer: `${pure}infiniteQueryKeyFactory<${pagesInput}, ${key}>(${path})`,
    }),
    constStatement({
      name: names.infiniteQueryOptions,
      docs: `\`${names.infiniteQueryOptions}(client, input, options?)\`: {@link ${id}} page after page from the first; \`data.items\` holds every item fetched.`,
      initializer: `${pure}infiniteQueryOptionsFactory<${pagesInput}, ${response}, ${key}>(${id}, ${names.infiniteQueryKey})`,
    }),
  ];
}

function mutationStatements(operation: Operation, imports: ImportCollector): Statement[] {
  const names = queryNames(operation);
  const { function: id, input, response, mutationKeyType: key } = names;
  const path = groupPath(operation.group);
  imports.use("@commerce-api/client", id, `type ${input}`, `type ${response}`);
  imports.use("../mutations.js", "mutationKeyFactory", "mutationOptionsFactory", "type OperationMutationKey");
  const invalidates = operation.invalidates.length > 0 ? `, ${invalidatedKeys(operation.invalidates)}` : "";
  if (invalidates) imports.use("../keys.js", "queryKeyRoot");
  return [
    typeAliasStatement({
      name: key,
      docs: `The mutation key of {@link ${id}}: mutation-state filters find its calls by it.`,
      type: `OperationMutationKey<${path}>`,
    }),
    constStatement({
      name: names.mutationKey,
      docs: `\`${names.mutationKey}()\`: the mutation key of {@link ${id}}.`,
      initializer: `${pure}mutationKeyFactory<${key}>(${path})`,
    }),
    constStatement({
      name: names.mutationOptions,
      docs: `\`${names.mutationOptions}(client, options?)\`: mutation options of {@link ${id}} (${operation.summary.replace(/\.$/, "")}). ${changes(operation)}`,
      initializer: `${pure}mutationOptionsFactory<${response}, ${input}>(${id}, ${names.mutationKey}${invalidates})`,
    }),
  ];
}

/** What the TSDoc says a successful call invalidates. */
export function changes(operation: Operation): string {
  if (operation.invalidates.length === 0)
    return "It changes nothing a query of this API reads, so it invalidates nothing.";
  const targets = operation.invalidates.map((target) => {
    const group = `\`${target.group.join(".")}\``;
    if (!target.where) return `the queries under ${group}`;
    const fields = target.where.map((w) => `\`${w.queryField}\` is the input's \`${w.inputField}\``);
    return `the ${group} entries whose ${fields.join(" and ")}`;
  });
  return [
    `On success, invalidates ${targets.join(", ")}`,
    "(in the mutation's own `QueryClient`, waiting for the active ones to refetch), then runs `options.onSuccess`.",
  ].join(" ");
}

/** `(input) => [[queryKeyRoot, ...group, { field: input.field }], ...]`: the keys a call invalidates. */
function invalidatedKeys(invalidates: readonly Invalidation[]): string {
  const parameter = invalidates.some((target) => target.where !== undefined) ? "input" : "";
  const keys = invalidates.map((target) => {
    const where = target.where?.map((w) => `${propertyKey(w.queryField)}: input${access(w.inputField)}`);
    const group = ["queryKeyRoot", ...target.group.map((s) => JSON.stringify(s))];
    return `[${[...group, ...(where ? [`{ ${where.join(", ")} }`] : [])].join(", ")}]`;
  });
  return `(${parameter}) => [${keys.join(", ")}]`;
}
