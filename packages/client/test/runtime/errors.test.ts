import { inspect } from "node:util";
import { describe, expect, it, vi } from "vitest";
import {
  ApiError,
  AuthenticationError,
  HTTPValidationError,
  InvalidInputError,
  NetworkError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from "../../src/errors.js";
import {
  errorCodes,
  MissingInvoiceBillingDetailsError,
  OrderNotEligibleForInvoiceError,
  ResourceNotFoundError,
} from "../../src/generated/errors.js";
import { redactHeaders } from "../../src/redact.js";
import { request } from "../../src/request.js";
import {
  failure,
  fakeFetch,
  generateInvoiceOperation,
  getThing,
  json,
  testClient,
  validateKeyOperation,
} from "./helpers.js";

const keyInput = { key: "K-1", organization_id: "org" };

async function validateFails(response: Response): Promise<ApiError> {
  const error = await failure(request(testClient(fakeFetch(response)), validateKeyOperation, keyInput));
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("API errors", () => {
  it("a 429's retryAfter rounds a date's wait up to whole seconds, never below it", async () => {
    vi.useFakeTimers({ now: new Date("2026-04-01T12:00:00.500Z") });
    try {
      const error = await validateFails(
        json(429, { detail: "slow down" }, { "retry-after": "Wed, 01 Apr 2026 12:00:02 GMT" }),
      );
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfter).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a long detail is cut at 300 characters in the message, and kept whole on the error", async () => {
    const long = "x".repeat(301);
    const error = await validateFails(json(400, { detail: long }));
    expect(error.message).toBe(`POST /v1/license-keys/validate → 400: ${"x".repeat(300)}…`);
    expect(error.detail).toBe(long);
    const fits = await validateFails(json(400, { detail: "y".repeat(300) }));
    expect(fits.message.endsWith(`: ${"y".repeat(300)}`)).toBe(true);
  });

  it("keeps proxy credentials out of an error's headers and out of logged request headers", async () => {
    const error = await validateFails(
      json(407, { detail: "proxy" }, { "proxy-authorization": "Basic c2VjcmV0", "x-request-id": "req_2" }),
    );
    expect(error.headers).toEqual({ "content-type": "application/json", "x-request-id": "req_2" });
    expect(redactHeaders({ "Proxy-Authorization": "Basic c2VjcmV0", accept: "application/json" })).toEqual({
      "proxy-authorization": "[redacted]",
      accept: "application/json",
    });
  });

  it("turns a 404 ResourceNotFound into ResourceNotFoundError with every field and a useful message", async () => {
    const body = { error: "ResourceNotFound", detail: "License key not found" };
    const error = await validateFails(json(404, body, { "x-request-id": "req_1" }));
    expect(error).toBeInstanceOf(ResourceNotFoundError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: "ResourceNotFoundError",
      status: 404,
      code: "ResourceNotFound",
      detail: "License key not found",
      body,
      method: "POST",
      url: "https://api.test/v1/license-keys/validate",
    });
    expect(error.headers).toEqual({ "content-type": "application/json", "x-request-id": "req_1" });
    expect(error.message).toBe(
      "POST /v1/license-keys/validate → 404 ResourceNotFound: License key not found",
    );
  });

  it("throws the class the spec gives each error code, whatever the status, and ApiError for the others", async () => {
    const codes = Object.entries(errorCodes);
    expect(codes.filter(([, entry]) => entry.errorClass).length).toBeGreaterThanOrEqual(3);
    for (const [code, entry] of codes) {
      const error = await validateFails(json(entry.status, { error: code, detail: "x" }));
      const expected =
        entry.errorClass ??
        { 400: ApiError, 401: AuthenticationError, 403: PermissionDeniedError }[entry.status];
      expect([code, error.constructor]).toEqual([code, expected ?? ApiError]);
      expect(error.name).toBe(expected?.name ?? "ApiError");
      expect(error.code).toBe(code);
    }
  });

  it("treats a 404 without a code as ResourceNotFoundError", async () => {
    expect(await validateFails(json(404, { detail: "Not Found" }))).toBeInstanceOf(ResourceNotFoundError);
  });

  it("turns 409 OrderNotEligibleForInvoice into its class", async () => {
    const fetch = fakeFetch(json(409, { error: "OrderNotEligibleForInvoice", detail: "Order is a draft" }));
    const error = await failure(request(testClient(fetch), generateInvoiceOperation, { id: "o1" }));
    expect(error).toBeInstanceOf(OrderNotEligibleForInvoiceError);
    expect(error).toMatchObject({ status: 409, name: "OrderNotEligibleForInvoiceError" });
  });

  it("turns a validation-shaped 422 (detail array) into HTTPValidationError with issues", async () => {
    const body = {
      error: "RequestValidationError",
      detail: [
        { loc: ["body", "key"], msg: "Field required", type: "missing" },
        {
          loc: ["query", "limit"],
          msg: "Input should be less than or equal to 100",
          type: "less_than_equal",
        },
      ],
    };
    const error = (await validateFails(json(422, body))) as HTTPValidationError;
    expect(error).toBeInstanceOf(HTTPValidationError);
    expect(error.name).toBe("HTTPValidationError");
    expect(error.issues).toEqual([
      { path: ["key"], message: "Field required", code: "missing" },
      { path: ["limit"], message: "Input should be less than or equal to 100", code: "less_than_equal" },
    ]);
    expect(error.body).toEqual(body);
    expect(error.message).toBe(
      "POST /v1/license-keys/validate → 422 RequestValidationError: key: Field required; limit: Input should be less than or equal to 100",
    );
  });

  it("keeps an error-shaped 422 with a code it has no class for as a plain ApiError with its detail", async () => {
    const body = { error: "SeatLimitReached", detail: "The plan allows 5 seats" };
    const error = await validateFails(json(422, body));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(HTTPValidationError);
    expect(error).toMatchObject({ status: 422, code: "SeatLimitReached", detail: body.detail, body });
  });

  it("turns an error-shaped 422 (detail string) into MissingInvoiceBillingDetailsError, not HTTPValidationError", async () => {
    const body = { error: "MissingInvoiceBillingDetails", detail: "Billing name and address are required" };
    const fetch = fakeFetch(json(422, body));
    const error = await failure(request(testClient(fetch), generateInvoiceOperation, { id: "o1" }));
    expect(error).toBeInstanceOf(MissingInvoiceBillingDetailsError);
    expect(error).not.toBeInstanceOf(HTTPValidationError);
    expect(error).toMatchObject({ status: 422, detail: body.detail, code: "MissingInvoiceBillingDetails" });
  });

  it("keeps a 404 whose body names another code as a plain ApiError", async () => {
    const error = await validateFails(json(404, { error: "NotPermitted", detail: "Hidden" }));
    expect(error.constructor).toBe(ApiError);
    expect(error).not.toBeInstanceOf(ResourceNotFoundError);
    expect(error.code).toBe("NotPermitted");
  });

  it("reads a detail array as a validation report only on a 422: a 400 with one stays ApiError", async () => {
    const body = { detail: [{ loc: ["body", "key"], msg: "Field required", type: "missing" }] };
    const error = await validateFails(json(400, body));
    expect(error.constructor).toBe(ApiError);
    expect(error).not.toBeInstanceOf(HTTPValidationError);
    expect(error.body).toEqual(body);
  });

  it("turns 401 into AuthenticationError, 403 into PermissionDeniedError, with code, detail and headers", async () => {
    const unauthorized = await validateFails(
      json(
        401,
        { error: "Unauthorized", detail: "Unauthorized" },
        { "www-authenticate": 'Bearer realm="polar"' },
      ),
    );
    expect(unauthorized.constructor).toBe(AuthenticationError);
    expect(unauthorized).toBeInstanceOf(ApiError);
    expect(unauthorized).toMatchObject({
      name: "AuthenticationError",
      status: 401,
      code: "Unauthorized",
      detail: "Unauthorized",
    });
    expect(unauthorized.headers["www-authenticate"]).toBe('Bearer realm="polar"');

    const forbidden = await validateFails(
      json(403, { error: "insufficient_scope", error_description: "The token lacks license_keys:write" }),
    );
    expect(forbidden.constructor).toBe(PermissionDeniedError);
    expect(forbidden).toBeInstanceOf(ApiError);
    expect(forbidden).toMatchObject({
      name: "PermissionDeniedError",
      status: 403,
      code: "insufficient_scope",
    });
    expect(forbidden.detail).toBe("The token lacks license_keys:write");
  });

  it("keeps a 400 BadRequest as ApiError", async () => {
    const error = await validateFails(
      json(400, { error: "BadRequest", detail: "License key only has 0 more usages." }),
    );
    expect(error.constructor).toBe(ApiError);
    expect(error.message).toBe(
      "POST /v1/license-keys/validate → 400 BadRequest: License key only has 0 more usages.",
    );
  });

  it("turns an HTML error page from a proxy into ApiError with the raw text, never a SyntaxError", async () => {
    const html = "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>";
    const page = new Response(html, {
      status: 502,
      statusText: "Bad Gateway",
      headers: { "content-type": "text/html" },
    });
    const error = await validateFails(page);
    expect(error.constructor).toBe(ApiError);
    expect(error).toMatchObject({ status: 502, code: undefined, detail: undefined, body: html });
    expect(error.message).toBe("POST /v1/license-keys/validate → 502 Bad Gateway");
  });

  it("keeps an empty error body as empty text", async () => {
    const error = await validateFails(new Response(null, { status: 500 }));
    expect(error).toMatchObject({ status: 500, body: "", code: undefined });
  });

  it("turns a failed fetch into NetworkError with the cause, naming the host", async () => {
    const cause = new TypeError("Failed to fetch");
    const error = await failure(request(testClient(fakeFetch(cause)), validateKeyOperation, keyInput));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: "NetworkError", method: "POST" });
    expect((error as Error).cause).toBe(cause);
    expect((error as Error).message).toBe(
      "POST /v1/license-keys/validate: network error reaching api.test: Failed to fetch",
    );
  });

  it("names the port with the host when the URL has one (the local sandbox on 4010, not a service on 443)", async () => {
    const client = testClient(fakeFetch(new TypeError("Failed to fetch")), {
      baseUrl: "http://127.0.0.1:4010",
    });
    const error = await failure(request(client, validateKeyOperation, keyInput));
    expect((error as Error).message).toBe(
      "POST /v1/license-keys/validate: network error reaching 127.0.0.1:4010: Failed to fetch",
    );
  });

  /** What Node's fetch throws: a bare "fetch failed" whose cause holds the system error. */
  function nodeFetchFailure(message: string, code: string): TypeError {
    return new TypeError("fetch failed", { cause: Object.assign(new Error(message), { code }) });
  }

  it.each([
    [
      "DNS",
      nodeFetchFailure("getaddrinfo ENOTFOUND api.test", "ENOTFOUND"),
      "getaddrinfo ENOTFOUND api.test",
    ],
    [
      "a refused connection",
      nodeFetchFailure("connect ECONNREFUSED 127.0.0.1:4010", "ECONNREFUSED"),
      "connect ECONNREFUSED 127.0.0.1:4010",
    ],
    [
      "a refused connection on every address (AggregateError)",
      new TypeError("fetch failed", {
        cause: Object.assign(
          new AggregateError([
            Object.assign(new Error("connect ECONNREFUSED ::1:4010"), { code: "ECONNREFUSED" }),
          ]),
          { code: "ECONNREFUSED" },
        ),
      }),
      "connect ECONNREFUSED ::1:4010",
    ],
    [
      "a TLS certificate",
      nodeFetchFailure("self-signed certificate", "DEPTH_ZERO_SELF_SIGNED_CERT"),
      "DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate",
    ],
  ])("names the root cause of a failed fetch, not only 'fetch failed': %s", async (_, cause, reason) => {
    const error = await failure(request(testClient(fakeFetch(cause)), validateKeyOperation, keyInput));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(
      `POST /v1/license-keys/validate: network error reaching api.test: ${reason}`,
    );
    expect((error as Error).cause).toBe(cause);
  });

  it("turns a body that breaks off into NetworkError", async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new Error("socket hang up"));
      },
    });
    const fetch = fakeFetch(() => new Response(broken, { status: 200 }));
    const error = await failure(getThing(testClient(fetch, { retry: false }), { id: "t1" }));
    expect(error).toBeInstanceOf(NetworkError);
  });
});

