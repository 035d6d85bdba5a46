// biome-ignore-all lint/complexity/noThisInStatic: naming the class inside its own body makes esbuild rename it (see below)
import { formatIssues, type Issue } from "./issues.js";

/*
 * Every error the client throws. Each class sets its `name` on its prototype
 * (not from `constructor.name`, which minifiers rename), so `error.name` and the
 * first line of the stack stay readable in production bundles. The static blocks
 * say `this`, never the class's own name: a class body that names its class makes
 * esbuild rename the class (`_ResourceNotFoundError`), and `util.inspect` and
 * Node's report of an uncaught error print `constructor.name`.
 *
 * No class ever receives a token: the runtime passes response headers without
 * credentials and redacts the token out of any text it got from the wire.
 */

/** Sets the class's `name` on its prototype; the generated classes of the spec's error codes use it too. */
export function nameClass(cls: { prototype: Error }, name: string): void {
  Object.defineProperty(cls.prototype, "name", { value: name, writable: true, configurable: true });
}

/** The input failed its schema (or a path parameter is missing); no request was sent. */
export class InvalidInputError extends Error {
  /** The operation whose input was rejected, e.g. `validateLicenseKey`. */
  readonly operationId: string;
  readonly issues: readonly Issue[];

  constructor(init: { operationId: string; issues: readonly Issue[] }) {
    super(`${init.operationId}: invalid input: ${formatIssues(init.issues)}`);
    this.operationId = init.operationId;
    this.issues = init.issues;
  }
  static {
    nameClass(this, "InvalidInputError");
  }
}

export interface ApiErrorInit {
  readonly status: number;
  /** The status line's text (`Bad Gateway`), used in the message when the body names no code. */
  readonly statusText?: string;
  readonly code?: string | undefined;
  readonly detail?: string | undefined;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly method: string;
  readonly url: string;
  /** What the client knows and the body does not say, e.g. that the token is of a kind the operation does not take. */
  readonly hint?: string | undefined;
}

/**
 * The service answered with a non-2xx status. Subclasses name the cases callers handle: by
 * status here (401, 403, 429, a validation-shaped 422), by error code in generated/errors.ts.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The body's `error` field when it is a string (`ResourceNotFound`, `NotPermitted`, `invalid_token`...). */
  readonly code: string | undefined;
  /** A human-readable explanation: the body's `detail` text (or `error_description`, `message`); for a validation report, its summary. */
  readonly detail: string | undefined;
  /** The parsed JSON body, or the raw text when the body is not JSON (an HTML error page, an empty body). */
  readonly body: unknown;
  /** Response headers, lower-cased, without `authorization`, `cookie` or `set-cookie`, and with the token cut out of the others' values. */
  readonly headers: Readonly<Record<string, string>>;
  readonly method: string;
  readonly url: string;

  constructor(init: ApiErrorInit) {
    super(apiErrorMessage(init));
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.body = init.body;
    this.headers = init.headers ?? {};
    this.method = init.method;
    this.url = init.url;
  }
  static {
    nameClass(this, "ApiError");
  }
}

/**
 * The spec's error codes (generated/errors.ts `errorCodes`): each one's status, and the
 * ApiError subclass thrown for it when the spec names one (generated beside the table).
 */
export type ErrorCodes = Readonly<
  Record<string, { readonly status: number; readonly errorClass?: new (init: ApiErrorInit) => ApiError }>
>;

/** 401: no token, an unknown or expired one, or a token of a kind the operation does not take (the message then says which kinds it takes). */
export class AuthenticationError extends ApiError {
  static {
    nameClass(this, "AuthenticationError");
  }
}

/** 403: the token is valid but may not do this (`insufficient_scope`: it lacks every scope the operation accepts; `NotPermitted`). */
export class PermissionDeniedError extends ApiError {
  static {
    nameClass(this, "PermissionDeniedError");
  }
}

/** 429: too many requests. Thrown once the retries are spent, or at once when the service asks for a longer wait than `maxDelayMs`. */
export class RateLimitError extends ApiError {
  /** Seconds the service asks to wait (its `Retry-After`, a delay or a date), or `undefined` when it does not say. */
  readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit & { retryAfter?: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
  static {
    nameClass(this, "RateLimitError");
  }
}

/** 422 whose `detail` is an array: the server's validation report, as `issues`. */
export class HTTPValidationError extends ApiError {
  readonly issues: readonly Issue[];

  constructor(init: ApiErrorInit & { issues: readonly Issue[] }) {
    super(init);
    this.issues = init.issues;
  }
  static {
    nameClass(this, "HTTPValidationError");
  }
}

/** A 2xx response the client cannot accept: body not JSON, not matching its schema, or a status the operation does not define. */
export class ResponseValidationError extends Error {
  readonly status: number;
  /** Empty when the body is not JSON or the status is unexpected. */
  readonly issues: readonly Issue[];
  /** The raw body text. */
  readonly body: string;
  readonly method: string;
  readonly url: string;

  constructor(init: {
    status: number;
    issues: readonly Issue[];
    body: string;
    method: string;
    url: string;
    /** What is wrong, e.g. `body is not JSON`. */
    reason: string;
  }) {
    const issues = init.issues.length > 0 ? `: ${formatIssues(init.issues)}` : "";
    super(`${init.method} ${pathOf(init.url)} → ${init.status}: ${init.reason}${issues}`);
    this.status = init.status;
    this.issues = init.issues;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
  }
  static {
    nameClass(this, "ResponseValidationError");
  }
}

/** The request never got a response: DNS, connection, TLS, CORS, or the body broke off. */
export class NetworkError extends Error {
  readonly method: string;
  readonly url: string;

  /** `reason`: the root cause in words, e.g. `getaddrinfo ENOTFOUND api.example.com (the host name does not resolve)`. */
  constructor(init: { method: string; url: string; cause: unknown; reason?: string }) {
    const reason = init.reason ? `: ${init.reason}` : "";
    super(`${init.method} ${pathOf(init.url)}: network error reaching ${hostOf(init.url)}${reason}`, {
      cause: init.cause,
    });
    this.method = init.method;
    this.url = init.url;
  }
  static {
    nameClass(this, "NetworkError");
  }
}

/** No complete response within `timeoutMs` (per attempt). A caller's own abort is rethrown as is, never this. */
export class TimeoutError extends Error {
  readonly method: string;
  readonly url: string;
  readonly timeoutMs: number;

  constructor(init: { method: string; url: string; timeoutMs: number; cause: unknown }) {
    super(`${init.method} ${pathOf(init.url)}: no response within ${init.timeoutMs} ms`, {
      cause: init.cause,
    });
    this.method = init.method;
    this.url = init.url;
    this.timeoutMs = init.timeoutMs;
  }
  static {
    nameClass(this, "TimeoutError");
  }
}

/** `POST /v1/license-keys/validate → 404 ResourceNotFound: License key not found` */
function apiErrorMessage(init: ApiErrorInit): string {
  const label = init.code ?? init.statusText;
  const detail = init.detail ? `: ${truncate(init.detail)}` : "";
  const hint = init.hint ? `; ${init.hint}` : "";
  return `${init.method} ${pathOf(init.url)} → ${init.status}${label ? ` ${label}` : ""}${detail}${hint}`;
}

/** The path alone: query strings can hold customer data that does not belong in logs. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "the server";
  }
}

function truncate(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
