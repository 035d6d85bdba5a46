import { afterEach, describe, expect, it, vi } from "vitest";
import * as wire from "../../../schemas/test/fixtures/errors.js";
import { validatedLicenseKey } from "../../../schemas/test/fixtures/license-keys.js";
import { productsPage } from "../../../schemas/test/fixtures/products.js";
import {
  ApiError,
  AuthenticationError,
  type Client,
  createClient,
  deactivateLicenseKey,
  deleteDiscount,
  generateOrderInvoice,
  getCustomerLicenseKey,
  getOrderReceipt,
  HTTPValidationError,
  InvalidInputError,
  listCustomerPaymentMethods,
  listCustomerSubscriptions,
  listEvents,
  listMyPaymentMethods,
  listProducts,
  listRefunds,
  MissingInvoiceBillingDetailsError,
  NetworkError,
  OrderNotEligibleForInvoiceError,
  PermissionDeniedError,
  RateLimitError,
  ResourceNotFoundError,
  ResponseValidationError,
  TimeoutError,
  validateLicenseKey,
} from "../../src/index.js";
import { hangingFetch } from "../runtime/helpers.js";
import {
  BASE_URL,
  clientFor,
  failure,
  fakeFetch,
  htmlBadGateway,
  IDS,
  insufficientScope,
  invalidToken,
  json,
  noContent,
  type OperationCall,
  operationCalls,
  setup,
  TOKEN,
  unauthorized,
  validationFailed,
} from "./support.js";

/*
 * Every error the wire facts list, per operation, through the real error
 * mapping: the class chosen, and what it carries.
 */

const ERROR_CLASSES = [
  ApiError,
  AuthenticationError,
  PermissionDeniedError,
  RateLimitError,
  ResourceNotFoundError,
  OrderNotEligibleForInvoiceError,
  MissingInvoiceBillingDetailsError,
  HTTPValidationError,
] as const;
type ErrorClass = (typeof ERROR_CLASSES)[number];

function byId(id: string): OperationCall {
  const found = operationCalls.find((op) => op.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** Exactly `cls` (not a sibling, not a subclass), and an ApiError and an Error. */
function expectClass(error: unknown, cls: ErrorClass): asserts error is ApiError {
  expect(error).toBeInstanceOf(cls);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).constructor).toBe(cls);
  expect((error as Error).name).toBe(cls.name);
  for (const other of ERROR_CLASSES) {
    if (other !== cls && other !== ApiError) expect(error).not.toBeInstanceOf(other);
  }
}

// ---------------------------------------------------------------- per operation

interface ErrorCase {
  readonly op: string;
  readonly label: string;
  readonly reply: () => Response;
  readonly cls: ErrorClass;
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: string;
  /** For HTTPValidationError: the issues, paths addressing the flat input. */
  readonly issues?: unknown[];
  /** Calls with input validation off, to send what only the server rejects (a malformed path UUID). */
  readonly call?: (client: Client) => Promise<unknown>;
}

const notFound = (op: string): ErrorCase => ({
  op,
  label: "404 ResourceNotFound → ResourceNotFoundError",
  reply: () => json(404, wire.resourceNotFound),
  cls: ResourceNotFoundError,
  status: 404,
  code: "ResourceNotFound",
  detail: "Not found",
});

const listLimitInvalid = (op: string): ErrorCase => ({
  op,
  label: "422 validation-shaped → HTTPValidationError with issues",
  reply: () =>
    validationFailed(
      ["query", "limit"],
      "Input should be less than or equal to 100",
      "less_than_equal",
      "500",
    ),
  cls: HTTPValidationError,
  status: 422,
  code: "RequestValidationError",
  detail: "limit: Input should be less than or equal to 100",
  issues: [
    { path: ["limit"], message: "Input should be less than or equal to 100", code: "less_than_equal" },
  ],
});

