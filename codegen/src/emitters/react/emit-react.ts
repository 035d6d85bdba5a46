import type { Operation } from "../../ir/types.ts";
import {
  blankLine,
  functionStatement,
  type Statement,
  StructureKind,
  typeAliasStatement,
} from "../emitter.ts";
import { type ImportCollector, importCollector, prependImports } from "../imports.ts";
import type { Emitter } from "../target.ts";
import { emitMutationHooks, mutationOptionStatements } from "./mutations.ts";
import { reactNames } from "./names.ts";
import { emitQueryHooks } from "./query-hooks.ts";
import {
  answersNull,
  inputParameter,
  keyPrefix,
  keyPrefixType,
  pagesByNumber,
  returnCall,
} from "./shared.ts";

/**
 * @commerce-api/react: TanStack Query v5 bindings over the client's standalone operations.
 * options.ts (no React, also the `/options` entry point): per query (GET) its key and options
 * factory, and for a list that pages by `page` the infinite forms; per mutation its key and
 * options factory, which invalidates what the spec's `invalidates:` names. queries.ts:
 * `use<Op>`, `use<Op>Suspense`, `use<Op>Infinite`, `use<Op>SuspenseInfinite` (query-hooks.ts);
 * mutations.ts: `use<Op>` (mutations.ts). The logic lives in the hand-written runtime beside
 * the generated files; each generated function is one call into it, typed for its operation.
 */
export const emitReact: Emitter = (api, files) => {
  const queries = api.operations.filter((o) => o.kind === "query");
  const mutations = api.operations.filter((o) => o.kind === "mutation");
  emitOptions(api.operations, files.module("options.ts"));
  if (queries.length > 0) emitQueryHooks(queries, files.module("queries.ts"));
  if (mutations.length > 0) emitMutationHooks(mutations, files.module("mutations.ts"));
  emitIndex(queries, mutations, files.module("index.ts"));
};

function emitIndex(queries: readonly Operation[], mutations: readonly Operation[], file: Statement[]) {
  const modules = [
    ...(mutations.length > 0 ? ["./mutations.js"] : []),
    "./options.js",
    ...(queries.length > 0 ? ["./queries.js"] : []),
  ];
  for (const moduleSpecifier of modules)
    file.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier });
}

// ── keys and options factories (no React: loaders, server code, prefetching) ──

function emitOptions(operations: readonly Operation[], file: Statement[]) {
  // Always written, so the package's `/options` entry point exists whatever the spec holds.
  if (operations.length === 0) {
    file.push({ kind: StructureKind.ExportDeclaration, namedExports: [] }); // still a module
    return;
  }
  const imports = importCollector();
  imports.use("@commerce-api/client", "type CoreClient");
  for (const operation of operations) {
    if (operation.kind === "mutation") file.push(blankLine, ...mutationOptionStatements(operation, imports));
    else file.push(blankLine, ...queryOptionStatements(operation, imports));
  }
  prependImports(file, imports);
}

