import type { Operation } from "../../ir/types.ts";
import { blankLine, functionStatement, type Statement } from "../emitter.ts";
import { importCollector, prependImports } from "../imports.ts";
import { answersNull, inputParameter, pagesByNumber } from "../query/shared.ts";
import { reactNames } from "./names.ts";

/**
 * queries.ts: per query `use<Op>` and `use<Op>Suspense`, and for a list that pages by
 * number `use<Op>Infinite` and `use<Op>SuspenseInfinite`; each one call over its options
 * factory with the provider's client.
 */
export function emitQueryHooks(operations: readonly Operation[], file: Statement[]) {
  const imports = importCollector();
  imports.use(
    "@tanstack/react-query",
    "useQuery",
    "useSuspenseQuery",
    "type UseQueryResult",
    "type UseSuspenseQueryResult",
  );
  imports.use("@commerce-api/query", "type CommerceError", "type QueryOverrides");
  imports.use("../provider.js", "useCommerceClient");
  imports.use("../suspense.js", "type SuspenseQueryOverrides");
  for (const operation of operations) {
    const names = reactNames(operation);
    imports.use("@commerce-api/client", `type ${names.input}`, `type ${names.response}`);
    imports.use("@commerce-api/query", names.queryOptions, `type ${names.queryKeyType}`);
    file.push(blankLine, ...queryHookStatements(operation));
    if (pagesByNumber(operation)) {
      imports.use(
        "@tanstack/react-query",
        "useInfiniteQuery",
        "useSuspenseInfiniteQuery",
        "type UseInfiniteQueryResult",
        "type UseSuspenseInfiniteQueryResult",
      );
      imports.use("@commerce-api/query", "type InfiniteQueryOverrides", "type PagesWithItems");
      imports.use("../suspense.js", "type SuspenseInfiniteQueryOverrides");
      imports.use(
        "@commerce-api/query",
        names.infiniteQueryOptions,
        `type ${names.infiniteQueryKeyType}`,
        `type ${names.pagesInput}`,
      );
      file.push(blankLine, ...infiniteHookStatements(operation));
    }
  }
  prependImports(file, imports);
}

function queryHookStatements(operation: Operation): Statement[] {
  const names = reactNames(operation);
  const { function: id, input, response, queryKeyType: key } = names;
  const polling = answersNull(operation)
    ? "\nWhile the service answers `null` (not ready yet), asks again every 2 s until there is data."
    : "";
  return [
    functionStatement({
      name: names.hook,
      docs: `${operation.summary} Calls {@link ${id}} with the client of the nearest \`CommerceProvider\`.${polling}`,
      parameters: [
        inputParameter(operation, input),
        { name: "options", type: `QueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
      ],
      returnType: `UseQueryResult<${response}, CommerceError>`,
      statements: `return useQuery(${names.queryOptions}(useCommerceClient(), input, options));`,
    }),
    blankLine,
    functionStatement({
      name: names.suspenseHook,
      docs: `{@link ${names.hook}} for a Suspense boundary: \`data\` is always defined, errors go to the error boundary.`,
      parameters: [
        inputParameter(operation, input),
        { name: "options", type: `SuspenseQueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
      ],
      returnType: `UseSuspenseQueryResult<${response}, CommerceError>`,
      statements: `return useSuspenseQuery(${names.queryOptions}(useCommerceClient(), input, options));`,
    }),
  ];
}

function infiniteHookStatements(operation: Operation): Statement[] {
  const names = reactNames(operation);
  const { response, infiniteQueryKeyType: key } = names;
  return [
    functionStatement({
      name: names.infiniteHook,
      docs: `${operation.summary} Every page, fetched one by one with \`fetchNextPage()\`; \`data.items\` is the flat list.`,
      parameters: [
        inputParameter(operation, names.pagesInput),
        { name: "options", type: `InfiniteQueryOverrides<${response}, ${key}>`, hasQuestionToken: true },
      ],
      returnType: `UseInfiniteQueryResult<PagesWithItems<${response}>, CommerceError>`,
      statements: `return useInfiniteQuery(${names.infiniteQueryOptions}(useCommerceClient(), input, options));`,
    }),
    blankLine,
    functionStatement({
      name: names.suspenseInfiniteHook,
      docs: `{@link ${names.infiniteHook}} for a Suspense boundary: the first page is there on the first render, errors go to the error boundary.`,
      parameters: [
        inputParameter(operation, names.pagesInput),
        {
          name: "options",
          type: `SuspenseInfiniteQueryOverrides<${response}, ${key}>`,
          hasQuestionToken: true,
        },
      ],
      returnType: `UseSuspenseInfiniteQueryResult<PagesWithItems<${response}>, CommerceError>`,
      statements: `return useSuspenseInfiniteQuery(${names.infiniteQueryOptions}(useCommerceClient(), input, options));`,
    }),
  ];
}
