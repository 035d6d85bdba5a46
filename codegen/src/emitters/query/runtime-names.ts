/**
 * What the core's generated file imports, by module: an operation's function is imported
 * beside these, so an operation may not take one of their names. The emitter imports from
 * here, and test/runtime-names.test.ts checks each module really exports them.
 */
export const queryRuntimeImports = {
  "../keys.js": ["queryKeyRoot"],
  "../mutations.js": ["mutationKeyFactory", "mutationOptionsFactory"],
  "../pages.js": ["infiniteQueryKeyFactory", "infiniteQueryOptionsFactory"],
  "../queries.js": ["pollingWhilePending", "queryKeyFactory", "queryOptionsFactory"],
} as const;

/**
 * The values `@commerce-api/query` exports beside the generated ones (and every framework
 * package re-exports): a generated key or options factory of the same name would collide
 * with it. Checked against the package's real exports by test/runtime-names.test.ts.
 */
export const queryRuntimeExports = [
  "clientCacheId",
  "clientScope",
  "commerceCache",
  "firstPage",
  "infiniteQueryKeyFactory",
  "infiniteQueryOptionsFactory",
  "invalidateThen",
  "mutationKeyFactory",
  "mutationOptionsFactory",
  "nextPageParam",
  "pendingPollIntervalMs",
  "pollingWhilePending",
  "pollWhileNull",
  "queryDefaults",
  "queryKeyFactory",
  "queryKeyRoot",
  "queryOptionsFactory",
  "setClientCacheId",
  "withItems",
] as const;

/** Every name the core reserves: an operation id may take none of them. */
export const queryReservedNames: readonly string[] = [
  ...new Set([...Object.values(queryRuntimeImports).flat(), ...queryRuntimeExports]),
];
