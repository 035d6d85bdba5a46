import type { MeterFilter } from "@commerce-api/schemas";
import { describe, expect, it } from "vitest";
import { eventsOffsetPage } from "../../../schemas/test/fixtures/events.js";
import {
  ACTIVATION_ID,
  CUSTOMER_ID,
  DISPUTED_REFUND_ID,
  EVENT_USER_LLM_ID,
  LICENSE_BENEFIT_ID,
  LICENSE_KEY_ID,
  METER_ID,
  ONE_TIME_PRODUCT_ID,
  ORDER_ID,
  ORGANIZATION_ID,
  PRODUCT_ID,
  REFUND_ID,
  SECOND_ORDER_ID,
  SUBSCRIPTION_ID,
  TEAM_CUSTOMER_ID,
} from "../../../schemas/test/fixtures/ids.js";
import { customerLicenseKey, validatedLicenseKey } from "../../../schemas/test/fixtures/license-keys.js";
import { orderReceipt } from "../../../schemas/test/fixtures/orders.js";
import {
  customerPaymentMethodsPage,
  myPaymentMethodsPage,
} from "../../../schemas/test/fixtures/payment-methods.js";
import { productsPage } from "../../../schemas/test/fixtures/products.js";
import { refundsPage } from "../../../schemas/test/fixtures/refunds.js";
import { customerSubscriptionsPage } from "../../../schemas/test/fixtures/subscriptions.js";
import * as api from "../../src/index.js";
import {
  type Client,
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
  validateLicenseKey,
} from "../../src/index.js";
import {
  acceptedNull,
  BASE_URL,
  clientFor,
  fakeFetch,
  json,
  noContent,
  onlyCall,
  setup,
  snapshot,
  TOKEN,
} from "./support.js";

/*
 * One realistic call per operation, asserted down to the bytes that go on the
 * wire: method, path, query string (order and encoding included), JSON body
 * and headers. Then the grouped facade must send the very same request.
 */

const CHECKOUT_LINK_ID = "40e87f55-f067-4e12-9624-daff3e68a80c";
const CUSTOM_FIELD_ID = "a164e8f6-edc3-4299-a837-81e79be3cb40";
const DISCOUNT_ID = "81952d6c-c07b-496f-b7fb-5f0828cb8544";

const eventsFilter = {
  conjunction: "and",
  clauses: [
    { property: "name", operator: "eq", value: "ai_usage" },
    {
      conjunction: "or",
      clauses: [
        { property: "metadata.total_tokens", operator: "gt", value: 1000 },
        { property: "metadata.streamed", operator: "eq", value: true },
      ],
    },
  ],
} satisfies MeterFilter;

const listEventsInput = {
  filter: eventsFilter,
  start_timestamp: "2026-04-01T00:00:00Z",
  end_timestamp: "2026-04-09T23:59:59.999+02:00",
  organization_id: ORGANIZATION_ID,
  customer_id: [CUSTOMER_ID, TEAM_CUSTOMER_ID],
  external_customer_id: "user_2xK9",
  meter_id: METER_ID,
  name: ["order.paid", "ai_usage"],
  source: ["system", "user"],
  query: "gpt-4.1 mini",
  parent_id: EVENT_USER_LLM_ID,
  depth: 0, // falsy, yet a value: it must be sent
  page: 2,
  limit: 50,
  sorting: ["-timestamp"],
  metadata: { plan: "pro", tier: ["gold", "silver"], seats: 3, trial: false },
  cursor_pagination: false, // falsy, yet a value: it must be sent
} satisfies api.ListEventsInput;

const validateInput = {
  key: "POLAR-8F3A1C2E-7B3D-4E8A-9C0F-2D6B8E1A5C3F",
  organization_id: ORGANIZATION_ID,
  activation_id: ACTIVATION_ID,
  benefit_id: LICENSE_BENEFIT_ID,
  customer_id: CUSTOMER_ID,
  increment_usage: 1,
  conditions: { major_version: 4, os: "macOS", pro: true, ratio: 1.5 },
} satisfies api.ValidateLicenseKeyInput;

const deactivateInput = {
  key: "POLAR-8F3A1C2E-7B3D-4E8A-9C0F-2D6B8E1A5C3F",
  organization_id: ORGANIZATION_ID,
  activation_id: ACTIVATION_ID,
} satisfies api.DeactivateLicenseKeyInput;

