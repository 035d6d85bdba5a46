import { StructureKind, type WriterFunction } from "ts-morph";
import type { Operation } from "../../ir/types.ts";
import { blankLine, type Emitter, type Statement } from "../emitter.ts";
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

const root = "commerce-api";

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
  imports.use("../keys.js", "clientScope", "type ClientScope");
  imports.use("../queries.js", "queryDefaults", "type CommerceQueryOptions", "type QueryOverrides");
  for (const operation of operations) {
    const { id, typeName } = operation;
    imports.use("@commerce-api/client", id, `type ${typeName}Input`, `type ${typeName}Response`);
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
  const { id, typeName: pascal } = operation;
  const input = `${pascal}Input`;
  const response = `${pascal}Response`;
  const key = `${pascal}QueryKey`;
  const groupKey = keyPrefix(operation);
  return [
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: key,
      docs: [
        `The cache key of {@link ${id}}: the group path, the input, then (for one client's entry) the client.`,
      ],
      type: `readonly [${groupKey}, ${input}, ClientScope?]`,
    },
    blankLine,
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `${id}QueryKey`,
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
      statements: `return client === undefined ? [${groupKey}, input] : [${groupKey}, input, clientScope(client)];`,
    },
    blankLine,
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `${id}QueryOptions`,
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
        `queryKey: ${id}QueryKey(input, client),`,
        `queryFn: ({ signal }) => ${id}(client, input, { signal }),`,
      ]),
    },
  ];
}

function infiniteOptionStatements(operation: Operation): Statement[] {
  const { id, typeName: pascal } = operation;
  const response = `${pascal}Response`;
  const pagesInput = `${pascal}PagesInput`;
  const key = `${pascal}InfiniteQueryKey`;
  const groupKey = keyPrefix(operation);
  return [
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: pagesInput,
      docs: [`The input of {@link ${id}} for all its pages: \`page\` is the infinite query's to set.`],
      type: `Omit<${pascal}Input, "page">`,
    },
    blankLine,
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: key,
      docs: [`The cache key of {@link ${id}}'s pages for one client.`],
      type: `readonly [${groupKey}, ${pagesInput}, ClientScope]`,
    },
    blankLine,
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `${id}InfiniteQueryKey`,
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
      name: `${id}InfiniteQueryOptions`,
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
        `queryKey: ${id}InfiniteQueryKey(input, client),`,
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
    const { id, typeName: pascal } = operation;
    imports.use("@commerce-api/client", `type ${pascal}Input`, `type ${pascal}Response`);
    imports.use("./options.js", `${id}QueryOptions`, `type ${pascal}QueryKey`);
    file.push(blankLine, ...queryHookStatements(operation));
    if (pagesByNumber(operation)) {
      imports.use("@tanstack/react-query", "useInfiniteQuery", "type UseInfiniteQueryResult");
      imports.use("../pages.js", "type InfiniteQueryOverrides", "type PagesWithItems");
      imports.use(
        "./options.js",
        `${id}InfiniteQueryOptions`,
        `type ${pascal}InfiniteQueryKey`,
        `type ${pascal}PagesInput`,
      );
      file.push(blankLine, infiniteHookStatement(operation));
    }
  }
  file.unshift(...imports.declarations());
}

function queryHookStatements(operation: Operation): Statement[] {
  const { id, typeName: pascal } = operation;
  const input = `${pascal}Input`;
  const response = `${pascal}Response`;
  const key = `${pascal}QueryKey`;
  const polling = answersNull(operation)
    ? "\nWhile the service answers `null` (not ready yet), asks again every 2 s until there is data."
    : "";
  return [
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `use${pascal}`,
      docs: [
        `${operation.summary} Calls {@link ${id}} with the client of the nearest \`CommerceProvider\`.${polling}`,
      ],
      parameters: [
        inputParameter(operation, input),
        { name: "options", type: `QueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
      ],
      returnType: `UseQueryResult<${response}, CommerceError>`,
      statements: `return useQuery(${id}QueryOptions(useCommerceClient(), input, options));`,
    },
    blankLine,
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `use${pascal}Suspense`,
      docs: [
        `{@link use${pascal}} for a Suspense boundary: \`data\` is always defined, errors go to the error boundary.`,
      ],
      parameters: [
        inputParameter(operation, input),
        { name: "options", type: `SuspenseQueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
      ],
      returnType: `UseSuspenseQueryResult<${response}, CommerceError>`,
      statements: `return useSuspenseQuery(${id}QueryOptions(useCommerceClient(), input, options));`,
    },
  ];
}

function infiniteHookStatement(operation: Operation): Statement {
  const { id, typeName: pascal } = operation;
  const response = `${pascal}Response`;
  const key = `${pascal}InfiniteQueryKey`;
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: `use${pascal}Infinite`,
    docs: [
      `${operation.summary} Every page, fetched one by one with \`fetchNextPage()\`; \`data.items\` is the flat list.`,
    ],
    parameters: [
      inputParameter(operation, `${pascal}PagesInput`),
      { name: "options", type: `InfiniteQueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
    ],
    returnType: `UseInfiniteQueryResult<PagesWithItems<${response}>, CommerceError>`,
    statements: `return useInfiniteQuery(${id}InfiniteQueryOptions(useCommerceClient(), input, options));`,
  };
}

// ── mutations ──────────────────────────────────────────────────────────────

function emitMutations(operations: readonly Operation[], file: Statement[]) {
  const imports = importCollector();
  imports.use("@tanstack/react-query", "type UseMutationResult");
  imports.use("../errors.js", "type CommerceError");
  imports.use("../mutations.js", "useCommerceMutation", "type MutationOverrides");
  for (const operation of operations) {
    const { id, typeName: pascal } = operation;
    imports.use("@commerce-api/client", id, `type ${pascal}Input`, `type ${pascal}Response`);
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
      name: `use${pascal}`,
      docs: [
        `${operation.summary} A mutation over {@link ${id}}: \`mutate(input)\` or \`mutateAsync(input)\`.\n${changes}`,
      ],
      parameters: [
        {
          name: "options",
          type: `MutationOverrides<${pascal}Response, ${pascal}Input>`,
          hasQuestionToken: true,
        },
      ],
      returnType: `UseMutationResult<${pascal}Response, CommerceError, ${pascal}Input>`,
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

/** The key's elements before the input: the root and the operation's group path, as literals. */
function keyPrefix(operation: Operation): string {
  return [root, ...operation.group].map((s) => JSON.stringify(s)).join(", ");
}

/** A list that pages by page number (both of the service's forms do), so an infinite query can walk it. */
function pagesByNumber(operation: Operation): boolean {
  const page = operation.parameters.find((p) => p.name === "page" && p.location === "query");
  return operation.pagination !== undefined && page?.optional === true && page.type.kind === "integer";
}

function answersNull(operation: Operation): boolean {
  return operation.responses.some((r) => r.body.kind === "null");
}
