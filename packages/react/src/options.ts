/**
 * `@commerce-api/react/options`: the query keys and options factories without React (no
 * provider, no hooks), for router loaders, server code and prefetching: everything of
 * `@commerce-api/query`, re-exported as it is (the same functions). The main entry point
 * exports all of this too.
 */
export * from "@commerce-api/query";
export type { SuspenseInfiniteQueryOverrides, SuspenseQueryOverrides } from "./suspense.js";