const listProductsInput = {
  id: [PRODUCT_ID, ONE_TIME_PRODUCT_ID],
  organization_id: ORGANIZATION_ID,
  query: "Pro plan",
  is_archived: false,
  is_recurring: true,
  benefit_id: LICENSE_BENEFIT_ID,
  visibility: ["public", "private"],
  page: 1,
  limit: 100,
  sorting: ["-created_at", "price_amount"],
  metadata: { category: ["saas", "dev tools"], featured: true },
} satisfies api.ListProductsInput;

const listRefundsInput = {
  id: [REFUND_ID, DISPUTED_REFUND_ID],
  organization_id: ORGANIZATION_ID,
  order_id: ORDER_ID,
  subscription_id: [SUBSCRIPTION_ID],
  customer_id: CUSTOMER_ID,
  external_customer_id: ["acme-corp", "user 42&co"],
  succeeded: true,
  page: 3,
  limit: 25,
  sorting: ["-created_at", "amount"],
} satisfies api.ListRefundsInput;

const listSubscriptionsInput = {
  product_id: [PRODUCT_ID, ONE_TIME_PRODUCT_ID],
  active: false,
  query: "Pro",
  page: 1,
  limit: 10,
  sorting: ["-started_at", "amount"],
} satisfies api.ListCustomerSubscriptionsInput;

interface RequestCase {
  readonly id: string;
  readonly call: (client: Client) => Promise<unknown>;
  readonly grouped: (client: Client) => Promise<unknown>;
  /** A success response shaped as the service sends it, so the call completes. */
  readonly reply: () => Response;
  readonly method: "GET" | "POST" | "DELETE";
  readonly path: string;
  /** The query string's pairs, decoded, in order; `[]` for no query string at all. */
  readonly query: readonly (readonly [string, string])[];
  /** The JSON body, parsed; undefined for no body. */
  readonly body?: unknown;
}

