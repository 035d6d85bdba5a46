/**
 * @commerce-api/client against the sandbox over real HTTP (127.0.0.1, ephemeral port):
 * every operation, every error status and its error class, scopes, tenancy,
 * pagination to the end in both forms, and retries against injected failures.
 */
import {
  ApiError,
  AuthenticationError,
  type Client,
  createClient,
  deactivateLicenseKey,
  deleteCheckoutLink,
  deleteCustomField,
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
  OrderNotEligibleForInvoiceError,
  PermissionDeniedError,
  paginate,
  RateLimitError,
  ResourceNotFoundError,
  validateLicenseKey,
} from "@commerce-api/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Fixtures } from "../src/index.js";
import { type RunningServer, startServer } from "../src/server.js";

let server: RunningServer;
let fixtures: Fixtures;
/** Statuses of every attempt, in order, as the client saw them. */
let seen: number[] = [];

beforeAll(async () => {
  server = await startServer({ port: 0 });
  fixtures = (await (await fetch(`${server.url}/__sandbox/fixtures`)).json()) as Fixtures;
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  seen = [];
  expect((await fetch(`${server.url}/__sandbox/reset`, { method: "POST" })).status).toBe(204);
});

function client(token: string | undefined, options: Parameters<typeof createClient>[0] = {}): Client {
  return createClient({
    baseUrl: server.url,
    ...(token ? { token } : {}),
    retry: { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 20 },
    onResponse: (response) => {
      seen.push(response.status);
    },
    ...options,
  });
}

const token = (name: string) => {
  const found = fixtures.tokens.find((t) => t.token === name);
  if (!found) throw new Error(`no token ${name}`);
  return found;
};
const org = (slug: string) => fixtures.ids.organizations.find((o) => o.slug === slug)?.id as string;
const ofOrg = <T extends { organization_id: string }>(list: T[], slug = "acme") =>
  list.filter((x) => x.organization_id === org(slug));

