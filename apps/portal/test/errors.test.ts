import {
  ApiError,
  HTTPValidationError,
  InvalidInputError,
  MissingInvoiceBillingDetailsError,
  NetworkError,
  OrderNotEligibleForInvoiceError,
  ResourceNotFoundError,
} from "@commerce-api/client";
import { describe, expect, test } from "vitest";
import { describeError } from "../src/lib/errors.js";

const at = { method: "POST", url: "http://127.0.0.1/v1/license-keys/validate", headers: {} };

function apiError<T extends ApiError>(
  Class: new (init: ConstructorParameters<typeof ApiError>[0]) => T,
  status: number,
  body: unknown,
  detail?: string,
) {
  const code = typeof body === "object" && body !== null && "error" in body ? String(body.error) : undefined;
  return new Class({ status, code, detail, body, ...at });
}

describe("describeError: what a screen says for each failure", () => {
  test("a 422 from the service lands on the form's fields", () => {
    const error = new HTTPValidationError({
      status: 422,
      body: {},
      ...at,
      issues: [
        { path: ["activation_id"], message: "Input should be a valid UUID", code: "uuid_parsing" },
        { path: ["conditions", "platform"], message: "String should have at most 40 characters" },
      ],
    } as ConstructorParameters<typeof HTTPValidationError>[0]);
    const report = describeError(error);
    expect(report.fields).toEqual({
      activation_id: "Input should be a valid UUID",
      conditions: "String should have at most 40 characters",
    });
    expect(report.retryable).toBe(false);
  });

  test("the client's own input check reads the same way, and says nothing was sent", () => {
    const report = describeError(
      new InvalidInputError({
        operationId: "listEvents",
        issues: [{ path: ["query"], message: "too short" }],
      }),
    );
    expect(report.fields).toEqual({ query: "too short" });
    expect(report.message).toMatch(/nothing was sent/);
  });

  test("401 and 403 point at the session; 404 and 409 are plain sentences without a retry", () => {
    const expired = describeError(
      apiError(ApiError, 401, { error: "invalid_token" }, "The token has expired"),
    );
    expect(expired).toMatchObject({ title: "Session refused", session: true, retryable: false });
    const scope = describeError(
      apiError(ApiError, 403, { error: "insufficient_scope" }, "needs products:read"),
    );
    expect(scope).toMatchObject({ title: "Not allowed", session: true });
    expect(scope.message).toContain("needs products:read");
    const missing = describeError(
      apiError(ResourceNotFoundError, 404, { error: "ResourceNotFound" }, "Not found"),
    );
    expect(missing).toEqual({
      title: "Not found",
      message: "Nothing with that ID exists here.",
      retryable: false,
      session: false,
      fields: {},
    });
    const draft = describeError(
      apiError(OrderNotEligibleForInvoiceError, 409, { error: "OrderNotEligibleForInvoice" }),
    );
    expect(draft.title).toBe("This order cannot be invoiced");
    const billing = describeError(
      apiError(MissingInvoiceBillingDetailsError, 422, { error: "MissingInvoiceBillingDetails" }),
    );
    expect(billing.title).toBe("Billing details missing");
  });

  test("network failures, 429 and 5xx offer a retry", () => {
    const network = new NetworkError({
      cause: new TypeError("fetch failed"),
      method: "GET",
      url: "http://x/v1/products",
    } as ConstructorParameters<typeof NetworkError>[0]);
    expect(describeError(network)).toMatchObject({ title: "Could not reach the API", retryable: true });
    expect(describeError(apiError(ApiError, 429, {}))).toMatchObject({ retryable: true });
    expect(describeError(apiError(ApiError, 503, {}))).toMatchObject({
      retryable: true,
      title: "The service is having trouble",
    });
    expect(
      describeError(apiError(ApiError, 400, { error: "BadRequest" }, "License key only has 1 more usages.")),
    ).toMatchObject({
      retryable: false,
      message: "License key only has 1 more usages.",
    });
  });
});