/** The server's answer to a malformed UUID in the path: 422, not 404 (sent with input validation off). */
const pathUuidInvalid = (op: string, call: (client: Client) => Promise<unknown>): ErrorCase => ({
  op,
  label: "422 for a malformed path UUID → HTTPValidationError on `id`",
  reply: () =>
    validationFailed(
      ["path", "id"],
      "Input should be a valid UUID, invalid length: expected length 32 for simple format, found 2",
      "uuid_parsing",
      "42",
    ),
  cls: HTTPValidationError,
  status: 422,
  code: "RequestValidationError",
  detail: "id: Input should be a valid UUID, invalid length: expected length 32 for simple format, found 2",
  issues: [
    {
      path: ["id"],
      message: "Input should be a valid UUID, invalid length: expected length 32 for simple format, found 2",
      code: "uuid_parsing",
    },
  ],
  call,
});

const errorCases: ErrorCase[] = [
  // listEvents: 422 on a too-short free-text query (the service needs 3 characters).
  {
    op: "listEvents",
    label: "422 on a 2-character query → HTTPValidationError",
    reply: () =>
      validationFailed(
        ["query", "query"],
        "String should have at least 3 characters",
        "string_too_short",
        "ab",
      ),
    cls: HTTPValidationError,
    status: 422,
    code: "RequestValidationError",
    detail: "query: String should have at least 3 characters",
    issues: [
      { path: ["query"], message: "String should have at least 3 characters", code: "string_too_short" },
    ],
    call: (c) => listEvents(c, { organization_id: IDS.organization, query: "ab" }),
  },
  listLimitInvalid("listEvents"),
  // validateLicenseKey: 404, the undocumented 400, 422 (body fields).
  notFound("validateLicenseKey"),
  {
    op: "validateLicenseKey",
    label: "400 BadRequest (usage limit) → ApiError with code BadRequest",
    reply: () => json(400, wire.usageExceeded),
    cls: ApiError,
    status: 400,
    code: "BadRequest",
    detail: "License key only has 2 more usages.",
    call: (c) => validateLicenseKey(c, { key: "K", organization_id: IDS.organization, increment_usage: 3 }),
  },
  {
    op: "validateLicenseKey",
    label: "422 as the server sends it (4 problems) → HTTPValidationError, locations dropped",
    reply: () => json(422, wire.requestValidationError),
    cls: HTTPValidationError,
    status: 422,
    code: "RequestValidationError",
    detail:
      "organization_id: Input should be a valid UUID, invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `z` at 1; " +
      "limit: Input should be less than or equal to 100; key: Field required (+1 more)",
    issues: [
      {
        path: ["organization_id"],
        message:
          "Input should be a valid UUID, invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `z` at 1",
        code: "uuid_parsing",
      },
      { path: ["limit"], message: "Input should be less than or equal to 100", code: "less_than_equal" },
      { path: ["key"], message: "Field required", code: "missing" },
      {
        path: ["conditions", "k", 0],
        message: "String should have at most 500 characters",
        code: "string_too_long",
      },
    ],
  },
  // deactivateLicenseKey: 404, 422.
  notFound("deactivateLicenseKey"),
  {
    op: "deactivateLicenseKey",
    label: "422 in the published form (no `error`) → HTTPValidationError without code",
    reply: () =>
      json(422, {
        detail: [{ loc: ["body", "activation_id"], msg: "Field required", type: "missing", input: {} }],
      }),
    cls: HTTPValidationError,
    status: 422,
    code: undefined,
    detail: "activation_id: Field required",
    issues: [{ path: ["activation_id"], message: "Field required", code: "missing" }],
  },
  // Lists.
  listLimitInvalid("listProducts"),
  notFound("listCustomerPaymentMethods"),
  listLimitInvalid("listCustomerPaymentMethods"),
  pathUuidInvalid("listCustomerPaymentMethods", (c) => listCustomerPaymentMethods(c, { id: "42" })),
  listLimitInvalid("listRefunds"),
  listLimitInvalid("listCustomerSubscriptions"),
  listLimitInvalid("listMyPaymentMethods"),
  // The three deletes: 404, 422.
  notFound("deleteCheckoutLink"),
  notFound("deleteCustomField"),
  notFound("deleteDiscount"),
  pathUuidInvalid("deleteDiscount", (c) => deleteDiscount(c, { id: "42" })),
  // generateOrderInvoice: 404, 409, the error-shaped 422.
  notFound("generateOrderInvoice"),
  {
    op: "generateOrderInvoice",
    label: "409 OrderNotEligibleForInvoice → OrderNotEligibleForInvoiceError",
    reply: () => json(409, wire.orderNotEligible),
    cls: OrderNotEligibleForInvoiceError,
    status: 409,
    code: "OrderNotEligibleForInvoice",
    detail: "Order is not paid, it can't be invoiced.",
  },
  {
    op: "generateOrderInvoice",
    label:
      "422 error-shaped MissingInvoiceBillingDetails → MissingInvoiceBillingDetailsError, not HTTPValidationError",
    reply: () => json(422, wire.missingBillingDetails),
    cls: MissingInvoiceBillingDetailsError,
    status: 422,
    code: "MissingInvoiceBillingDetails",
    detail: "Billing name and address are required to generate an invoice.",
  },
  pathUuidInvalid("generateOrderInvoice", (c) => generateOrderInvoice(c, { id: "42" })),
  // Customer portal.
  notFound("getCustomerLicenseKey"),
  pathUuidInvalid("getCustomerLicenseKey", (c) => getCustomerLicenseKey(c, { id: "42" })),
  notFound("getOrderReceipt"),
  pathUuidInvalid("getOrderReceipt", (c) => getOrderReceipt(c, { id: "42" })),
];