describe("every operation", () => {
  it("listEvents, in both pagination forms", async () => {
    const acme = client("polar_oat_acme_all");
    const page = await listEvents(acme, { limit: 5, source: "system" });
    expect(page.items).toHaveLength(5);
    expect(page.pagination).toHaveProperty("total_count");
    const cursor = await acme.events.list({
      limit: 5,
      cursor_pagination: true,
      name: ["order.paid", "order.refunded"],
    });
    expect(cursor.pagination).toEqual({ has_next_page: true });
    expect(cursor.items.every((e) => ["order.paid", "order.refunded"].includes(e.name))).toBe(true);
    const filtered = await listEvents(acme, {
      metadata: { route: ["/v1/chat", "/v1/search"] },
      filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "api.request" }] },
      depth: 0,
      limit: 100,
    });
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(
      filtered.items.every(
        (e) =>
          e.name === "api.request" &&
          ["/v1/chat", "/v1/search"].includes(String((e.metadata as Record<string, unknown>).route)),
      ),
    ).toBe(true);
  });

  it("validateLicenseKey and deactivateLicenseKey", async () => {
    const acme = client("polar_oat_acme_all");
    const key = ofOrg(fixtures.ids.license_keys).find(
      (k) =>
        k.status === "granted" &&
        !k.expired &&
        k.activation_ids.some((id) => !(id in k.activation_conditions)),
    );
    const activationId = key?.activation_ids.find(
      (id) => !(id in (key?.activation_conditions ?? {})),
    ) as string;
    const validated = await validateLicenseKey(acme, {
      key: key?.key as string,
      organization_id: org("acme"),
      activation_id: activationId,
      increment_usage: 1,
    });
    expect(validated.id).toBe(key?.id);
    expect(validated.activation?.id).toBe(activationId);
    expect(validated.usage).toBe((key?.usage ?? 0) + 1);
    const grouped = await acme.licenseKeys.validate({
      key: key?.key as string,
      organization_id: org("acme"),
    });
    expect(grouped.validations).toBe(validated.validations + 1);
    const body = { key: key?.key as string, organization_id: org("acme"), activation_id: activationId };
    await expect(deactivateLicenseKey(acme, body)).resolves.toBeUndefined();
    await expect(acme.licenseKeys.deactivate(body)).rejects.toBeInstanceOf(ResourceNotFoundError);
  });

  it("listProducts, listRefunds and listCustomerPaymentMethods", async () => {
    const acme = client("polar_pat_acme_all");
    const products = await listProducts(acme, {
      is_recurring: true,
      sorting: ["name"],
      visibility: ["public"],
    });
    expect(products.items.every((p) => p.is_recurring && p.visibility === "public")).toBe(true);
    const refunds = await acme.refunds.list({ succeeded: true, sorting: ["-amount"] });
    expect(refunds.items.every((r) => r.status === "succeeded")).toBe(true);
    const customer = token("polar_cst_acme_dunder").customer_id as string;
    const methods = await listCustomerPaymentMethods(acme, { id: customer, limit: 2 });
    expect(methods.pagination).toEqual({ total_count: 3, max_page: 2 });
    expect(methods.items[0]).toHaveProperty("is_default");
    const same = await acme.customers.listPaymentMethods({ id: customer, page: 2, limit: 2 });
    expect(same.items).toHaveLength(1);
  });

  it("the customer portal: subscriptions, payment methods, license key, receipt", async () => {
    const alice = token("polar_cst_acme_alice");
    const portal = client(alice.token);
    const subs = await listCustomerSubscriptions(portal, { active: true, sorting: ["-amount"] });
    expect(subs.items.length).toBeGreaterThan(0);
    expect(subs.items.every((s) => s.customer_id === alice.customer_id)).toBe(true);
    const methods = await portal.customerPortal.paymentMethods.list({});
    expect(methods.items.every((m) => !("is_default" in m))).toBe(true);
    const mine = await listMyPaymentMethods(portal);
    expect(mine.items.length).toBe(methods.items.length);
    const key = fixtures.ids.license_keys.find(
      (k) => k.customer_id === alice.customer_id,
    ) as Fixtures["ids"]["license_keys"][number];
    const withActivations = await getCustomerLicenseKey(portal, { id: key.id });
    expect(withActivations.activations.map((a) => a.id).sort()).toEqual([...key.activation_ids].sort());
    const ready = fixtures.ids.orders.find(
      (o) => o.customer_id === alice.customer_id && o.receipt === "ready",
    );
    const receipt = await portal.customerPortal.orders.getReceipt({ id: ready?.id as string });
    expect(receipt?.url).toContain(`/__sandbox/receipts/${ready?.id}.pdf`);
    const pdf = await fetch(receipt?.url as string);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });

  it("getOrderReceipt is null while the receipt is being generated", async () => {
    const pending = fixtures.ids.orders.find(
      (o) => o.receipt === "pending" && o.organization_id === org("acme"),
    );
    const session = fixtures.tokens.find(
      (t) => t.kind === "customer_session" && t.customer_id === pending?.customer_id,
    );
    const portal = client(session?.token);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await getOrderReceipt(portal, { id: pending?.id as string }));
    expect(results[0]).toBeNull();
    expect(results.at(-1)?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__sandbox\/receipts\//);
  });

  it("the three deletes resolve to undefined, then 404", async () => {
    const acme = client("polar_oat_acme_all");
    const link = ofOrg(fixtures.ids.checkout_links)[0]?.id as string;
    const field = ofOrg(fixtures.ids.custom_fields)[0]?.id as string;
    const discount = ofOrg(fixtures.ids.discounts)[0]?.id as string;
    await expect(deleteCheckoutLink(acme, { id: link })).resolves.toBeUndefined();
    await expect(deleteCustomField(acme, { id: field })).resolves.toBeUndefined();
    await expect(acme.discounts.delete({ id: discount })).resolves.toBeUndefined();
    await expect(acme.checkoutLinks.delete({ id: link })).rejects.toBeInstanceOf(ResourceNotFoundError);
    await expect(acme.customFields.delete({ id: field })).rejects.toBeInstanceOf(ResourceNotFoundError);
    await expect(deleteDiscount(acme, { id: discount })).rejects.toBeInstanceOf(ResourceNotFoundError);
  });

  it("generateOrderInvoice: undefined (202), or the two invoice errors", async () => {
    const acme = client("polar_oat_acme_orders_read");
    const orders = ofOrg(fixtures.ids.orders);
    const pick = (situation: string) => orders.find((o) => o.invoice === situation)?.id as string;
    await expect(generateOrderInvoice(acme, { id: pick("eligible") })).resolves.toBeUndefined();
    const notEligible = await acme.orders
      .generateInvoice({ id: pick("not_eligible") })
      .catch((e: unknown) => e);
    expect(notEligible).toBeInstanceOf(OrderNotEligibleForInvoiceError);
    expect(notEligible).toMatchObject({ status: 409, code: "OrderNotEligibleForInvoice" });
    const missing = await generateOrderInvoice(acme, { id: pick("missing_billing_details") }).catch(
      (e: unknown) => e,
    );
    expect(missing).toBeInstanceOf(MissingInvoiceBillingDetailsError);
    expect(missing).toMatchObject({ status: 422, code: "MissingInvoiceBillingDetails" });
    expect(missing).not.toBeInstanceOf(HTTPValidationError);
  });
});