const cases: RequestCase[] = [
  {
    id: "listEvents",
    call: (c) => listEvents(c, listEventsInput),
    grouped: (c) => c.events.list(listEventsInput),
    reply: () => json(200, eventsOffsetPage),
    method: "GET",
    path: "/v1/events/",
    query: [
      ["filter", JSON.stringify(eventsFilter)],
      ["start_timestamp", "2026-04-01T00:00:00Z"],
      ["end_timestamp", "2026-04-09T23:59:59.999+02:00"],
      ["organization_id", ORGANIZATION_ID],
      ["customer_id", CUSTOMER_ID],
      ["customer_id", TEAM_CUSTOMER_ID],
      ["external_customer_id", "user_2xK9"],
      ["meter_id", METER_ID],
      ["name", "order.paid"],
      ["name", "ai_usage"],
      ["source", "system"],
      ["source", "user"],
      ["query", "gpt-4.1 mini"],
      ["parent_id", EVENT_USER_LLM_ID],
      ["depth", "0"],
      ["page", "2"],
      ["limit", "50"],
      ["sorting", "-timestamp"],
      ["metadata[plan]", "pro"],
      ["metadata[tier]", "gold"],
      ["metadata[tier]", "silver"],
      ["metadata[seats]", "3"],
      ["metadata[trial]", "false"],
      ["cursor_pagination", "false"],
    ],
  },
  {
    id: "validateLicenseKey",
    call: (c) => validateLicenseKey(c, validateInput),
    grouped: (c) => c.licenseKeys.validate(validateInput),
    reply: () => json(200, validatedLicenseKey),
    method: "POST",
    path: "/v1/license-keys/validate",
    query: [],
    body: validateInput,
  },
  {
    id: "deactivateLicenseKey",
    call: (c) => deactivateLicenseKey(c, deactivateInput),
    grouped: (c) => c.licenseKeys.deactivate(deactivateInput),
    reply: noContent,
    method: "POST",
    path: "/v1/license-keys/deactivate",
    query: [],
    body: deactivateInput,
  },
  {
    id: "listProducts",
    call: (c) => listProducts(c, listProductsInput),
    grouped: (c) => c.products.list(listProductsInput),
    reply: () => json(200, productsPage),
    method: "GET",
    path: "/v1/products/",
    query: [
      ["id", PRODUCT_ID],
      ["id", ONE_TIME_PRODUCT_ID],
      ["organization_id", ORGANIZATION_ID],
      ["query", "Pro plan"],
      ["is_archived", "false"],
      ["is_recurring", "true"],
      ["benefit_id", LICENSE_BENEFIT_ID],
      ["visibility", "public"],
      ["visibility", "private"],
      ["page", "1"],
      ["limit", "100"],
      ["sorting", "-created_at"],
      ["sorting", "price_amount"],
      ["metadata[category]", "saas"],
      ["metadata[category]", "dev tools"],
      ["metadata[featured]", "true"],
    ],
  },
  {
    id: "listCustomerPaymentMethods",
    call: (c) => listCustomerPaymentMethods(c, { id: CUSTOMER_ID, page: 1, limit: 20 }),
    grouped: (c) => c.customers.listPaymentMethods({ id: CUSTOMER_ID, page: 1, limit: 20 }),
    reply: () => json(200, customerPaymentMethodsPage),
    method: "GET",
    path: `/v1/customers/${CUSTOMER_ID}/payment-methods`,
    query: [
      ["page", "1"],
      ["limit", "20"],
    ],
  },
  {
    id: "listRefunds",
    call: (c) => listRefunds(c, listRefundsInput),
    grouped: (c) => c.refunds.list(listRefundsInput),
    reply: () => json(200, refundsPage),
    method: "GET",
    path: "/v1/refunds/",
    query: [
      ["id", REFUND_ID],
      ["id", DISPUTED_REFUND_ID],
      ["organization_id", ORGANIZATION_ID],
      ["order_id", ORDER_ID],
      ["subscription_id", SUBSCRIPTION_ID],
      ["customer_id", CUSTOMER_ID],
      ["external_customer_id", "acme-corp"],
      ["external_customer_id", "user 42&co"],
      ["succeeded", "true"],
      ["page", "3"],
      ["limit", "25"],
      ["sorting", "-created_at"],
      ["sorting", "amount"],
    ],
  },
  {
    id: "deleteCheckoutLink",
    call: (c) => deleteCheckoutLink(c, { id: CHECKOUT_LINK_ID }),
    grouped: (c) => c.checkoutLinks.delete({ id: CHECKOUT_LINK_ID }),
    reply: noContent,
    method: "DELETE",
    path: `/v1/checkout-links/${CHECKOUT_LINK_ID}`,
    query: [],
  },
  {
    id: "deleteCustomField",
    call: (c) => deleteCustomField(c, { id: CUSTOM_FIELD_ID }),
    grouped: (c) => c.customFields.delete({ id: CUSTOM_FIELD_ID }),
    reply: noContent,
    method: "DELETE",
    path: `/v1/custom-fields/${CUSTOM_FIELD_ID}`,
    query: [],
  },
  {
    id: "deleteDiscount",
    call: (c) => deleteDiscount(c, { id: DISCOUNT_ID }),
    grouped: (c) => c.discounts.delete({ id: DISCOUNT_ID }),
    reply: noContent,
    method: "DELETE",
    path: `/v1/discounts/${DISCOUNT_ID}`,
    query: [],
  },
  {
    id: "generateOrderInvoice",
    call: (c) => generateOrderInvoice(c, { id: SECOND_ORDER_ID }),
    grouped: (c) => c.orders.generateInvoice({ id: SECOND_ORDER_ID }),
    reply: acceptedNull,
    method: "POST",
    path: `/v1/orders/${SECOND_ORDER_ID}/invoice`,
    query: [],
    // A POST without a body: no body, and so no content-type either.
  },
  {
    id: "listCustomerSubscriptions",
    call: (c) => listCustomerSubscriptions(c, listSubscriptionsInput),
    grouped: (c) => c.customerPortal.subscriptions.list(listSubscriptionsInput),
    reply: () => json(200, customerSubscriptionsPage),
    method: "GET",
    path: "/v1/customer-portal/subscriptions/",
    query: [
      ["product_id", PRODUCT_ID],
      ["product_id", ONE_TIME_PRODUCT_ID],
      ["active", "false"],
      ["query", "Pro"],
      ["page", "1"],
      ["limit", "10"],
      ["sorting", "-started_at"],
      ["sorting", "amount"],
    ],
  },
  {
    id: "listMyPaymentMethods",
    call: (c) => listMyPaymentMethods(c, { page: 2, limit: 20 }),
    grouped: (c) => c.customerPortal.paymentMethods.list({ page: 2, limit: 20 }),
    reply: () => json(200, myPaymentMethodsPage),
    method: "GET",
    path: "/v1/customer-portal/customers/me/payment-methods",
    query: [
      ["page", "2"],
      ["limit", "20"],
    ],
  },
  {
    id: "getCustomerLicenseKey",
    call: (c) => getCustomerLicenseKey(c, { id: LICENSE_KEY_ID }),
    grouped: (c) => c.customerPortal.licenseKeys.get({ id: LICENSE_KEY_ID }),
    reply: () => json(200, customerLicenseKey),
    method: "GET",
    path: `/v1/customer-portal/license-keys/${LICENSE_KEY_ID}`,
    query: [],
  },
  {
    id: "getOrderReceipt",
    call: (c) => getOrderReceipt(c, { id: ORDER_ID }),
    grouped: (c) => c.customerPortal.orders.getReceipt({ id: ORDER_ID }),
    reply: () => json(200, orderReceipt),
    method: "GET",
    path: `/v1/customer-portal/orders/${ORDER_ID}/receipt`,
    query: [],
  },
];