describe("wire-fact errors, per operation", () => {
  it.each(errorCases)("$op: $label", async (c) => {
    const op = byId(c.op);
    const fetch = fakeFetch(c.reply());
    const client = clientFor(fetch, c.call ? { validate: { input: false } } : {});
    const error = await failure(c.call ? c.call(client) : op.call(client));

    expectClass(error, c.cls);
    expect(fetch.calls).toHaveLength(1); // 4xx is never retried
    const sent = fetch.calls[0];
    expect(error.status).toBe(c.status);
    expect(error.code).toBe(c.code);
    expect(error.detail).toBe(c.detail);
    expect(error.method).toBe(op.method);
    expect(error.url).toBe(sent?.url.href);
    expect(new URL(error.url).pathname).toBe(sent?.url.pathname);
    expect(error.body).toEqual(await c.reply().json());
    expect(error.headers["content-type"]).toBe("application/json");
    const path = new URL(error.url).pathname;
    expect(error.message).toBe(
      `${op.method} ${path} → ${c.status}${c.code ? ` ${c.code}` : ""}: ${c.detail}`,
    );
    if (c.issues) expect((error as HTTPValidationError).issues).toEqual(c.issues);
  });

  it("every operation has at least one of its documented errors in the table", () => {
    expect(new Set(errorCases.map((c) => c.op))).toEqual(new Set(operationCalls.map((op) => op.id)));
  });
});

