import {
  ApiError,
  HTTPValidationError,
  InvalidInputError,
  MissingInvoiceBillingDetailsError,
  NetworkError,
  OrderNotEligibleForInvoiceError,
  ResourceNotFoundError,
  TimeoutError,
} from "@commerce-api/client";
import { describe, expect, test } from "vitest";
import { describeError } from "../src/lib/errors.js";
import { describeValidationError } from "../src/lib/license-keys.js";

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
    expect(scope.message).not.toContain("products:read");
    // The scopes are for a developer: kept apart, shown with the developer switch on.
    expect(scope.detail).toBe("needs products:read");
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
    // The service's "Not found." (with its full stop) says nothing more either.
    expect(
      describeError(apiError(ResourceNotFoundError, 404, { error: "ResourceNotFound" }, "Not found."))
        .message,
    ).toBe("Nothing with that ID exists here.");
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

  test("a field with several 422 issues shows the first one the service listed", () => {
    const error = new HTTPValidationError({
      status: 422,
      body: {},
      ...at,
      issues: [
        { path: ["customer_id"], message: "Customer not found." },
        { path: ["customer_id"], message: "Input should be a valid UUID" },
        { path: ["meter_id", 0], message: "Meter not found." },
        { path: ["meter_id", 1], message: "Meter is archived." },
      ],
    } as ConstructorParameters<typeof HTTPValidationError>[0]);
    expect(describeError(error).fields).toEqual({
      customer_id: "Customer not found.",
      meter_id: "Meter not found.",
    });
  });

  test("every 5xx, not only 503, reads as the service having trouble, with a retry", () => {
    for (const status of [500, 502, 503, 504]) {
      expect(describeError(apiError(ApiError, status, {})), `status ${status}`).toMatchObject({
        title: "The service is having trouble",
        message: `Please try again in a moment. (Error ${status})`,
        retryable: true,
        session: false,
      });
    }
    expect(describeError(apiError(ApiError, 500, {})).message).toContain("500");
    // 4xx without a meaning of its own is not retried.
    expect(describeError(apiError(ApiError, 418, {})).retryable).toBe(false);
  });
});

describe("describeValidationError: why a license key did not validate, in words", () => {
  const refused = (detail?: string) =>
    describeValidationError(apiError(ResourceNotFoundError, 404, { error: "ResourceNotFound" }, detail));

  test("the service's reason becomes a title and a sentence, never 'Not found'", () => {
    expect(refused("License key is no longer active.")).toMatchObject({
      title: "This key is no longer active",
      retryable: false,
    });
    expect(refused("License key is no longer active.").message).toMatch(/revoked or disabled/);
    expect(refused("License key has expired.").title).toBe("This key has expired");
    expect(refused("License key does not match required conditions").title).toBe(
      "The conditions do not match",
    );
    expect(refused("License key does not match given benefit.").title).toBe("Another benefit's key");
    expect(refused("License key does not match given user.").title).toBe("Another customer's key");
    expect(refused("License key does not match given customer.").title).toBe("Another customer's key");
  });

  test("an unknown key says what to check; a usage limit keeps the service's count", () => {
    expect(refused("Not found")).toMatchObject({ title: "Key not found" });
    expect(refused(undefined).message).toMatch(/no license key with this text/i);
    const limit = describeValidationError(
      apiError(ApiError, 400, { error: "BadRequest" }, "License key only has 1 more usages."),
    );
    expect(limit).toMatchObject({
      title: "Usage limit reached",
      message: "License key only has 1 more usages.",
    });
    // A 400 that says nothing is no usage limit: it reads as a 400 does everywhere.
    const bare = apiError(ApiError, 400, { error: "BadRequest" });
    expect(describeValidationError(bare)).toEqual(describeError(bare));
    expect(describeValidationError(bare).title).not.toBe("Usage limit reached");
    // Anything else reads as on every other screen.
    expect(describeValidationError(apiError(ApiError, 503, {})).title).toBe("The service is having trouble");
  });
});

