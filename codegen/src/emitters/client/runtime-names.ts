/**
 * The values `@commerce-api/client` exports beside the per-operation ones (its hand-written
 * runtime and the generated files of fixed names). Operation ids are camelCase, so only the
 * camelCase ones can collide with an operation's function or definition; the loader reports
 * an operation id that would. test/runtime-names.test.ts checks this list against the
 * package's real exports.
 */
export const clientRuntimeExports = [
  "apiVersion",
  "apiVersions",
  "createClient",
  "createCoreClient",
  "datedOperationDefinitions",
  "environments",
  "errorCodes",
  "fillPath",
  "nextPageNumber",
  "operationDefinitions",
  "paginate",
  "redactHeaders",
  "request",
  "securitySchemes",
  "serializeQuery",
] as const;

/** generated/registry.ts: every operation's definition by id (exported by the client's core). */
export const operationRegistryName = "operationDefinitions";

/** The function grouped.ts declares beside the operations it imports; index.ts uses it unexported. */
export const groupedFacadeName = "groupOperations";

/** The namespace operations.ts imports generated/validators.ts as. */
export const VALIDATORS = "validators";

/** Every name an operation id may not take in the client. */
export const clientReservedNames: readonly string[] = [
  ...clientRuntimeExports,
  groupedFacadeName,
  VALIDATORS,
];

/**
 * The error classes of the client's hand-written runtime (src/errors.ts). The spec's error
 * codes may name their own classes (generated into generated/errors.ts), but none of these.
 */
export const clientRuntimeErrorClasses = [
  "ApiError",
  "AuthenticationError",
  "HTTPValidationError",
  "InvalidInputError",
  "NetworkError",
  "PermissionDeniedError",
  "RateLimitError",
  "ResponseValidationError",
  "TimeoutError",
] as const;

/** The ApiError subclasses the runtime throws by status when the code has no class of its own (src/api-error.ts). */
export const statusErrorClasses: Readonly<Record<number, string>> = {
  401: "AuthenticationError",
  403: "PermissionDeniedError",
  429: "RateLimitError",
};
