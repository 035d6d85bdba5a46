import { queryRuntimeExports } from "../query/runtime-names.ts";

/**
 * What the React bindings' generated files import, by module (beside the core's factories
 * of each operation): an operation's name may not take one of them. The emitter imports
 * from here, and test/runtime-names.test.ts checks each module really exports them.
 */
export const reactRuntimeImports = {
  "@tanstack/react-query": [
    "useInfiniteQuery",
    "useMutation",
    "useQuery",
    "useSuspenseInfiniteQuery",
    "useSuspenseQuery",
  ],
  "../provider.js": ["useCommerceClient"],
} as const;

/**
 * The values `@commerce-api/react` exports beside the generated hooks and everything of
 * `@commerce-api/query` (re-exported as it is). Checked against the package's real exports
 * by test/runtime-names.test.ts.
 */
export const reactRuntimeExports = ["CommerceProvider", "useCommerceClient"] as const;

/** Every name the React bindings reserve: an operation id may take none of them. */
export const reactReservedNames: readonly string[] = [
  ...new Set([...Object.values(reactRuntimeImports).flat(), ...reactRuntimeExports, ...queryRuntimeExports]),
];
