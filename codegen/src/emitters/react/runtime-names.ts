/**
 * What the React bindings' generated files import, by module: an operation's function is
 * imported beside these, so an operation may not take one of their names. The emitter
 * imports from here, and test/runtime-names.test.ts checks each module really exports them.
 */
export const reactRuntimeImports = {
  "@tanstack/react-query": [
    "infiniteQueryOptions",
    "mutationOptions",
    "queryOptions",
    "useInfiniteQuery",
    "useMutation",
    "useQuery",
    "useSuspenseInfiniteQuery",
    "useSuspenseQuery",
  ],
  "../keys.js": ["clientScope", "queryKeyRoot"],
  "../mutations.js": ["invalidateThen"],
  "../pages.js": ["firstPage", "nextPageParam", "withItems"],
  "../provider.js": ["useCommerceClient"],
  "../queries.js": ["pollWhileNull", "queryDefaults"],
} as const;

/**
 * The values `@commerce-api/react` exports beside the generated ones: a generated hook, key
 * or options factory of the same name would collide with it. Checked against the package's
 * real exports by test/runtime-names.test.ts.
 */
export const reactRuntimeExports = [
  "clientCacheId",
  "CommerceProvider",
  "invalidateThen",
  "nextPageParam",
  "pendingPollIntervalMs",
  "pollWhileNull",
  "queryDefaults",
  "queryKeyRoot",
  "setClientCacheId",
  "useCommerceClient",
  "withItems",
] as const;

/** Every name the React bindings reserve: an operation id may take none of them. */
export const reactReservedNames: readonly string[] = [
  ...new Set([...Object.values(reactRuntimeImports).flat(), ...reactRuntimeExports]),
];
