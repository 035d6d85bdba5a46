import type { WriterFunction } from "ts-morph";
import { operationNames } from "../../ir/names.ts";
import type { Operation } from "../../ir/types.ts";
import { blankLine, type Emitter, type Statement, StructureKind } from "../emitter.ts";
import { type ImportList, importDeclarations } from "./imports.ts";

/**
 * @commerce-api/react: TanStack Query v5 bindings over the client's standalone operations.
 * options.ts (no React, also the `/options` entry point): per query (GET) its key and options
 * factory, and for a list that pages by `page` the infinite forms; queries.ts: `use<Op>`,
 * `use<Op>Suspense`, `use<Op>Infinite`; mutations.ts: `use<Op>`, which invalidates what the
 * spec's `invalidates:` names. The logic lives in the hand-written runtime beside the
 * generated files; each generated function is one call into it, typed for its operation.
 */
export const emitReact: Emitter = (api, files) => {
  const queries = api.operations.filter((o) => o.kind === "query");
  const mutations = api.operations.filter((o) => o.kind === "mutation");
  emitOptions(queries, files.create("react", "options.ts"));
  if (queries.length > 0) emitQueryHooks(queries, files.create("react", "queries.ts"));
  if (mutations.length > 0) emitMutations(mutations, files.create("react", "mutations.ts"));
  emitIndex(queries, mutations, files.create("react", "index.ts"));
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

/** Collects a file's named imports as it is built; `type Name` for a type-only one. */
function importCollector() {
  const imports: ImportList = new Map();
  return {
    use(module: string, ...names: string[]) {
      const list = imports.get(module) ?? [];
      imports.set(module, list);
      list.push(...names.filter((n) => !list.includes(n)));
    },
    declarations: () => importDeclarations(imports),
  };
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
  imports.use("@tanstack/react-query", "queryOptions");
  imports.use("../keys.js", "clientScope", "queryKeyRoot", "type ClientScope");
  imports.use("../queries.js", "queryDefaults", "type CommerceQueryOptions", "type QueryOverrides");
  for (const operation of operations) {
    const names = operationNames(operation);
    imports.use("@commerce-api/client", names.function, `type ${names.input}`, `type ${names.response}`);
    file.push(blankLine, ...queryOptionStatements(operation));
    if (pagesByNumber(operation)) {
      imports.use("@tanstack/react-query", "infiniteQueryOptions");
      imports.use(
        "../pages.js",
        "firstPage",
        "nextPageParam",
        "withItems",
        "type CommerceInfiniteQueryOptions",
        "type InfiniteQueryOverrides",
      );
      file.push(blankLine, ...infiniteOptionStatements(operation));
    }
    if (answersNull(operation)) imports.use("../queries.js", "pollWhileNull");
  }
  file.unshift(...imports.declarations());
}

function queryOptionStatements(operation: Operation): Statement[] {
  const names = operationNames(operation);
  const { function: id, input, response, queryKeyType: key } = names;
  const groupKey = keyPrefix(operation);
  return [
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: key,
      docs: [
        `The cache key of {@link ${id}}: the group path, the input, then (for one client's entry) the client.`,
      ],
      type: `readonly [${keyPrefixType(operation)}, ${input}, ClientScope?]`,
    },
    blankLine,
    {
      kind: StructureKind.Function,
      isExported: true,
      name: names.queryKey,
      docs: [
        [
          `The key of {@link ${id}} for \`input\`. With \`client\`, the exact key of that client's entry;`,
          "without it, the prefix of every client's entries (for `invalidateQueries`, `removeQueries`...).",
        ].join("\n"),
      ],
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
    },
    blankLine,
    {
      kind: StructureKind.Function,
      isExported: true,
      name: names.queryOptions,
      docs: [
        [
          `Query options of {@link ${id}} (${operation.summary.replace(/\.$/, "")}), for \`useQuery\`, \`useQueries\`,`,
          "`queryClient.fetchQuery`/`prefetchQuery`/`ensureQueryData` or a router loader. The query's",
          "`signal` cancels the request; `retry` is off (the client retries, see the package README).",
        ].join("\n"),
      ],
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
    },
  ];
}

