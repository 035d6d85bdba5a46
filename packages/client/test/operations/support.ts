import {
  type Client,
  type ClientOptions,
  createClient,
  deactivateLicenseKey,
  deleteCheckoutLink,
  deleteCustomField,
  deleteDiscount,
  generateOrderInvoice,
  getCustomerLicenseKey,
  getOrderReceipt,
  listCustomerPaymentMethods,
  listCustomerSubscriptions,
  listEvents,
  listMyPaymentMethods,
  listProducts,
  listRefunds,
  type RequestOptions,
  validateLicenseKey,
} from "../../src/index.js";
import { type FakeFetch, fakeFetch, json, type Recorded, type Reply } from "../runtime/helpers.js";

/*
 * Shared by the operation tests: a client over the runtime tests' scripted
 * fake fetch, and responses shaped as the service sends them (wire facts).
 * Resource bodies come from the schemas package's fixtures, which are the
 * service's real payloads (nullable fields null, extra fields, new enum values).
 */

export type { FakeFetch, Recorded } from "../runtime/helpers.js";
export { failure, fakeFetch, json } from "../runtime/helpers.js";

export const BASE_URL = "https://api.test";
export const TOKEN = "tok_123";

/** The client every operation test uses: `createClient` of the full entry, so the grouped facade is there too. */
export function clientFor(fetch: FakeFetch, options: ClientOptions = {}): Client {
  return createClient({ baseUrl: BASE_URL, token: TOKEN, fetch, ...options });
}

/** A fresh fake fetch and a client over it. */
export function setup(...replies: Reply[]): { fetch: FakeFetch; client: Client } {
  const fetch = fakeFetch(...replies);
  return { fetch, client: clientFor(fetch) };
}

/** The only request a fake fetch received (fails the test if there were more or fewer). */
export function onlyCall(fetch: FakeFetch): Recorded {
  if (fetch.calls.length !== 1) throw new Error(`expected exactly one request, got ${fetch.calls.length}`);
  return fetch.calls[0] as Recorded;
}

/** A request as plain data, to compare two requests or assert one exactly. */
export function snapshot(call: Recorded) {
  return {
    method: call.method,
    url: call.url.href,
    headers: Object.fromEntries(call.headers),
    body: call.body,
  };
}

// ------------------------------------------------------------ wire responses

/** 204 No Content: no body, no content type (deactivate, the three deletes). */
export const noContent = (): Response => new Response(null, { status: 204 });

/** 202 of generate invoice as the service sends it: the JSON text `null`. */
export const acceptedNull = (): Response =>
  new Response("null", { status: 202, headers: { "content-type": "application/json" } });

/** 202 with an empty body and no content type (receipt not ready yet; also a possible invoice 202). */
export const acceptedEmpty = (): Response => new Response(null, { status: 202 });

/** A reverse proxy's error page: HTML, not JSON. */
export const htmlBadGateway = (): Response =>
  new Response(
    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n",
    { status: 502, statusText: "Bad Gateway", headers: { "content-type": "text/html; charset=UTF-8" } },
  );

/** 401 without a usable token: error-shaped body and a `WWW-Authenticate` challenge. */
export const unauthorized = (): Response =>
  json(
    401,
    { error: "Unauthorized", detail: "Unauthorized" },
    { "www-authenticate": 'Bearer realm="polar"' },
  );

/** 401 with an unknown or expired token: OAuth-style body. */
export const invalidToken = (): Response =>
  json(
    401,
    {
      error: "invalid_token",
      error_description:
        "The access token provided is expired, revoked, malformed, or invalid for other reasons.",
    },
    { "www-authenticate": 'Bearer realm="polar", error="invalid_token"' },
  );

/** 403 with a valid token that lacks the operation's scope: OAuth-style body. */
export const insufficientScope = (scope: string): Response =>
  json(
    403,
    {
      error: "insufficient_scope",
      error_description: "The request requires higher privileges than provided by the access token.",
    },
    { "www-authenticate": `Bearer realm="polar", error="insufficient_scope", scope="${scope}"` },
  );

/** 422 validation-shaped, as the server sends it (`error` included, items with `input`/`ctx`). */
export function validationFailed(
  loc: (string | number)[],
  msg: string,
  type: string,
  input?: unknown,
): Response {
  return json(422, {
    error: "RequestValidationError",
    detail: [{ loc, msg, type, ...(input === undefined ? {} : { input }) }],
  });
}

// ------------------------------------------------------------ the operations

