/**
 * `@commerce-api/react`: the provider, the generated hooks, and everything of
 * `@commerce-api/react/options` (keys and options factories).
 */
export * from "./generated/index.js";
export * from "./options.js";
export { CommerceProvider, type CommerceProviderProps, useCommerceClient } from "./provider.js";