function infiniteOptionStatements(operation: Operation): Statement[] {
  const names = operationNames(operation);
  const { function: id, response, pagesInput, infiniteQueryKeyType: key } = names;
  const groupKey = keyPrefix(operation);
  return [
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: pagesInput,
      docs: [`The input of {@link ${id}} for all its pages: \`page\` is the infinite query's to set.`],
      type: `Omit<${names.input}, "page">`,
    },
    blankLine,
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: key,
      docs: [`The cache key of {@link ${id}}'s pages for one client.`],
      type: `readonly [${keyPrefixType(operation)}, ${pagesInput}, ClientScope]`,
    },
    blankLine,
    {
      kind: StructureKind.Function,
      isExported: true,
      name: names.infiniteQueryKey,
      docs: [`The key of \`client\`'s pages of {@link ${id}} for \`input\`.`],
      parameters: [
        { name: "input", type: pagesInput },
        { name: "client", type: "CoreClient" },
      ],
      returnType: key,
      statements: `return [${groupKey}, input, clientScope(client, true)];`,
    },
    blankLine,
    {
      kind: StructureKind.Function,
      isExported: true,
      name: names.infiniteQueryOptions,
      docs: [
        [
          `Infinite query options of {@link ${id}}, page after page from the first, for \`useInfiniteQuery\``,
          "or `queryClient.fetchInfiniteQuery`. `hasNextPage` is false after the last page; the hook's",
          "`data.items` holds the items of every page fetched, in order.",
        ].join("\n"),
      ],
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
    },
  ];
}

// ── query hooks ────────────────────────────────────────────────────────────

function emitQueryHooks(operations: readonly Operation[], file: Statement[]) {
  const imports = importCollector();
  imports.use(
    "@tanstack/react-query",
    "useQuery",
    "useSuspenseQuery",
    "type UseQueryResult",
    "type UseSuspenseQueryResult",
  );
  imports.use("../errors.js", "type CommerceError");
  imports.use("../provider.js", "useCommerceClient");
  imports.use("../queries.js", "type QueryOverrides", "type SuspenseQueryOverrides");
  for (const operation of operations) {
    const names = operationNames(operation);
    imports.use("@commerce-api/client", `type ${names.input}`, `type ${names.response}`);
    imports.use("./options.js", names.queryOptions, `type ${names.queryKeyType}`);
    file.push(blankLine, ...queryHookStatements(operation));
    if (pagesByNumber(operation)) {
      imports.use("@tanstack/react-query", "useInfiniteQuery", "type UseInfiniteQueryResult");
      imports.use("../pages.js", "type InfiniteQueryOverrides", "type PagesWithItems");
      imports.use(
        "./options.js",
        names.infiniteQueryOptions,
        `type ${names.infiniteQueryKeyType}`,
        `type ${names.pagesInput}`,
      );
      file.push(blankLine, infiniteHookStatement(operation));
    }
  }
  file.unshift(...imports.declarations());
}

