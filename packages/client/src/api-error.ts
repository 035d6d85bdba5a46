import {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  HTTPValidationError,
  PermissionDeniedError,
  RateLimitError,
} from "./errors.js";
import { errorCodes } from "./generated/errors.js";
import { formatIssues, fromValidationDetail, isRecord } from "./issues.js";
import type { OperationDefinition } from "./operation.js";
import { redactJson, redactMessage, safeHeaders } from "./redact.js";
import { parseRetryAfter } from "./retry.js";
import { wrongTokenKind } from "./token-kind.js";

/** A non-2xx response, body already read. */
export interface HttpFailure {
  readonly response: Response;
  readonly text: string;
  readonly method: string;
  readonly url: string;
  /** Credentials of the request, to be cut out of anything the server echoed. */
  readonly secrets: readonly string[];
  /** The security scheme of the token sent, known by its prefix. */
  readonly tokenScheme?: string | undefined;
}

/**
 * The error for a non-2xx response, its class chosen by the body's `error`
 * code first (the service's codes are stable), then by status and body shape.
 * Never throws: an HTML page from a proxy becomes an ApiError with the raw text.
 *
 * The body is parsed before the credentials are cut out of it, so the code
 * and the class stay exact even when a short token happens to occur in a code.
 */
export function createApiError(
  failure: HttpFailure,
  operation?: Pick<OperationDefinition, "id" | "auth">,
): ApiError {
  const parsed = parseBody(failure.text);
  const body = redactJson(parsed, failure.secrets);
  const init: ApiErrorInit = {
    status: failure.response.status,
    statusText: failure.response.statusText,
    // Verbatim: callers switch on it, and it names the service's error, not anything the request sent.
    code: codeOf(parsed),
    detail: detailOf(body),
    body,
    headers: safeHeaders(failure.response.headers, failure.secrets),
    method: failure.method,
    url: failure.url,
    hint:
      failure.response.status === 401 && operation
        ? wrongTokenKind(operation.id, operation.auth, failure.tokenScheme)
        : undefined,
  };
  return redactMessage(errorFor(init, body), failure.secrets);
}

/** The class of the body's code first (`ResourceNotFound` on any status), then the status and the body's shape. */
function errorFor(init: ApiErrorInit, body: unknown): ApiError {
  const ErrorOfCode = codeClass(init.code);
  if (ErrorOfCode) return new ErrorOfCode(init);
  // A 422 may be validation-shaped (`detail` array) or error-shaped (`detail` string): only the first is a validation report.
  if (init.status === 422 && isRecord(body) && Array.isArray(body.detail)) {
    const issues = fromValidationDetail(body.detail);
    return new HTTPValidationError({ ...init, detail: formatIssues(issues), issues });
  }
  switch (init.status) {
    case 401:
      return new AuthenticationError(init);
    case 403:
      return new PermissionDeniedError(init);
    case 404: {
      // A 404 that names another code (`NotPermitted`) is not "no such resource".
      const NotFound = init.code === undefined ? codeClass("ResourceNotFound") : undefined;
      return NotFound ? new NotFound(init) : new ApiError(init);
    }
    case 429:
      return new RateLimitError({ ...init, retryAfter: retryAfterSeconds(init.headers) });
  }
  return new ApiError(init);
}

/** The class the spec gives `code` (generated/errors.ts), if any. */
function codeClass(code: string | undefined) {
  return code === undefined ? undefined : errorCodes[code]?.errorClass;
}

/** `Retry-After` (delta seconds or an HTTP date) in whole seconds from now. */
function retryAfterSeconds(headers: ApiErrorInit["headers"]): number | undefined {
  const ms = parseRetryAfter(headers?.["retry-after"] ?? null, Date.now());
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}

function codeOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.error === "string" ? body.error : undefined;
}

/** Parsed JSON when the text is JSON, else the text itself (an HTML page, an empty body). */
function parseBody(text: string): unknown {
  if (text.trim() === "") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The service's `detail`, OAuth's `error_description`, or a gateway's `message`: whichever explains the error in words. */
function detailOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const key of ["detail", "error_description", "message"]) {
    if (typeof body[key] === "string") return body[key];
  }
  return undefined;
}
