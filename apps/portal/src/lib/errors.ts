/**
 * Any error a hook can throw → what the screen says: a title, a plain sentence, whether a
 * retry can help, and the field errors of a validation report (the service's 422 or the
 * client's own input check) so a form shows them on the same fields as its own checks.
 */
import {
  ApiError,
  HTTPValidationError,
  InvalidInputError,
  type Issue,
  MissingInvoiceBillingDetailsError,
  NetworkError,
  OrderNotEligibleForInvoiceError,
  ResourceNotFoundError,
  TimeoutError,
} from "@commerce-api/client/2026-10";
import type { FieldErrors } from "./forms.js";

export interface ErrorReport {
  title: string;
  message: string;
  /** Trying the same call again may work (network, timeout, 429, 5xx). */
  retryable: boolean;
  /** A session problem: choosing another token is the fix. */
  session: boolean;
  fields: FieldErrors;
  /** The service's own words, shown with the developer switch on. */
  detail?: string;
}

export function describeError(error: unknown): ErrorReport {
  const report = { retryable: false, session: false, fields: {} };
  if (error instanceof InvalidInputError || error instanceof HTTPValidationError) {
    const fields = issuesToFields(error.issues);
    return {
      ...report,
      title: "Check the highlighted fields",
      message:
        error instanceof HTTPValidationError
          ? "The service refused the request: some values are not valid."
          : "Some values are not valid; nothing was sent.",
      fields,
    };
  }
  if (error instanceof NetworkError) {
    return {
      ...report,
      title: "Could not reach the API",
      message: "The request did not get through. Check that the server is running, then try again.",
      retryable: true,
    };
  }
  if (error instanceof TimeoutError) {
    return {
      ...report,
      title: "The API took too long",
      message: "No answer in time. Try again.",
      retryable: true,
    };
  }
  if (error instanceof OrderNotEligibleForInvoiceError) {
    return {
      ...report,
      title: "This order cannot be invoiced",
      message: "Only paid or refunded orders get an invoice; this one is a draft or void.",
    };
  }
  if (error instanceof MissingInvoiceBillingDetailsError) {
    return {
      ...report,
      title: "Billing details missing",
      message: "The customer has no billing name or address yet, so no invoice can be made.",
    };
  }
  // The client throws a code's own class whatever the status: a ResourceNotFound is "Not found".
  if (error instanceof ResourceNotFoundError) {
    return { ...report, title: "Not found", message: withDetail("Nothing with that ID exists here.", error) };
  }
  if (error instanceof ApiError) return describeStatus(error);
  return {
    ...report,
    title: "Something went wrong",
    message: error instanceof Error ? error.message : String(error),
    retryable: true,
  };
}

function describeStatus(error: ApiError): ErrorReport {
  const base = { retryable: false, session: false, fields: {} };
  switch (error.status) {
    case 401:
      return {
        ...base,
        session: true,
        title: "Session refused",
        message: "This token is expired or unknown. Choose another session.",
      };
    case 403:
      return {
        ...base,
        session: true,
        title: "Not allowed",
        message: "This session may not see this page: choose a session with full access.",
        // The scopes the service names ("products:read") are for the developer who picks the token.
        ...(error.detail ? { detail: error.detail } : {}),
      };
    case 404:
      return { ...base, title: "Not found", message: withDetail("Nothing with that ID exists here.", error) };
    case 409:
      return {
        ...base,
        title: "Conflict",
        message: withDetail("The request conflicts with the record's state.", error),
      };
    case 429:
      return {
        ...base,
        retryable: true,
        title: "Too many requests",
        message: "The API asks to slow down. Try again shortly.",
      };
    default:
      if (error.status >= 500) {
        return {
          ...base,
          retryable: true,
          title: "The service is having trouble",
          message: `Please try again in a moment. (Error ${error.status})`,
        };
      }
      return { ...base, title: `Request refused (${error.status})`, message: error.detail ?? error.message };
  }
}

/** Adds the service's own explanation when it says more than the status does. */
function withDetail(sentence: string, error: ApiError): string {
  const detail = error.detail?.trim();
  if (!detail || detail === sentence || /^(not found|conflict|forbidden)\.?$/i.test(detail)) return sentence;
  return `${sentence} (${detail})`;
}

/** Issues (client or service) → the first message per top-level input field. */
export function issuesToFields(issues: readonly Issue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    fields[field] ??= issue.message;
  }
  return fields;
}