function queryHookStatements(operation: Operation): Statement[] {
  const names = operationNames(operation);
  const { function: id, input, response, queryKeyType: key } = names;
  const polling = answersNull(operation)
    ? "\nWhile the service answers `null` (not ready yet), asks again every 2 s until there is data."
    : "";
  return [
    {
      kind: StructureKind.Function,
      isExported: true,
      name: names.hook,
      docs: [
        `${operation.summary} Calls {@link ${id}} with the client of the nearest \`CommerceProvider\`.${polling}`,
      ],
      parameters: [
        inputParameter(operation, input),
        { name: "options", type: `QueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
      ],
      returnType: `UseQueryResult<${response}, CommerceError>`,
      statements: `return useQuery(${names.queryOptions}(useCommerceClient(), input, options));`,
    },
    blankLine,
    {
      kind: StructureKind.Function,
      isExported: true,
      name: names.suspenseHook,
      docs: [
        `{@link ${names.hook}} for a Suspense boundary: \`data\` is always defined, errors go to the error boundary.`,
      ],
      parameters: [
        inputParameter(operation, input),
        { name: "options", type: `SuspenseQueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
      ],
      returnType: `UseSuspenseQueryResult<${response}, CommerceError>`,
      statements: `return useSuspenseQuery(${names.queryOptions}(useCommerceClient(), input, options));`,
    },
  ];
}

function infiniteHookStatement(operation: Operation): Statement {
  const names = operationNames(operation);
  const { response, infiniteQueryKeyType: key } = names;
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: names.infiniteHook,
    docs: [
      `${operation.summary} Every page, fetched one by one with \`fetchNextPage()\`; \`data.items\` is the flat list.`,
    ],
    parameters: [
      inputParameter(operation, names.pagesInput),
      { name: "options", type: `InfiniteQueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
    ],
    returnType: `UseInfiniteQueryResult<PagesWithItems<${response}>, CommerceError>`,
    statements: `return useInfiniteQuery(${names.infiniteQueryOptions}(useCommerceClient(), input, options));`,
  };
}

// ── mutations ──────────────────────────────────────────────────────────────

function emitMutations(operations: readonly Operation[], file: Statement[]) {
  const imports = importCollector();
  imports.use("@tanstack/react-query", "type UseMutationResult");
  imports.use("../errors.js", "type CommerceError");
  imports.use("../mutations.js", "useCommerceMutation", "type MutationOverrides");
  for (const operation of operations) {
    const names = operationNames(operation);
    const { function: id, input, response } = names;
    imports.use("@commerce-api/client", id, `type ${input}`, `type ${response}`);
    const invalidates = operation.invalidates.map(
      (group) => `[${group.map((s) => JSON.stringify(s)).join(", ")}]`,
    );
    const changes =
      operation.invalidates.length > 0
        ? `On success, invalidates (and refetches the active ones among) the queries under ${operation.invalidates
            .map((group) => `\`${group.join(".")}\``)
            .join(", ")}.`
        : "It changes nothing a query of this API reads, so it invalidates nothing.";
    file.push(blankLine, {
      kind: StructureKind.Function,
      isExported: true,
      name: names.hook,
      docs: [
        `${operation.summary} A mutation over {@link ${id}}: \`mutate(input)\` or \`mutateAsync(input)\`.\n${changes}`,
      ],
      parameters: [
        {
          name: "options",
          type: `MutationOverrides<${response}, ${input}>`,
          hasQuestionToken: true,
        },
      ],
      returnType: `UseMutationResult<${response}, CommerceError, ${input}>`,
      statements: `return useCommerceMutation(${id}, [${invalidates.join(", ")}], options);`,
    });
  }
  file.unshift(...imports.declarations());
}

// ── helpers ────────────────────────────────────────────────────────────────

/** `return callee({ ...lines });`, indented by the writer, so the output needs no formatter. */
function returnCall(callee: string, lines: readonly string[]): WriterFunction {
  return (writer) => {
    writer.writeLine(`return ${callee}({`);
    writer.indent(() => {
      for (const line of lines) writer.writeLine(line);
    });
    writer.write("});");
  };
}

/** `input: <type>`, defaulting to `{}` when every field is optional. */
function inputParameter(operation: Operation, type: string) {
  const optional = operation.parameters.every((p) => p.optional);
  return { name: "input", type, ...(optional && { initializer: "{}" }) };
}

/** The key's elements before the input: the root (the runtime's `queryKeyRoot`) and the operation's group path. */
function keyPrefix(operation: Operation): string {
  return ["queryKeyRoot", ...operation.group.map((s) => JSON.stringify(s))].join(", ");
}

/** The type of those elements. */
function keyPrefixType(operation: Operation): string {
  return ["typeof queryKeyRoot", ...operation.group.map((s) => JSON.stringify(s))].join(", ");
}

/** A list that pages by page number (both of the service's forms do), so an infinite query can walk it. */
function pagesByNumber(operation: Operation): boolean {
  const page = operation.parameters.find((p) => p.name === "page" && p.location === "query");
  return operation.pagination !== undefined && page?.optional === true && page.type.kind === "integer";
}

function answersNull(operation: Operation): boolean {
  return operation.responses.some((r) => r.body.kind === "null");
}