/** The ids of every operation the package defines, from its generated registry. */
const operationIds = Object.values(api.operationDefinitions)
  .map((definition) => definition.id)
  .sort();

describe("requests of every operation", () => {
  it("the table covers every operation of the registry, once", () => {
    expect(cases.map((c) => c.id).sort()).toEqual(operationIds);
  });

  describe.each(cases)("$id", (c) => {
    it("sends the exact method, path, query string, body and headers", async () => {
      const { fetch, client } = setup(c.reply());
      await c.call(client);
      const call = onlyCall(fetch);

      expect(call.method).toBe(c.method);
      expect(call.url.origin).toBe(BASE_URL);
      expect(call.url.pathname).toBe(c.path);
      // Decoded pairs, in order: repeated keys for arrays, deepObject keys, JSON filter, text booleans.
      expect([...call.url.searchParams]).toEqual(c.query);
      // And the raw string: nothing else, encoded as a form would be.
      const expectedSearch = new URLSearchParams(c.query.map(([k, v]) => [k, v])).toString();
      expect(call.url.search).toBe(expectedSearch === "" ? "" : `?${expectedSearch}`);

      if (c.body === undefined) {
        expect(call.body).toBeUndefined();
      } else {
        expect(JSON.parse(call.body ?? "")).toEqual(c.body);
      }

      expect(Object.fromEntries(call.headers)).toEqual({
        accept: "application/json",
        authorization: `Bearer ${TOKEN}`,
        "polar-version": api.apiVersion,
        ...(c.body === undefined ? {} : { "content-type": "application/json" }),
      });
    });

    it("sends the identical request through the grouped facade", async () => {
      const standalone = setup(c.reply());
      const grouped = setup(c.reply());
      const standaloneResult = await c.call(standalone.client);
      const groupedResult = await c.grouped(grouped.client);
      expect(snapshot(onlyCall(grouped.fetch))).toEqual(snapshot(onlyCall(standalone.fetch)));
      expect(groupedResult).toEqual(standaloneResult);
    });
  });
});

describe("query strings, raw", () => {
  it("refunds: repeated keys for arrays, sorting in order, spaces and & encoded", async () => {
    const { fetch, client } = setup(json(200, refundsPage));
    await listRefunds(client, listRefundsInput);
    expect(onlyCall(fetch).url.search).toBe(
      `?id=${REFUND_ID}&id=${DISPUTED_REFUND_ID}&organization_id=${ORGANIZATION_ID}&order_id=${ORDER_ID}` +
        `&subscription_id=${SUBSCRIPTION_ID}&customer_id=${CUSTOMER_ID}` +
        "&external_customer_id=acme-corp&external_customer_id=user+42%26co" +
        "&succeeded=true&page=3&limit=25&sorting=-created_at&sorting=amount",
    );
  });

  it("products: metadata as deepObject, an array value repeating its key", async () => {
    const { fetch, client } = setup(json(200, productsPage));
    await listProducts(client, { metadata: { category: ["saas", "tools"], tier: 2, featured: true } });
    expect(onlyCall(fetch).url.search).toBe(
      "?metadata%5Bcategory%5D=saas&metadata%5Bcategory%5D=tools&metadata%5Btier%5D=2&metadata%5Bfeatured%5D=true",
    );
  });

  it("events: filter as compact JSON text, one parameter", async () => {
    const { fetch, client } = setup(json(200, eventsOffsetPage));
    await listEvents(client, {
      filter: { conjunction: "or", clauses: [{ property: "name", operator: "eq", value: "a" }] },
    });
    const call = onlyCall(fetch);
    expect(call.url.searchParams.getAll("filter")).toEqual([
      '{"conjunction":"or","clauses":[{"property":"name","operator":"eq","value":"a"}]}',
    ]);
    expect([...call.url.searchParams.keys()]).toEqual(["filter"]);
  });

  it("absent (undefined) values are omitted; no input at all gives no query string", async () => {
    const { fetch, client } = setup(json(200, productsPage));
    await listProducts(client, {
      organization_id: ORGANIZATION_ID,
      query: undefined,
      is_archived: undefined,
    });
    await listProducts(client);
    await client.products.list();
    expect(fetch.calls.map((call) => call.url.search)).toEqual([
      `?organization_id=${ORGANIZATION_ID}`,
      "",
      "",
    ]);
  });

  it("a single value of an `x | x[]` filter is sent as one key, the same as a one-element array", async () => {
    const { fetch, client } = setup(json(200, eventsOffsetPage));
    await listEvents(client, { organization_id: ORGANIZATION_ID, source: "user" });
    await listEvents(client, { organization_id: [ORGANIZATION_ID], source: ["user"] });
    const [single, array] = fetch.calls;
    expect(single?.url.search).toBe(`?organization_id=${ORGANIZATION_ID}&source=user`);
    expect(array?.url.search).toBe(single?.url.search);
  });
});

