/**
 * The values `@commerce-api/client` exports beside the per-operation ones (its hand-written
 * runtime and the generated files of fixed names). Operation ids are camelCase, so only the
 * camelCase ones can collide with an operation's function or definition; the loader reports
 * an operation id that would. test/runtime-names.test.ts checks this list against the
 * package's real exports.
 */
export const clientRuntimeExports = [
  "createClient",
  "createCoreClient",
  "environments",
  "paginate",
  "redactHeaders",
  "request",
  "securitySchemes",
] as const;

/** The function grouped.ts declares beside the operations it imports; index.ts uses it unexported. */
export const groupedFacadeName = "groupOperations";

/** Every name an operation id may not take in the client. */
export const clientReservedNames: readonly string[] = [...clientRuntimeExports, groupedFacadeName];
