import type {
  ApiError,
  InvalidInputError,
  NetworkError,
  ResponseValidationError,
  TimeoutError,
} from "@commerce-api/client";

/**
 * Everything a generated hook's `error` can be: the service's answer (`ApiError` and its
 * subclasses, e.g. `ResourceNotFoundError`), an input refused before any request
 * (`InvalidInputError`), a transport failure, or a response the schema rejected.
 * Narrow it with `instanceof`.
 */
export type CommerceError =
  | ApiError
  | InvalidInputError
  | NetworkError
  | TimeoutError
  | ResponseValidationError;