describe("auth errors, every operation", () => {
  it.each(operationCalls)("$id: 401 Unauthorized with WWW-Authenticate → AuthenticationError", async (op) => {
    const { client, fetch } = setup(unauthorized());
    const error = await failure(op.call(client));
    expectClass(error, AuthenticationError);
    expect(fetch.calls).toHaveLength(1);
    expect(error.status).toBe(401);
    expect(error.code).toBe("Unauthorized");
    expect(error.detail).toBe("Unauthorized");
    expect(error.headers["www-authenticate"]).toBe('Bearer realm="polar"');
    expect(error.message).toBe(`${op.method} ${op.path} → 401 Unauthorized: Unauthorized`);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(TOKEN);
  });

  it.each(operationCalls)(
    "$id: 401 invalid_token (OAuth body) → AuthenticationError, detail from error_description",
    async (op) => {
      const { client } = setup(invalidToken());
      const error = await failure(op.call(client));
      expectClass(error, AuthenticationError);
      expect(error.status).toBe(401);
      expect(error.code).toBe("invalid_token");
      expect(error.detail).toBe(
        "The access token provided is expired, revoked, malformed, or invalid for other reasons.",
      );
      expect(error.headers["www-authenticate"]).toContain('error="invalid_token"');
    },
  );

  it.each(operationCalls)("$id: 403 insufficient_scope → PermissionDeniedError", async (op) => {
    const { client, fetch } = setup(insufficientScope(op.scope));
    const error = await failure(op.call(client));
    expectClass(error, PermissionDeniedError);
    expect(fetch.calls).toHaveLength(1);
    expect(error.status).toBe(403);
    expect(error.code).toBe("insufficient_scope");
    expect(error.detail).toBe("The request requires higher privileges than provided by the access token.");
    expect(error.headers["www-authenticate"]).toContain(`scope="${op.scope}"`);
    expect(error.body).toEqual({
      error: "insufficient_scope",
      error_description: "The request requires higher privileges than provided by the access token.",
    });
  });

  it("403 NotPermitted (error-shaped) → PermissionDeniedError with code NotPermitted", async () => {
    const { client } = setup(
      json(403, { error: "NotPermitted", detail: "You don't have the permission to do this." }),
    );
    const error = await failure(deleteDiscount(client, { id: IDS.discount }));
    expectClass(error, PermissionDeniedError);
    expect(error.code).toBe("NotPermitted");
    expect(error.message).toBe(
      `DELETE /v1/discounts/${IDS.discount} → 403 NotPermitted: You don't have the permission to do this.`,
    );
  });
});

describe("a token of the wrong kind", () => {
  const customerSession = "polar_cst_S3cr3tSessionValue";
  const organizationToken = "polar_oat_S3cr3tOrgTokenValue";
  const clientWith = (token: string, fetch = fakeFetch(unauthorized())) =>
    createClient({ baseUrl: BASE_URL, token, fetch });

  it("a customer session on an organization operation: the 401 names the kinds it takes, never the token", async () => {
    const error = await failure(listEvents(clientWith(customerSession), {}));
    expectClass(error, AuthenticationError);
    expect(error.message).toBe(
      "GET /v1/events/ → 401 Unauthorized: Unauthorized; listEvents takes organization tokens (oidc, pat, oat); " +
        "the token given is of kind customer_session (polar_cst_…)",
    );
    expect(error.detail).toBe("Unauthorized");
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain(
      customerSession,
    );
  });

  it("an organization token on a customer-portal operation: says the operation takes customer tokens", async () => {
    const error = await failure(listMyPaymentMethods(clientWith(organizationToken)));
    expectClass(error, AuthenticationError);
    expect(error.message).toContain(
      "listMyPaymentMethods takes customer tokens (customer_session, member_session); the token given is of kind oat (polar_oat_…)",
    );
  });

  it("judges the token actually sent: a per-call Authorization header wins over the client's token", async () => {
    const error = await failure(
      listEvents(
        clientWith(organizationToken),
        {},
        { headers: { authorization: `Bearer ${customerSession}` } },
      ),
    );
    expect((error as Error).message).toContain("the token given is of kind customer_session");
  });

  it("says nothing of kinds when the kind is one the operation takes, or cannot be told from the token", async () => {
    const rightKind = await failure(listEvents(clientWith(organizationToken), {}));
    const unknownKind = await failure(listEvents(clientWith("an-oidc-access-token"), {}));
    for (const error of [rightKind, unknownKind]) {
      expectClass(error, AuthenticationError);
      expect(error.message).toBe("GET /v1/events/ → 401 Unauthorized: Unauthorized");
    }
  });

  it("only on a 401: a 403 keeps the service's words", async () => {
    const fetch = fakeFetch(insufficientScope("events:read"));
    const error = await failure(listEvents(clientWith(customerSession, fetch), {}));
    expectClass(error, PermissionDeniedError);
    expect(error.message).not.toContain("takes");
  });
});