describe("describeError: each report whole, as the screen shows it", () => {
  const none = { retryable: false, session: false, fields: {} };

  test("a session refused or not allowed: the session is the fix, not a retry", () => {
    expect(describeError(apiError(ApiError, 401, { error: "invalid_token" }))).toEqual({
      ...none,
      session: true,
      title: "Session refused",
      message: "This token is expired or unknown. Choose another session.",
    });
    expect(describeError(apiError(ApiError, 403, { error: "insufficient_scope" }))).toEqual({
      ...none,
      session: true,
      title: "Not allowed",
      message: "This session may not see this page: choose a session with full access.",
    });
    expect(describeError(apiError(ApiError, 403, {}, "Forbidden")).message).toBe(
      "This session may not see this page: choose a session with full access.",
    );
  });

  test("404 and 409 as plain sentences, with the service's reason when it says more", () => {
    expect(describeError(apiError(ApiError, 404, {}, "  Product is archived.  "))).toEqual({
      ...none,
      title: "Not found",
      message: "Nothing with that ID exists here. (Product is archived.)",
    });
    expect(describeError(apiError(ApiError, 404, {}, "   ")).message).toBe(
      "Nothing with that ID exists here.",
    );
    expect(describeError(apiError(ApiError, 409, {}, "Discount is in use."))).toEqual({
      ...none,
      title: "Conflict",
      message: "The request conflicts with the record's state. (Discount is in use.)",
    });
    expect(describeError(apiError(ApiError, 409, {}, "conflict")).message).toBe(
      "The request conflicts with the record's state.",
    );
    expect(
      describeError(apiError(ApiError, 409, {}, "The request conflicts with the record's state.")).message,
    ).toBe("The request conflicts with the record's state.");
    // Only a bare "Not found" says nothing more: the service's own sentence is kept.
    expect(describeError(apiError(ResourceNotFoundError, 404, {}, "Discount not found.")).message).toBe(
      "Nothing with that ID exists here. (Discount not found.)",
    );
    // A 403's reason names scopes, which are for a developer: apart from the sentence.
    const forbidden = describeError(apiError(ApiError, 403, {}, "Forbidden: needs discounts:write"));
    expect(forbidden.message).toBe("This session may not see this page: choose a session with full access.");
    expect(forbidden.detail).toBe("Forbidden: needs discounts:write");
  });

  test("too many requests, a timeout, the invoice's refusals: each its own sentence", () => {
    expect(describeError(apiError(ApiError, 429, {}))).toEqual({
      ...none,
      retryable: true,
      title: "Too many requests",
      message: "The API asks to slow down. Try again shortly.",
    });
    const timeout = new TimeoutError({
      method: "GET",
      url: "http://x/v1/products",
      timeoutMs: 10,
      cause: null,
    });
    expect(describeError(timeout)).toEqual({
      ...none,
      retryable: true,
      title: "The API took too long",
      message: "No answer in time. Try again.",
    });
    expect(
      describeError(apiError(OrderNotEligibleForInvoiceError, 409, { error: "OrderNotEligibleForInvoice" })),
    ).toEqual({
      ...none,
      title: "This order cannot be invoiced",
      message: "Only paid or refunded orders get an invoice; this one is a draft or void.",
    });
    expect(
      describeError(
        apiError(MissingInvoiceBillingDetailsError, 422, { error: "MissingInvoiceBillingDetails" }),
      ),
    ).toEqual({
      ...none,
      title: "Billing details missing",
      message: "The customer has no billing name or address yet, so no invoice can be made.",
    });
  });

  test("a network failure says to check the server; an unknown failure keeps its own words", () => {
    const network = new NetworkError({ cause: null, method: "GET", url: "http://x/v1/products" });
    expect(describeError(network)).toEqual({
      ...none,
      retryable: true,
      title: "Could not reach the API",
      message: "The request did not get through. Check that the server is running, then try again.",
    });
    expect(describeError(new Error("boom"))).toEqual({
      ...none,
      retryable: true,
      title: "Something went wrong",
      message: "boom",
    });
    expect(describeError("a string thrown")).toMatchObject({ message: "a string thrown", retryable: true });
  });

  test("another refused request names its status and the service's words, or the error's", () => {
    expect(describeError(apiError(ApiError, 400, {}, "Bad currency"))).toEqual({
      ...none,
      title: "Request refused (400)",
      message: "Bad currency",
    });
    const bare = apiError(ApiError, 418, { error: "Teapot" });
    expect(describeError(bare)).toEqual({ ...none, title: "Request refused (418)", message: bare.message });
    expect(describeError(apiError(ApiError, 499, {})).retryable).toBe(false);
    expect(describeError(apiError(ApiError, 500, {})).retryable).toBe(true);
  });

  test("validation reports: which one, and problems about no field land on the form", () => {
    const error = new HTTPValidationError({
      status: 422,
      body: {},
      ...at,
      issues: [{ path: [], message: "Start must come before end." }],
    } as ConstructorParameters<typeof HTTPValidationError>[0]);
    expect(describeError(error)).toEqual({
      ...none,
      title: "Check the highlighted fields",
      message: "The service refused the request: some values are not valid.",
      fields: { form: "Start must come before end." },
    });
    const own = describeError(new InvalidInputError({ operationId: "listEvents", issues: [] }));
    expect(own).toEqual({
      ...none,
      title: "Check the highlighted fields",
      message: "Some values are not valid; nothing was sent.",
    });
  });
});

describe("describeValidationError: the whole refusal", () => {
  const refused = (detail?: string, Class: typeof ApiError = ResourceNotFoundError) =>
    describeValidationError(apiError(Class, 404, { error: "ResourceNotFound" }, detail));

  test("each reason's sentence says what happened and what to do", () => {
    expect(refused("License key is no longer active.").message).toBe(
      "It was revoked or disabled, so software using it stops working. Grant a new key to the customer.",
    );
    expect(refused("License key has expired.").message).toBe(
      "Its expiry date has passed; it no longer validates.",
    );
    expect(refused("License key does not match required conditions").message).toBe(
      "This activation only validates with the conditions it was activated with, and the ones given differ.",
    );
    expect(refused("License key does not match given benefit.").message).toBe(
      "The key exists, but it was not granted by this benefit.",
    );
    expect(refused("License key does not match given customer.").message).toBe(
      "The key exists, but it belongs to another customer.",
    );
    expect(refused("License key not found", ApiError)).toEqual({
      retryable: false,
      session: false,
      fields: {},
      title: "Key not found",
      message:
        "No license key with this text in this organization, or no activation with this ID on it. Check for typing mistakes.",
    });
  });

  test("a failure that is not the service's answer reads as anywhere else", () => {
    expect(describeValidationError(new Error("boom"))).toEqual(describeError(new Error("boom")));
    const conflict = apiError(ApiError, 409, {}, "License key is no longer active.");
    expect(describeValidationError(conflict)).toEqual(describeError(conflict));
  });
});
