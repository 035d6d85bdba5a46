import {
  ApiError,
  type ApiErrorInit,
  HTTPValidationError,
  MissingInvoiceBillingDetailsError,
  OrderNotEligibleForInvoiceError,
  ResourceNotFoundError,
} from "./errors.js";
import { formatIssues, fromValidationDetail, isRecord } from "./issues.js";
import { redactText, safeHeaders } from "./redact.js";

/** A non-2xx response, body already read. */
export interface HttpFailure {
  readonly response: Response;
  readonly text: string;
  readonly method: string;
  readonly url: string;
  /** Credentials of the request, to be cut out of anything the server echoed. */
  readonly secrets: readonly string[];
}

/**
 * The error for a non-2xx response, its class chosen by the body's `error`
 * code first (the service's codes are stable), then by status and body shape.
 * Never throws: an HTML page from a proxy becomes an ApiError with the raw text.
 */
export function createApiError(failure: HttpFailure): ApiError {
  const text = redactText(failure.text, failure.secrets);
  const body = parseBody(text);
  const init: ApiErrorInit = {
    status: failure.response.status,
    statusText: failure.response.statusText,
    code: isRecord(body) && typeof body.error === "string" ? body.error : undefined,
    detail: detailOf(body),
    body,
    headers: safeHeaders(failure.response.headers),
    method: failure.method,
    url: failure.url,
  };

  switch (init.code) {
    case "OrderNotEligibleForInvoice":
      return new OrderNotEligibleForInvoiceError(init);
    case "MissingInvoiceBillingDetails":
      return new MissingInvoiceBillingDetailsError(init);
    case "ResourceNotFound":
      return new ResourceNotFoundError(init);
  }
  // A 422 may be validation-shaped (`detail` array) or error-shaped (`detail` string): only the first is a validation report.
  if (init.status === 422 && isRecord(body) && Array.isArray(body.detail)) {
    const issues = fromValidationDetail(body.detail);
    return new HTTPValidationError({ ...init, detail: formatIssues(issues), issues });
  }
  if (init.status === 404 && init.code === undefined) return new ResourceNotFoundError(init);
  return new ApiError(init);
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