describe("RateLimitError", () => {
  it("a 429 carries retryAfter in seconds, read from a delay or an HTTP date", async () => {
    const byDelay = await failure(
      listEvents(
        clientFor(fakeFetch(json(429, { detail: "slow down" }, { "retry-after": "30" })), { retry: false }),
        {},
      ),
    );
    expectClass(byDelay, RateLimitError);
    expect((byDelay as RateLimitError).retryAfter).toBe(30);
    expect(byDelay.headers["retry-after"]).toBe("30");

    const date = new Date(Date.now() + 90_000).toUTCString();
    const byDate = await failure(
      listEvents(clientFor(fakeFetch(json(429, {}, { "retry-after": date })), { retry: false }), {}),
    );
    const seconds = (byDate as RateLimitError).retryAfter ?? 0;
    // An HTTP date has whole seconds: 89 to 90 seconds from now.
    expect(seconds).toBeGreaterThanOrEqual(88);
    expect(seconds).toBeLessThanOrEqual(90);

    const unsaid = await failure(listEvents(clientFor(fakeFetch(json(429, {})), { retry: false }), {}));
    expect((unsaid as RateLimitError).retryAfter).toBeUndefined();
  });
});

// ---------------------------------------------------------------- invalid input

describe("InvalidInputError: checked before any request", () => {
  const BAD = "not-a-uuid";
  const invalidCalls: [string, (client: Client) => Promise<unknown>, (string | number)[]][] = [
    ["listEvents", (c) => listEvents(c, { organization_id: [IDS.organization, BAD] }), ["organization_id"]],
    [
      "validateLicenseKey",
      (c) => validateLicenseKey(c, { key: "K", organization_id: BAD }),
      ["organization_id"],
    ],
    [
      "deactivateLicenseKey",
      (c) => deactivateLicenseKey(c, { key: "K", organization_id: IDS.organization, activation_id: BAD }),
      ["activation_id"],
    ],
    ["listProducts", (c) => listProducts(c, { benefit_id: BAD }), ["benefit_id"]],
    ["listCustomerPaymentMethods", (c) => listCustomerPaymentMethods(c, { id: BAD }), ["id"]],
    ["listRefunds", (c) => listRefunds(c, { order_id: BAD }), ["order_id"]],
    ["deleteCheckoutLink", (c) => c.checkoutLinks.delete({ id: BAD }), ["id"]],
    ["deleteCustomField", (c) => c.customFields.delete({ id: BAD }), ["id"]],
    ["deleteDiscount", (c) => deleteDiscount(c, { id: BAD }), ["id"]],
    ["generateOrderInvoice", (c) => generateOrderInvoice(c, { id: BAD }), ["id"]],
    ["listCustomerSubscriptions", (c) => listCustomerSubscriptions(c, { product_id: BAD }), ["product_id"]],
    ["listMyPaymentMethods", (c) => listMyPaymentMethods(c, { limit: 500 }), ["limit"]],
    ["getCustomerLicenseKey", (c) => getCustomerLicenseKey(c, { id: BAD }), ["id"]],
    ["getOrderReceipt", (c) => c.customerPortal.orders.getReceipt({ id: BAD }), ["id"]],
  ];

  it.each(invalidCalls)("%s: a malformed value → InvalidInputError, no fetch", async (id, call, path) => {
    const { client, fetch } = setup(json(200, {}));
    const error = await failure(call(client));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).not.toBeInstanceOf(ApiError);
    const invalid = error as InvalidInputError;
    expect(invalid.name).toBe("InvalidInputError");
    expect(invalid.operationId).toBe(id);
    expect(invalid.issues.map((issue) => issue.path[0])).toContain(path[0]);
    expect(invalid.message).toMatch(new RegExp(`^${id}: invalid input: `));
    expect(fetch.calls).toHaveLength(0);
  });

  it("enums are strict in inputs: an unknown sorting or visibility value is refused", async () => {
    const { client, fetch } = setup(json(200, productsPage));
    // @ts-expect-error not a RefundSortProperty
    const sorting = await failure(listRefunds(client, { sorting: ["-updated_at"] }));
    // @ts-expect-error not a ProductVisibility
    const visibility = await failure(listProducts(client, { visibility: ["hidden"] }));
    expect(sorting).toBeInstanceOf(InvalidInputError);
    expect((sorting as InvalidInputError).issues[0]?.path).toEqual(["sorting", 0]);
    expect(visibility).toBeInstanceOf(InvalidInputError);
    expect((visibility as InvalidInputError).issues[0]?.path).toEqual(["visibility", 0]);
    expect(fetch.calls).toHaveLength(0);
  });

  it("a missing required field and an unknown field are refused", async () => {
    const { client, fetch } = setup(json(200, validatedLicenseKey));
    // @ts-expect-error organization_id is required
    const missing = await failure(validateLicenseKey(client, { key: "K" }));
    // @ts-expect-error `organizationId` is not a field (names are the wire's)
    const unknown = await failure(validateLicenseKey(client, { key: "K", organizationId: IDS.organization }));
    expect((missing as InvalidInputError).issues.map((i) => i.path)).toEqual([["organization_id"]]);
    expect((unknown as InvalidInputError).issues.map((i) => i.path)).toContainEqual(["organization_id"]);
    expect(fetch.calls).toHaveLength(0);
  });
});