export const IDS = {
  organization: "1dbfc517-0bbf-4301-9ba8-555ca42b9737",
  customer: "774312bc-f031-4a45-824d-9a253637ca61",
  activation: "2ad8b8b8-42c2-469c-93ea-f932247e4b51",
  checkoutLink: "40e87f55-f067-4e12-9624-daff3e68a80c",
  customField: "a164e8f6-edc3-4299-a837-81e79be3cb40",
  discount: "81952d6c-c07b-496f-b7fb-5f0828cb8544",
  order: "391d8b20-855b-407f-abe6-bb2a649e87a6",
  licenseKey: "8d3d654c-46de-43ff-bf28-66abbacd051e",
  receiptOrder: "e0d30f2c-f07b-41e0-835b-d75f68eb1781",
} as const;

const KEY = "POLAR-8F3A1C2E-7B3D-4E8A-9C0F-2D6B8E1A5C3F";

/** One minimal valid call per operation, with where it goes. */
export interface OperationCall {
  readonly id: string;
  readonly method: "GET" | "POST" | "DELETE";
  readonly path: string;
  /** The scope a 403 would name. */
  readonly scope: string;
  readonly call: (client: Client, options?: RequestOptions) => Promise<unknown>;
}

export const operationCalls: readonly OperationCall[] = [
  {
    id: "listEvents",
    method: "GET",
    path: "/v1/events/",
    scope: "events:read",
    call: (c, o) => listEvents(c, {}, o),
  },
  {
    id: "validateLicenseKey",
    method: "POST",
    path: "/v1/license-keys/validate",
    scope: "license_keys:write",
    call: (c, o) => validateLicenseKey(c, { key: KEY, organization_id: IDS.organization }, o),
  },
  {
    id: "deactivateLicenseKey",
    method: "POST",
    path: "/v1/license-keys/deactivate",
    scope: "license_keys:write",
    call: (c, o) =>
      deactivateLicenseKey(
        c,
        { key: KEY, organization_id: IDS.organization, activation_id: IDS.activation },
        o,
      ),
  },
  {
    id: "listProducts",
    method: "GET",
    path: "/v1/products/",
    scope: "products:read",
    call: (c, o) => listProducts(c, {}, o),
  },
  {
    id: "listCustomerPaymentMethods",
    method: "GET",
    path: `/v1/customers/${IDS.customer}/payment-methods`,
    scope: "customers:read",
    call: (c, o) => listCustomerPaymentMethods(c, { id: IDS.customer }, o),
  },
  {
    id: "listRefunds",
    method: "GET",
    path: "/v1/refunds/",
    scope: "refunds:read",
    call: (c, o) => listRefunds(c, {}, o),
  },
  {
    id: "deleteCheckoutLink",
    method: "DELETE",
    path: `/v1/checkout-links/${IDS.checkoutLink}`,
    scope: "checkout_links:write",
    call: (c, o) => deleteCheckoutLink(c, { id: IDS.checkoutLink }, o),
  },
  {
    id: "deleteCustomField",
    method: "DELETE",
    path: `/v1/custom-fields/${IDS.customField}`,
    scope: "custom_fields:write",
    call: (c, o) => deleteCustomField(c, { id: IDS.customField }, o),
  },
  {
    id: "deleteDiscount",
    method: "DELETE",
    path: `/v1/discounts/${IDS.discount}`,
    scope: "discounts:write",
    call: (c, o) => deleteDiscount(c, { id: IDS.discount }, o),
  },
  {
    id: "generateOrderInvoice",
    method: "POST",
    path: `/v1/orders/${IDS.order}/invoice`,
    scope: "orders:read",
    call: (c, o) => generateOrderInvoice(c, { id: IDS.order }, o),
  },
  {
    id: "listCustomerSubscriptions",
    method: "GET",
    path: "/v1/customer-portal/subscriptions/",
    scope: "customer_portal:read",
    call: (c, o) => listCustomerSubscriptions(c, {}, o),
  },
  {
    id: "listMyPaymentMethods",
    method: "GET",
    path: "/v1/customer-portal/customers/me/payment-methods",
    scope: "customer_portal:read",
    call: (c, o) => listMyPaymentMethods(c, {}, o),
  },
  {
    id: "getCustomerLicenseKey",
    method: "GET",
    path: `/v1/customer-portal/license-keys/${IDS.licenseKey}`,
    scope: "customer_portal:read",
    call: (c, o) => getCustomerLicenseKey(c, { id: IDS.licenseKey }, o),
  },
  {
    id: "getOrderReceipt",
    method: "GET",
    path: `/v1/customer-portal/orders/${IDS.receiptOrder}/receipt`,
    scope: "customer_portal:read",
    call: (c, o) => getOrderReceipt(c, { id: IDS.receiptOrder }, o),
  },
];
