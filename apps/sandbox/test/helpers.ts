/** Small helpers for in-process tests of the fetch handler. */
import { createSandbox, type Fixtures, type Sandbox, type SandboxOptions } from "../src/index.js";

export const BASE = "http://sandbox.test";

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON (`""` when empty). */
  body: unknown;
  // biome-ignore lint/suspicious/noExplicitAny: tests read fields of bodies freely
  json: any;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, instead of `JSON.stringify(body)`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export function call(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] = "application/json";
  return sandbox
    .fetch(new Request(`${BASE}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) }))
    .then(read);
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  if (text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers: response.headers, body, json: body };
}

export function get(sandbox: Sandbox, path: string, token?: string): Promise<Answer> {
  return call(sandbox, "GET", path, token ? { token } : {});
}

/** A frozen clock, so expiry and `last_validated_at` are exact. */
export const NOW = "2026-04-15T12:00:00.000Z";

export function frozenSandbox(options: SandboxOptions = {}): { sandbox: Sandbox; fixtures: Fixtures } {
  const sandbox = createSandbox({ now: () => new Date(NOW), ...options });
  return { sandbox, fixtures: sandbox.fixtures };
}

/** The organization-side and customer-side tokens the tests use most. */
export function tokens(fixtures: Fixtures) {
  const [acme, globex] = fixtures.ids.organizations;
  if (!acme || !globex) throw new Error("the seed has two organizations");
  const find = (token: string) => {
    const found = fixtures.tokens.find((t) => t.token === token);
    if (!found) throw new Error(`no token ${token} in the fixtures`);
    return found;
  };
  return {
    acme,
    globex,
    acmeAll: find("polar_oat_acme_all").token,
    acmePat: find("polar_pat_acme_all").token,
    acmeOidc: find("polar_at_u_acme_all").token,
    globexAll: find("polar_oat_globex_all").token,
    alice: find("polar_cst_acme_alice"),
    bob: find("polar_cst_acme_bob"),
    carol: find("polar_cst_acme_carol"),
    pam: find("polar_mst_acme_pam"),
    greta: find("polar_cst_globex_greta"),
    find,
  };
}

export function query(params: Record<string, string | number | boolean | (string | number)[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  return `?${search.toString()}`;
}

export interface SampleRequest {
  id: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: unknown;
  audience: "organization" | "customer";
  /** Organization token kinds the operation accepts (all three unless the spec narrows them). */
  kinds: string[];
  scopes: string[];
}

/** One valid request per operation, against Acme's records (customer side: Alice's). */
export function sampleRequests(fixtures: Fixtures): SampleRequest[] {
  const { acme, alice } = tokens(fixtures);
  const ofAcme = <T extends { organization_id: string }>(list: T[]) => {
    const found = list.find((x) => x.organization_id === acme.id);
    if (!found) throw new Error("missing fixture");
    return found;
  };
  const key = fixtures.ids.license_keys.find(
    (k) => k.customer_id === alice.customer_id && k.activation_ids.length > 0,
  );
  const order = fixtures.ids.orders.find((o) => o.customer_id === alice.customer_id && o.receipt === "ready");
  const eligible = fixtures.ids.orders.find((o) => o.organization_id === acme.id && o.invoice === "eligible");
  if (!key || !order || !eligible) throw new Error("missing fixture");
  const all = ["oidc", "pat", "oat"];
  const portal = ["customer_session", "member_session"];
  const portalScopes = ["customer_portal:read", "customer_portal:write"];
  return [
    {
      id: "listEvents",
      method: "GET",
      path: "/v1/events/",
      audience: "organization",
      kinds: all,
      scopes: ["events:read", "events:write"],
    },
    {
      id: "validateLicenseKey",
      method: "POST",
      path: "/v1/license-keys/validate",
      body: { key: key.key, organization_id: acme.id },
      audience: "organization",
      kinds: ["pat", "oat"],
      scopes: ["license_keys:write"],
    },
    {
      id: "deactivateLicenseKey",
      method: "POST",
      path: "/v1/license-keys/deactivate",
      body: { key: key.key, organization_id: acme.id, activation_id: key.activation_ids.at(-1) },
      audience: "organization",
      kinds: all,
      scopes: ["license_keys:write"],
    },
    {
      id: "listCustomerSubscriptions",
      method: "GET",
      path: "/v1/customer-portal/subscriptions/",
      audience: "customer",
      kinds: portal,
      scopes: portalScopes,
    },
    {
      id: "listCustomerPaymentMethods",
      method: "GET",
      path: `/v1/customers/${alice.customer_id}/payment-methods`,
      audience: "organization",
      kinds: ["pat", "oat"],
      scopes: ["customers:read", "customers:write"],
    },
    {
      id: "listMyPaymentMethods",
      method: "GET",
      path: "/v1/customer-portal/customers/me/payment-methods",
      audience: "customer",
      kinds: portal,
      scopes: portalScopes,
    },
    {
      id: "listProducts",
      method: "GET",
      path: "/v1/products/",
      audience: "organization",
      kinds: all,
      scopes: ["products:read", "products:write"],
    },
    {
      id: "listRefunds",
      method: "GET",
      path: "/v1/refunds/",
      audience: "organization",
      kinds: ["pat", "oat"],
      scopes: ["refunds:read", "refunds:write"],
    },
    {
      id: "getCustomerLicenseKey",
      method: "GET",
      path: `/v1/customer-portal/license-keys/${key.id}`,
      audience: "customer",
      kinds: portal,
      scopes: portalScopes,
    },
    {
      id: "getOrderReceipt",
      method: "GET",
      path: `/v1/customer-portal/orders/${order.id}/receipt`,
      audience: "customer",
      kinds: portal,
      scopes: portalScopes,
    },
    {
      id: "deleteCheckoutLink",
      method: "DELETE",
      path: `/v1/checkout-links/${ofAcme(fixtures.ids.checkout_links).id}`,
      audience: "organization",
      kinds: all,
      scopes: ["checkout_links:write"],
    },
    {
      id: "deleteCustomField",
      method: "DELETE",
      path: `/v1/custom-fields/${ofAcme(fixtures.ids.custom_fields).id}`,
      audience: "organization",
      kinds: all,
      scopes: ["custom_fields:write"],
    },
    {
      id: "deleteDiscount",
      method: "DELETE",
      path: `/v1/discounts/${ofAcme(fixtures.ids.discounts).id}`,
      audience: "organization",
      kinds: all,
      scopes: ["discounts:write"],
    },
    {
      id: "generateOrderInvoice",
      method: "POST",
      path: `/v1/orders/${eligible.id}/invoice`,
      audience: "organization",
      kinds: all,
      scopes: ["orders:read"],
    },
  ];
}
