/** Small helpers for in-process tests of the fetch handler. */
import {
  DEFINITIONS,
  OPERATION_IDS,
  type OperationDefinition,
  type OperationId,
} from "../src/http/definitions.js";
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
  id: OperationId;
  /** What the sandbox must enforce and answer, as the client generated it. */
  definition: OperationDefinition;
  method: string;
  path: string;
  body?: unknown;
}

/**
 * One valid request per operation, against Acme's records (customer side:
 * Alice's). Method and path come from the operation's definition; only the
 * records to use are chosen here.
 */
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
  if (!key || !order || !eligible || !alice.customer_id) throw new Error("missing fixture");
  const inputs: Record<OperationId, { id?: string; body?: unknown }> = {
    listEvents: {},
    validateLicenseKey: { body: { key: key.key, organization_id: acme.id } },
    deactivateLicenseKey: {
      body: { key: key.key, organization_id: acme.id, activation_id: key.activation_ids.at(-1) },
    },
    listCustomerSubscriptions: {},
    listCustomerPaymentMethods: { id: alice.customer_id },
    listMyPaymentMethods: {},
    listProducts: {},
    listRefunds: {},
    getCustomerLicenseKey: { id: key.id },
    getOrderReceipt: { id: order.id },
    deleteCheckoutLink: { id: ofAcme(fixtures.ids.checkout_links).id },
    deleteCustomField: { id: ofAcme(fixtures.ids.custom_fields).id },
    deleteDiscount: { id: ofAcme(fixtures.ids.discounts).id },
    generateOrderInvoice: { id: eligible.id },
  };
  return OPERATION_IDS.map((id) => {
    const definition = DEFINITIONS[id];
    const { id: recordId, body } = inputs[id];
    const path = recordId === undefined ? definition.path : definition.path.replace("{id}", recordId);
    return { id, definition, method: definition.method, path, ...(body !== undefined ? { body } : {}) };
  });
}