describe("bodies", () => {
  it("validate sends only the given body fields: absent optional ones are left out", async () => {
    const { fetch, client } = setup(json(200, validatedLicenseKey));
    await validateLicenseKey(client, {
      key: "K-1",
      organization_id: ORGANIZATION_ID,
      activation_id: undefined,
    });
    const call = onlyCall(fetch);
    expect(call.body).toBe(`{"key":"K-1","organization_id":"${ORGANIZATION_ID}"}`);
    expect(call.url.search).toBe("");
  });

  it("the path parameter of a POST is not repeated in its body or query", async () => {
    const { fetch, client } = setup(acceptedNull());
    await generateOrderInvoice(client, { id: ORDER_ID });
    const call = onlyCall(fetch);
    expect(call.url.href).toBe(`${BASE_URL}/v1/orders/${ORDER_ID}/invoice`);
    expect(call.body).toBeUndefined();
    expect(call.headers.has("content-type")).toBe(false);
  });
});

describe("path parameters are percent-encoded", () => {
  // Ids are UUIDs, so only a client with input validation off can send these; the
  // runtime must still keep `/`, `?`, `#` and spaces from changing the path.
  const raw = "a/b?c=1#d e%";
  const encoded = "a%2Fb%3Fc%3D1%23d%20e%25";
  const pathCases: [string, (client: Client) => Promise<unknown>, () => Response, string][] = [
    [
      "listCustomerPaymentMethods",
      (c) => listCustomerPaymentMethods(c, { id: raw }),
      () => json(200, customerPaymentMethodsPage),
      `/v1/customers/${encoded}/payment-methods`,
    ],
    [
      "deleteCheckoutLink",
      (c) => deleteCheckoutLink(c, { id: raw }),
      noContent,
      `/v1/checkout-links/${encoded}`,
    ],
    [
      "deleteCustomField",
      (c) => deleteCustomField(c, { id: raw }),
      noContent,
      `/v1/custom-fields/${encoded}`,
    ],
    ["deleteDiscount", (c) => deleteDiscount(c, { id: raw }), noContent, `/v1/discounts/${encoded}`],
    [
      "generateOrderInvoice",
      (c) => generateOrderInvoice(c, { id: raw }),
      acceptedNull,
      `/v1/orders/${encoded}/invoice`,
    ],
    [
      "getCustomerLicenseKey",
      (c) => getCustomerLicenseKey(c, { id: raw }),
      () => json(200, customerLicenseKey),
      `/v1/customer-portal/license-keys/${encoded}`,
    ],
    [
      "getOrderReceipt",
      (c) => getOrderReceipt(c, { id: raw }),
      () => json(200, orderReceipt),
      `/v1/customer-portal/orders/${encoded}/receipt`,
    ],
  ];

  it.each(pathCases)("%s", async (_id, call, reply, path) => {
    const fetch = fakeFetch(reply());
    await call(clientFor(fetch, { validate: { input: false } }));
    const sent = onlyCall(fetch);
    expect(sent.url.pathname).toBe(path);
    expect(sent.url.search).toBe("");
    expect(sent.url.hash).toBe("");
  });
});
