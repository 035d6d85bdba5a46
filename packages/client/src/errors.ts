import { formatIssues, type Issue } from "./issues.js";

/*
 * Every error the client throws. Each class sets its `name` on its prototype
 * (not from `constructor.name`, which minifiers rename), so `error.name` and the
 * first line of the stack stay readable in production bundles.
 *
 * No class ever receives a token: the runtime passes response headers without
 * credentials and redacts the token out of any text it got from the wire.
 */

function nameClass(cls: { prototype: Error }, name: string): void {
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
    nameClass(InvalidInputError, "InvalidInputError");
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
}

/** The service answered with a non-2xx status. Subclasses name the cases callers handle. */
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
    nameClass(ApiError, "ApiError");
  }
}

/** 404, or any response whose body says `ResourceNotFound`. */
export class ResourceNotFoundError extends ApiError {
  static {
    nameClass(ResourceNotFoundError, "ResourceNotFoundError");
  }
}

/** 409 `OrderNotEligibleForInvoice`: the order is a draft or void. */
export class OrderNotEligibleForInvoiceError extends ApiError {
  static {
    nameClass(OrderNotEligibleForInvoiceError, "OrderNotEligibleForInvoiceError");
  }
}

/** 422 `MissingInvoiceBillingDetails` (error-shaped, with a string `detail`): set the billing details first. */
export class MissingInvoiceBillingDetailsError extends ApiError {
  static {
    nameClass(MissingInvoiceBillingDetailsError, "MissingInvoiceBillingDetailsError");
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
    nameClass(HTTPValidationError, "HTTPValidationError");
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
    nameClass(ResponseValidationError, "ResponseValidationError");
  }
}

/** The request never got a response: DNS, connection, TLS, CORS, or the body broke off. */
export class NetworkError extends Error {
  readonly method: string;
  readonly url: string;

  constructor(init: { method: string; url: string; cause: unknown; reason?: string }) {
    super(`${init.method} ${pathOf(init.url)}: network error${init.reason ? ` (${init.reason})` : ""}`, {
      cause: init.cause,
    });
    this.method = init.method;
    this.url = init.url;
  }
  static {
    nameClass(NetworkError, "NetworkError");
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
    nameClass(TimeoutError, "TimeoutError");
  }
}

/** `POST /v1/license-keys/validate → 404 ResourceNotFound: License key not found` */
function apiErrorMessage(init: ApiErrorInit): string {
  const label = init.code ?? init.statusText;
  const detail = init.detail ? `: ${truncate(init.detail)}` : "";
  return `${init.method} ${pathOf(init.url)} → ${init.status}${label ? ` ${label}` : ""}${detail}`;
}

/** The path alone: query strings can hold customer data that does not belong in logs. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function truncate(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