// ---------------------------------------------------------------- proxies, retries

describe("a proxy's HTML 502", () => {
  /** Retries on, without waiting: both backoff bounds 0. */
  const noWait = { retry: { maxRetries: 2, initialDelayMs: 0, maxDelayMs: 0 } };

  it.each(operationCalls.filter((op) => op.method !== "POST"))(
    "$id ($method): retried, then ApiError 502 with the HTML as body",
    async (op) => {
      const { client, fetch } = setup(htmlBadGateway());
      const error = await failure(op.call(client, noWait));
      expectClass(error, ApiError);
      expect(fetch.calls).toHaveLength(3);
      expect(error.status).toBe(502);
      expect(error.code).toBeUndefined();
      expect(error.detail).toBeUndefined();
      expect(error.body).toEqual(expect.stringContaining("<title>502 Bad Gateway</title>"));
      expect(error.headers["content-type"]).toBe("text/html; charset=UTF-8");
      expect(error.message).toBe(`${op.method} ${op.path} → 502 Bad Gateway`);
    },
  );

  it.each(operationCalls.filter((op) => op.method === "POST"))(
    "$id (POST): not retried, ApiError 502 at once",
    async (op) => {
      const { client, fetch } = setup(htmlBadGateway());
      const error = await failure(op.call(client, noWait));
      expectClass(error, ApiError);
      expect(error.status).toBe(502);
      expect(fetch.calls).toHaveLength(1);
    },
  );

  it("a GET recovers when the proxy comes back", async () => {
    const { client, fetch } = setup(htmlBadGateway(), json(200, productsPage));
    await expect(listProducts(client, {}, noWait)).resolves.toEqual(productsPage);
    expect(fetch.calls).toHaveLength(2);
  });

  describe("with the default retry policy (fake timers)", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("listEvents: three attempts over the backoff, then ApiError 502", async () => {
      vi.useFakeTimers();
      const { client, fetch } = setup(htmlBadGateway());
      const settled = failure(listEvents(client, { limit: 10 }));
      await vi.runAllTimersAsync();
      const error = await settled;
      expectClass(error, ApiError);
      expect(error.status).toBe(502);
      expect(fetch.calls).toHaveLength(3);
      expect(fetch.calls.every((call) => call.url.search === "?limit=10")).toBe(true);
    });

    it("retry: false → one attempt", async () => {
      const fetch = fakeFetch(htmlBadGateway());
      const client = clientFor(fetch, { retry: false });
      const error = await failure(getOrderReceipt(client, { id: IDS.receiptOrder }));
      expectClass(error, ApiError);
      expect(fetch.calls).toHaveLength(1);
    });
  });
});