describe("error classes", () => {
  const classes = [
    InvalidInputError,
    ApiError,
    AuthenticationError,
    PermissionDeniedError,
    RateLimitError,
    ResourceNotFoundError,
    OrderNotEligibleForInvoiceError,
    MissingInvoiceBillingDetailsError,
    HTTPValidationError,
    ResponseValidationError,
    NetworkError,
    TimeoutError,
  ];

  it("have distinct names on their prototypes", () => {
    const names = classes.map((cls) => cls.prototype.name);
    expect(names).toEqual(classes.map((cls) => cls.name));
    expect(new Set(names).size).toBe(classes.length);
  });

  it("chain prototypes: ApiError subclasses extend ApiError, all extend Error", () => {
    for (const cls of classes) expect(cls.prototype).toBeInstanceOf(Error);
    for (const cls of [
      AuthenticationError,
      PermissionDeniedError,
      RateLimitError,
      ResourceNotFoundError,
      OrderNotEligibleForInvoiceError,
      MissingInvoiceBillingDetailsError,
      HTTPValidationError,
    ]) {
      expect(Object.getPrototypeOf(cls.prototype)).toBe(ApiError.prototype);
    }
  });

  it("can be built by callers (for mocks) and print their name first in the stack", () => {
    const error = new ResourceNotFoundError({
      status: 404,
      code: "ResourceNotFound",
      detail: "Customer not found",
      body: {},
      method: "GET",
      url: "https://api.test/v1/customers/c1/payment-methods?page=2",
    });
    expect(error.message).toBe(
      "GET /v1/customers/c1/payment-methods → 404 ResourceNotFound: Customer not found",
    );
    expect(error.stack?.startsWith("ResourceNotFoundError: GET")).toBe(true);
    expect(String(error)).toBe(`ResourceNotFoundError: ${error.message}`);
    expect(error.headers).toEqual({});
  });

  it("print their own names in util.inspect, as an uncaught error does", () => {
    const error = new RateLimitError({
      status: 429,
      body: {},
      method: "GET",
      url: "https://api.test/v1/events/",
    });
    expect(inspect(error).split("\n")[0]).toBe("RateLimitError: GET /v1/events/ → 429");
    expect(error.constructor.name).toBe("RateLimitError");
  });
});