/** A query's key and options factory, and for a list that pages by number the infinite forms. */
function queryOptionStatements(operation: Operation, imports: ImportCollector): Statement[] {
  const names = reactNames(operation);
  const { function: id, input, response, queryKeyType: key } = names;
  const groupKey = keyPrefix(operation.group);
  imports.use("@commerce-api/client", id, `type ${input}`, `type ${response}`);
  imports.use("@tanstack/react-query", "queryOptions");
  imports.use("../keys.js", "clientScope", "queryKeyRoot", "type ClientScope");
  imports.use("../queries.js", "queryDefaults", "type CommerceQueryOptions", "type QueryOverrides");
  if (answersNull(operation)) imports.use("../queries.js", "pollWhileNull");
  const infinite = pagesByNumber(operation)
    ? [blankLine, ...infiniteOptionStatements(operation, imports)]
    : [];
  return [
    typeAliasStatement({
      name: key,
      docs: `The cache key of {@link ${id}}: the group path, the input, then (for one client's entry) the client.`,
      type: `readonly [${keyPrefixType(operation.group)}, ${input}, ClientScope?]`,
    }),
    blankLine,
    functionStatement({
      name: names.queryKey,
      docs: `The key of {@link ${id}} for \`input\`. With \`client\`, the exact key of that client's entry; without it, the prefix of every client's entries (for \`invalidateQueries\`, \`removeQueries\`...).`,
      parameters: [
        inputParameter(operation, input),
        { name: "client", type: "CoreClient", hasQuestionToken: true },
      ],
      returnType: key,
      statements: [
        "return client === undefined",
        `? [${groupKey}, input]`,
        `: [${groupKey}, input, clientScope(client)];`,
      ].join("\n"),
    }),
    blankLine,
    functionStatement({
      name: names.queryOptions,
      docs: `Query options of {@link ${id}} (${operation.summary.replace(/\.$/, "")}), for \`useQuery\`, \`useQueries\`, \`queryClient.fetchQuery\`/\`prefetchQuery\`/\`ensureQueryData\` or a router loader. The query's \`signal\` cancels the request; \`retry\` is off (the client retries, see the package README).`,
      parameters: [
        { name: "client", type: "CoreClient" },
        inputParameter(operation, input),
        { name: "options", type: `QueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
      ],
      returnType: `CommerceQueryOptions<${response}, ${key}>`,
      statements: returnCall("queryOptions", [
        "...queryDefaults,",
        ...(answersNull(operation)
          ? [
              "// Answered `null` means not ready yet: ask again until there is data.",
              "refetchInterval: pollWhileNull(),",
            ]
          : []),
        "...options,",
        `queryKey: ${names.queryKey}(input, client),`,
        `queryFn: ({ signal }) => ${id}(client, input, { signal }),`,
      ]),
    }),
    ...infinite,
  ];
}

function infiniteOptionStatements(operation: Operation, imports: ImportCollector): Statement[] {
  const names = reactNames(operation);
  const { function: id, response, pagesInput, infiniteQueryKeyType: key } = names;
  const groupKey = keyPrefix(operation.group);
  imports.use("@tanstack/react-query", "infiniteQueryOptions");
  imports.use(
    "../pages.js",
    "firstPage",
    "nextPageParam",
    "withItems",
    "type CommerceInfiniteQueryOptions",
    "type InfiniteQueryOverrides",
  );
  return [
    typeAliasStatement({
      name: pagesInput,
      docs: `The input of {@link ${id}} for all its pages: \`page\` is the infinite query's to set.`,
      type: `Omit<${names.input}, "page">`,
    }),
    blankLine,
    typeAliasStatement({
      name: key,
      docs: `The cache key of {@link ${id}}'s pages for one client.`,
      type: `readonly [${keyPrefixType(operation.group)}, ${pagesInput}, ClientScope]`,
    }),
    blankLine,
    functionStatement({
      name: names.infiniteQueryKey,
      docs: `The key of \`client\`'s pages of {@link ${id}} for \`input\`.`,
      parameters: [
        { name: "input", type: pagesInput },
        { name: "client", type: "CoreClient" },
      ],
      returnType: key,
      statements: `return [${groupKey}, input, clientScope(client, true)];`,
    }),
    blankLine,
    functionStatement({
      name: names.infiniteQueryOptions,
      docs: `Infinite query options of {@link ${id}}, page after page from the first, for \`useInfiniteQuery\` or \`queryClient.fetchInfiniteQuery\`. \`hasNextPage\` is false after the last page; the hook's \`data.items\` holds the items of every page fetched, in order.`,
      parameters: [
        { name: "client", type: "CoreClient" },
        inputParameter(operation, pagesInput),
        { name: "options", type: `InfiniteQueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
      ],
      returnType: `CommerceInfiniteQueryOptions<${response}, ${key}>`,
      statements: returnCall("infiniteQueryOptions", [
        "...queryDefaults,",
        "...options,",
        `queryKey: ${names.infiniteQueryKey}(input, client),`,
        `queryFn: ({ pageParam, signal }) => ${id}(client, { ...input, page: pageParam }, { signal }),`,
        "initialPageParam: firstPage,",
        "getNextPageParam: nextPageParam,",
        "select: withItems,",
      ]),
    }),
  ];
}
