/**
 * `@commerce-api/react`: the provider, the generated hooks, and everything of
 * `@commerce-api/react/options` (keys and options factories).
 */
// `@commerce-api/query` directly, not through `./options.js`: a bundler keeps an entry's own
// `export * from "<package>"`, but a star re-export of a package one module deeper became an
// object copied at run time, and the built entry exported none of its names.
export * from "@commerce-api/query";
export * from "./generated/index.js";
export { CommerceProvider, type CommerceProviderProps, useCommerceClient } from "./provider.js";
export type { SuspenseInfiniteQueryOverrides, SuspenseQueryOverrides } from "./suspense.js";
