/**
 * `@commerce-api/client/core`: the bare client and the standalone operations.
 * `createClient` here returns a client without grouped methods, so a bundle
 * holds only the operations it imports. `@commerce-api/client` adds the
 * grouped facade (`client.licenseKeys.validate(...)`) on top of the same client.
 */
export {
  type ClientOptions,
  type CoreClient,
  createCoreClient as createClient,
  createCoreClient,
  type Environment,
  type FetchFunction,
  type HookContext,
  type RequestHook,
  type ResponseHook,
  type TokenSource,
  type ValidateOptions,
} from "./client.js";
export {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  type ErrorCodes,
  HTTPValidationError,
  InvalidInputError,
  NetworkError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from "./errors.js";
export { apiVersion, environments } from "./generated/environments.js";
// The classes of the spec's error codes (ResourceNotFoundError...) and their table.
export * from "./generated/errors.js";
export * from "./generated/operations.js";
export { operationDefinitions } from "./generated/registry.js";
export * from "./generated/resources.js";
export { securitySchemes } from "./generated/security.js";
export { apiVersions, datedOperationDefinitions } from "./generated/versions.js";
export type { HeadersInput } from "./headers.js";
export type { Issue } from "./issues.js";
export type {
  HttpMethod,
  InputOf,
  OperationDefinition,
  PathFiller,
  PathTemplate,
  QueryParameter,
  QuerySerializer,
  QueryStyle,
  ResponseDefinition,
  ResultOf,
} from "./operation.js";
export {
  type ItemOf,
  nextPageNumber,
  type PageMethod,
  type PageOf,
  type PageOperation,
  type PageShape,
  type Paginator,
  paginate,
} from "./paginate.js";
// What a definition of your own for `request()` gives its path and query parameters.
export { serializeQuery } from "./query.js";
export { redactHeaders } from "./redact.js";
export { type RequestOptions, request } from "./request.js";
export type { CallRetryOptions, RetryOptions } from "./retry.js";
export type { SecurityScheme } from "./token-kind.js";
export { fillPath } from "./url.js";
export type { Check, Problem } from "./validate.js";