// ---------------------------------------------------------------- 2xx the client cannot accept

describe("ResponseValidationError", () => {
  it("a 200 body that does not match its schema", async () => {
    const { client } = setup(json(200, { ...validatedLicenseKey, usage: "3" }));
    const error = await failure(validateLicenseKey(client, { key: "K", organization_id: IDS.organization }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    const invalid = error as ResponseValidationError;
    expect(invalid.name).toBe("ResponseValidationError");
    expect(invalid.status).toBe(200);
    expect(invalid.issues.map((issue) => issue.path)).toEqual([["usage"]]);
    expect(JSON.parse(invalid.body)).toEqual({ ...validatedLicenseKey, usage: "3" });
    expect(invalid.method).toBe("POST");
  });

  it("a 200 that is not JSON (an HTML page with status 200)", async () => {
    const { client } = setup(
      new Response("<html>maintenance</html>", { status: 200, headers: { "content-type": "text/html" } }),
    );
    const error = await failure(getOrderReceipt(client, { id: IDS.receiptOrder }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).body).toBe("<html>maintenance</html>");
    expect((error as ResponseValidationError).message).toContain("body is not JSON");
  });

  it("a page missing its pagination", async () => {
    const { client } = setup(json(200, { items: productsPage.items }));
    const error = await failure(listProducts(client));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toEqual([["pagination"]]);
  });

  it("a 2xx status the operation does not define (200 on a delete)", async () => {
    const { client } = setup(json(200, { ok: true }));
    const error = await failure(deleteDiscount(client, { id: IDS.discount }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).status).toBe(200);
    expect((error as ResponseValidationError).message).toContain("unexpected status");
  });

  it("with validate.response off, a mismatching body is returned as parsed", async () => {
    const body = { ...validatedLicenseKey, usage: "3" };
    const fetch = fakeFetch(json(200, body));
    const client = clientFor(fetch, { validate: { response: false } });
    await expect(
      validateLicenseKey(client, { key: "K", organization_id: IDS.organization }),
    ).resolves.toEqual(body);
  });
});

// ---------------------------------------------------------------- transport

describe("NetworkError and TimeoutError", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fetch fails → NetworkError carrying the cause (POST: one attempt)", async () => {
    const cause = new TypeError("fetch failed");
    const { client, fetch } = setup(cause);
    const error = await failure(
      deactivateLicenseKey(client, {
        key: "K",
        organization_id: IDS.organization,
        activation_id: IDS.activation,
      }),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).name).toBe("NetworkError");
    expect((error as NetworkError).cause).toBe(cause);
    expect((error as NetworkError).method).toBe("POST");
    expect((error as NetworkError).url).toBe(`${BASE_URL}/v1/license-keys/deactivate`);
    expect(fetch.calls).toHaveLength(1);
  });

  it("fetch fails on a GET → retried, and recovers", async () => {
    const { client, fetch } = setup(new TypeError("fetch failed"), noContent());
    await expect(
      client.discounts.delete({ id: IDS.discount }, { retry: { initialDelayMs: 0, maxDelayMs: 0 } }),
    ).resolves.toBeUndefined();
    expect(fetch.calls).toHaveLength(2);
  });

  it("no answer within timeoutMs → TimeoutError", async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    const client = clientFor(fetch);
    const settled = failure(listRefunds(client, {}, { timeoutMs: 5_000, retry: false }));
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await settled;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).name).toBe("TimeoutError");
    expect((error as TimeoutError).timeoutMs).toBe(5_000);
    expect((error as TimeoutError).url).toBe(`${BASE_URL}/v1/refunds/`);
    expect(fetch.calls).toHaveLength(1);
  });
});