describe("error statuses and classes", () => {
  const anyOp = (c: Client) => listProducts(c, { limit: 1 });

  it("401 without a token, with an unknown one, with a token of the wrong kind", async () => {
    for (const [c, code] of [
      [client(undefined), "Unauthorized"],
      [client("polar_oat_made_up"), "invalid_token"],
      [client("polar_oat_acme_expired"), "invalid_token"],
      [client("polar_cst_acme_alice"), "Unauthorized"],
    ] as const) {
      const error = await anyOp(c).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, code });
      expect(JSON.stringify(error)).not.toContain("polar_cst_acme_alice");
    }
    const oidcOnRefunds = await listRefunds(client("polar_at_u_acme_all")).catch((e: unknown) => e);
    expect(oidcOnRefunds).toMatchObject({ status: 401, code: "Unauthorized" });
    const orgOnPortal = await listMyPaymentMethods(client("polar_oat_acme_all")).catch((e: unknown) => e);
    expect(orgOnPortal).toMatchObject({ status: 401 });
  });

  it("401 for a token of the wrong kind names the kinds the operation takes, from the seeded token's prefix", async () => {
    const sessionOnProducts = (await anyOp(client("polar_cst_acme_alice")).catch((e: unknown) => e)) as Error;
    expect(sessionOnProducts).toBeInstanceOf(AuthenticationError);
    expect(sessionOnProducts.message).toBe(
      "GET /v1/products/ → 401 Unauthorized: Unauthorized; listProducts takes organization tokens (oidc, pat, oat); " +
        "the token given is of kind customer_session (polar_cst_…)",
    );
    const orgOnPortal = (await listMyPaymentMethods(client("polar_oat_acme_all")).catch(
      (e: unknown) => e,
    )) as Error;
    expect(orgOnPortal.message).toContain(
      "listMyPaymentMethods takes customer tokens (customer_session, member_session); the token given is of kind oat",
    );
    expect(`${sessionOnProducts.stack}${orgOnPortal.stack}`).not.toMatch(
      /polar_cst_acme_alice|polar_oat_acme_all/,
    );
  });

  it("403 for a missing scope; the scope's own operation works", async () => {
    const eventsOnly = client("polar_oat_acme_events_read");
    await expect(listEvents(eventsOnly, { limit: 1 })).resolves.toBeDefined();
    const error = await anyOp(eventsOnly).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: "insufficient_scope" });
    expect(seen).toEqual([200, 403]);
  });

  it("404 ResourceNotFoundError for another tenant's records", async () => {
    const acme = client("polar_oat_acme_all");
    const globexDiscount = ofOrg(fixtures.ids.discounts, "globex")[0]?.id as string;
    await expect(deleteDiscount(acme, { id: globexDiscount })).rejects.toBeInstanceOf(ResourceNotFoundError);
    const globexCustomer = ofOrg(fixtures.ids.customers, "globex")[0]?.id as string;
    await expect(listCustomerPaymentMethods(acme, { id: globexCustomer })).rejects.toBeInstanceOf(
      ResourceNotFoundError,
    );
    const bobsKey = fixtures.ids.license_keys.find(
      (k) => k.customer_id === token("polar_cst_acme_bob").customer_id,
    );
    await expect(
      getCustomerLicenseKey(client("polar_cst_acme_alice"), { id: bobsKey?.id as string }),
    ).rejects.toBeInstanceOf(ResourceNotFoundError);
  });

  it("400 BadRequest when usage would pass limit_usage", async () => {
    const key = ofOrg(fixtures.ids.license_keys).find(
      (k) => k.limit_usage !== null && !k.expired && k.limit_usage - k.usage < 5,
    );
    const error = await validateLicenseKey(client("polar_oat_acme_all"), {
      key: key?.key as string,
      organization_id: org("acme"),
      increment_usage: 5,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "BadRequest" });
  });

  it("422 HTTPValidationError with issues, from the service's own checks", async () => {
    // The spec states `query`'s three characters (the client checks them); that it
    // needs `organization_id` is the service's own rule, which only the sandbox knows.
    const error = await listEvents(client("polar_oat_acme_all"), { query: "abc" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPValidationError);
    expect((error as HTTPValidationError).status).toBe(422);
    expect((error as HTTPValidationError).body).toMatchObject({
      detail: [{ loc: ["query", "organization_id"], type: "missing" }],
    });
  });

  it("422 from the sandbox for what the client would not send, with input validation off", async () => {
    const loose = client("polar_oat_acme_all", { validate: { input: false } });
    const error = await listProducts(loose, { page: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPValidationError);
    const malformed = await deleteDiscount(loose, { id: "not-a-uuid" }).catch((e: unknown) => e);
    expect(malformed).toBeInstanceOf(HTTPValidationError);
    expect((malformed as HTTPValidationError).body).toMatchObject({
      detail: [{ loc: ["path", "id"], type: "uuid_parsing" }],
    });
  });

  it("InvalidInputError before any request", async () => {
    const error = await listProducts(client("polar_oat_acme_all"), { organization_id: "nope" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(seen).toEqual([]);
  });
});

describe("pagination to the end with paginate", () => {
  it("listEvents, offset form: every event once", async () => {
    const acme = client("polar_oat_acme_all");
    const first = await listEvents(acme, { limit: 100 });
    const total = "total_count" in first.pagination ? first.pagination.total_count : -1;
    const ids: string[] = [];
    for await (const event of paginate(listEvents, acme, { limit: 100 })) ids.push(event.id);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
  });

  it("listEvents, cursor form: the same events in the same order", async () => {
    const acme = client("polar_oat_acme_all");
    const offset: string[] = [];
    for await (const event of paginate(listEvents, acme, { limit: 100 })) offset.push(event.id);
    const cursor: string[] = [];
    let pages = 0;
    for await (const page of paginate(listEvents, acme, { limit: 100, cursor_pagination: true }).pages()) {
      pages++;
      cursor.push(...page.items.map((e) => e.id));
    }
    expect(cursor).toEqual(offset);
    expect(pages).toBe(Math.ceil(offset.length / 100));
  });

  it("listProducts, listRefunds, listCustomerSubscriptions and both payment method lists", async () => {
    const acme = client("polar_oat_acme_all");
    const collect = async <T>(iterable: AsyncIterable<T>) => {
      const out: T[] = [];
      for await (const item of iterable) out.push(item);
      return out;
    };
    const products = await collect(paginate(listProducts, acme, { limit: 2 }));
    expect(products.length).toBe((await listProducts(acme, { limit: 100 })).items.length);
    const refunds = await collect(paginate(listRefunds, acme, { limit: 3, sorting: ["amount"] }));
    expect(refunds.length).toBe((await listRefunds(acme, { limit: 100 })).pagination.total_count);
    const dunder = token("polar_cst_acme_dunder");
    const subs = await collect(paginate(listCustomerSubscriptions, client(dunder.token), { limit: 1 }));
    expect(subs.length).toBeGreaterThan(1);
    const methods = await collect(
      paginate(listCustomerPaymentMethods, acme, { id: dunder.customer_id as string, limit: 1 }),
    );
    expect(methods.length).toBe(3);
    const mine = await collect(paginate(listMyPaymentMethods, client(dunder.token), { limit: 2 }));
    expect(mine.map((m) => m.id).sort()).toEqual(methods.map((m) => m.id).sort());
  });
});

describe("retries against a sandbox told to fail", () => {
  it.each([502, 503, 504] as const)("GET: two %is, then the answer", async (status) => {
    server.sandbox.failNext(2, status);
    const page = await listProducts(client("polar_oat_acme_all"), { limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(seen).toEqual([status, status, 200]);
  });

  it("429 with Retry-After, queued over HTTP", async () => {
    const queued = await fetch(`${server.url}/__sandbox/fail`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ count: 1, status: 429, retry_after: 1 }),
    });
    expect(await queued.json()).toEqual({ pending: 1 });
    // The client waits out a Retry-After of up to maxDelayMs, here the sandbox's 1 second.
    const patient = client("polar_oat_acme_all", { retry: { maxRetries: 2, maxDelayMs: 1000 } });
    const events = await listEvents(patient, { limit: 1 });
    expect(events.items).toHaveLength(1);
    expect(seen).toEqual([429, 200]);
  });

  it("a 429 asking for longer than maxDelayMs is handed to the caller with its Retry-After", async () => {
    server.sandbox.failNext(1, 429, 60);
    const error = await listEvents(client("polar_oat_acme_all"), { limit: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 60, headers: { "retry-after": "60" } });
    expect(seen).toEqual([429]);
  });

  it("DELETE is retried too, and the record is deleted once", async () => {
    server.sandbox.failNext(1, 503);
    const acme = client("polar_oat_acme_all");
    const id = ofOrg(fixtures.ids.discounts)[1]?.id as string;
    await expect(deleteDiscount(acme, { id })).resolves.toBeUndefined();
    expect(seen).toEqual([503, 204]);
  });

  it("gives up after maxRetries with the last ApiError", async () => {
    server.sandbox.failNext(5, 503);
    const error = await listProducts(client("polar_oat_acme_all")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503 });
    expect(seen).toEqual([503, 503, 503]);
  });

  it("POST is not retried unless the call opts in", async () => {
    const acme = client("polar_oat_acme_all");
    const key = ofOrg(fixtures.ids.license_keys).find(
      (k) => k.status === "granted" && !k.expired,
    ) as Fixtures["ids"]["license_keys"][number];
    const input = { key: key.key, organization_id: org("acme") };
    server.sandbox.failNext(1, 503);
    await expect(validateLicenseKey(acme, input)).rejects.toMatchObject({ status: 503 });
    server.sandbox.failNext(1, 503);
    const validated = await validateLicenseKey(acme, input, { retry: { retryPost: true } });
    expect(validated.id).toBe(key.id);
    expect(seen).toEqual([503, 503, 200]);
  });
});
