import { describe, expect, it } from "vitest";
import { individualCustomer } from "../../../schemas/test/fixtures/customers.js";
import {
  benefitGrantedEvent,
  eventsCursorPage,
  eventsOffsetPage,
  unknownSystemEvent,
} from "../../../schemas/test/fixtures/events.js";
import {
  ACTIVATION_ID,
  CUSTOMER_ID,
  LICENSE_KEY_ID,
  ORDER_ID,
  ORGANIZATION_ID,
  SECOND_ORDER_ID,
} from "../../../schemas/test/fixtures/ids.js";
import {
  customerLicenseKey,
  validatedLicenseKey,
  validatedLicenseKeyWithoutActivation,
} from "../../../schemas/test/fixtures/license-keys.js";
import { orderReceipt } from "../../../schemas/test/fixtures/orders.js";
import {
  customerPaymentMethodsPage,
  myPaymentMethodsPage,
} from "../../../schemas/test/fixtures/payment-methods.js";
import { lifetimeProduct, productsPage, proProduct } from "../../../schemas/test/fixtures/products.js";
import { refundsPage, refundWithDispute } from "../../../schemas/test/fixtures/refunds.js";
import {
  activeSubscription,
  customerSubscriptionsPage,
} from "../../../schemas/test/fixtures/subscriptions.js";
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
import { acceptedEmpty, acceptedNull, json, noContent, onlyCall, setup } from "./support.js";

/*
 * Every operation's success answers, with bodies exactly as the service sends
 * them (nullable fields null, fields the spec does not list, new enum values),
 * read through the real response schemas: nothing is rejected, nothing dropped.
 */

const validateInput = { key: validatedLicenseKey.key, organization_id: ORGANIZATION_ID };
const deactivateInput = { ...validateInput, activation_id: ACTIVATION_ID };

describe("pages (offset form)", () => {
  const pages: [string, (client: Client) => Promise<unknown>, unknown][] = [
    ["listEvents", (c) => listEvents(c, { organization_id: ORGANIZATION_ID }), eventsOffsetPage],
    ["listProducts", (c) => listProducts(c, { organization_id: ORGANIZATION_ID }), productsPage],
    ["listRefunds", (c) => listRefunds(c), refundsPage],
    [
      "listCustomerPaymentMethods",
      (c) => listCustomerPaymentMethods(c, { id: CUSTOMER_ID }),
      customerPaymentMethodsPage,
    ],
    ["listMyPaymentMethods", (c) => listMyPaymentMethods(c), myPaymentMethodsPage],
    ["listCustomerSubscriptions", (c) => listCustomerSubscriptions(c), customerSubscriptionsPage],
  ];

  it.each(pages)("%s resolves to the page, every field kept", async (_id, call, page) => {
    const { client } = setup(json(200, page));
    const result = await call(client);
    expect(result).toEqual(page);
  });
});

describe("listEvents", () => {
  it("offset form: {items, pagination: {total_count, max_page}}", async () => {
    const { client } = setup(json(200, eventsOffsetPage));
    const page = await listEvents(client, { limit: 5 });
    expect(page.pagination).toEqual({ total_count: 57, max_page: 12 });
    expect(page.items.map((event) => [event.source, event.name])).toEqual([
      ["user", "ai_usage"],
      ["system", "order.paid"],
      ["system", "balance.order"],
      ["system", "benefit.granted"],
      ["system", "meter.credited"],
    ]);
  });

  it("cursor form (cursor_pagination: true): {items, pagination: {has_next_page}}", async () => {
    const { fetch, client } = setup(json(200, eventsCursorPage));
    const page = await client.events.list({ cursor_pagination: true, limit: 4 });
    expect(onlyCall(fetch).url.searchParams.get("cursor_pagination")).toBe("true");
    expect(page).toEqual(eventsCursorPage);
    expect(page.pagination).toEqual({ has_next_page: true });
  });

  it("a system event name this version does not know parses, its metadata kept as sent", async () => {
    const { client } = setup(
      json(200, { items: [unknownSystemEvent], pagination: { has_next_page: false } }),
    );
    const page = await listEvents(client, { cursor_pagination: true });
    expect(page.items[0]).toEqual(unknownSystemEvent);
    expect(page.items[0]?.name).toBe("meter.drained");
    expect(page.items[0]?.metadata).toEqual({
      meter_id: unknownSystemEvent.metadata.meter_id,
      remaining_units: 0,
      drained_by: { event_count: 3 },
    });
  });

  it("a new enum value inside a known event's metadata parses (benefit type)", async () => {
    const event = {
      ...benefitGrantedEvent,
      metadata: { ...benefitGrantedEvent.metadata, benefit_type: "course_access" },
    };
    const { client } = setup(json(200, { items: [event], pagination: { total_count: 1, max_page: 1 } }));
    const page = await listEvents(client);
    expect(page.items[0]).toEqual(event);
  });

  it("a new event field and a new customer field are kept", async () => {
    const event = {
      ...unknownSystemEvent,
      ingested_at: "2026-04-10T00:00:01Z",
      customer: { ...individualCustomer, type: "agency", loyalty_tier: "gold" },
    };
    const { client } = setup(json(200, { items: [event], pagination: { total_count: 1, max_page: 1 } }));
    const page = await listEvents(client);
    expect(page.items[0]).toEqual(event);
  });
});

describe("validateLicenseKey (200)", () => {
  it("answers the key with its activation and customer, nulls as null, unknown fields kept", async () => {
    const body = {
      ...validatedLicenseKey,
      // Fields the service sends that the spec does not list, at the top and nested.
      benefit: { id: validatedLicenseKey.benefit_id, type: "license_keys" },
      customer: { ...validatedLicenseKey.customer, type: "individual", billing_locale: null },
      activation: { ...validatedLicenseKey.activation, conditions: { major_version: 4 } },
    };
    const { client } = setup(json(200, body));
    const key = await validateLicenseKey(client, { ...validateInput, activation_id: ACTIVATION_ID });
    expect(key).toEqual(body);
    expect(key.status).toBe("granted");
    expect(key.activation?.id).toBe(ACTIVATION_ID);
    expect(key.activation?.meta).toEqual({
      machine_id: "C02XG2JHJG5J",
      os: "macOS 15.4",
      cores: 12,
      arm64: true,
    });
    expect(key.customer.name).toBeNull();
    expect(key.customer.billing_address).toBeNull();
    expect(key.limit_usage).toBeNull();
    expect(key.expires_at).toBeNull();
    expect(key).toHaveProperty("benefit", body.benefit);
  });

  it("activation null (validated without activation_id)", async () => {
    const { client } = setup(json(200, validatedLicenseKeyWithoutActivation));
    const key = await client.licenseKeys.validate(validateInput);
    expect(key).toEqual(validatedLicenseKeyWithoutActivation);
    expect(key.activation).toBeNull();
    expect(key.limit_activations).toBeNull();
  });

  it("activation left out entirely", async () => {
    const { activation: _activation, ...body } = validatedLicenseKey;
    const { client } = setup(json(200, body));
    const key = await validateLicenseKey(client, validateInput);
    expect(key).toEqual(body);
    expect("activation" in key).toBe(false);
  });

  it("a new license key status and a new customer type parse", async () => {
    const body = {
      ...validatedLicenseKey,
      status: "suspended",
      customer: { ...individualCustomer, type: "agency" },
    };
    const { client } = setup(json(200, body));
    const key = await validateLicenseKey(client, validateInput);
    expect(key.status).toBe("suspended");
    expect(key.customer.type).toBe("agency");
  });
});

describe("getCustomerLicenseKey (200)", () => {
  it("answers the key with all its activations and its team customer", async () => {
    const { client } = setup(json(200, customerLicenseKey));
    const key = await getCustomerLicenseKey(client, { id: LICENSE_KEY_ID });
    expect(key).toEqual(customerLicenseKey);
    expect(key.activations).toHaveLength(2);
    expect(key.customer.tax_id).toEqual(["FR61954506077", "eu_vat"]);
  });
});

describe("operations without a result", () => {
  it("deactivateLicenseKey: 204 with an empty body → undefined", async () => {
    const { fetch, client } = setup(noContent());
    await expect(deactivateLicenseKey(client, deactivateInput)).resolves.toBeUndefined();
    await expect(client.licenseKeys.deactivate(deactivateInput)).resolves.toBeUndefined();
    expect(fetch.calls).toHaveLength(2);
  });

  const deletes: [string, (client: Client) => Promise<void>, (client: Client) => Promise<void>][] = [
    [
      "deleteCheckoutLink",
      (c) => deleteCheckoutLink(c, { id: ORDER_ID }),
      (c) => c.checkoutLinks.delete({ id: ORDER_ID }),
    ],
    [
      "deleteCustomField",
      (c) => deleteCustomField(c, { id: ORDER_ID }),
      (c) => c.customFields.delete({ id: ORDER_ID }),
    ],
    [
      "deleteDiscount",
      (c) => deleteDiscount(c, { id: ORDER_ID }),
      (c) => c.discounts.delete({ id: ORDER_ID }),
    ],
  ];

  it.each(deletes)("%s: 204 with an empty body → undefined", async (_id, call, grouped) => {
    const { fetch, client } = setup(noContent());
    await expect(call(client)).resolves.toBeUndefined();
    await expect(grouped(client)).resolves.toBeUndefined();
    expect(fetch.calls.map((c) => c.method)).toEqual(["DELETE", "DELETE"]);
  });

  it("generateOrderInvoice: 202 with the JSON body `null` → undefined", async () => {
    const { client } = setup(acceptedNull());
    await expect(generateOrderInvoice(client, { id: SECOND_ORDER_ID })).resolves.toBeUndefined();
    await expect(client.orders.generateInvoice({ id: SECOND_ORDER_ID })).resolves.toBeUndefined();
  });

  it("generateOrderInvoice: 202 with an empty body → undefined", async () => {
    const { client } = setup(acceptedEmpty());
    await expect(generateOrderInvoice(client, { id: SECOND_ORDER_ID })).resolves.toBeUndefined();
  });

  it("generateOrderInvoice: 202 with an empty body but a JSON content type → undefined", async () => {
    const { client } = setup(
      new Response("", { status: 202, headers: { "content-type": "application/json" } }),
    );
    await expect(generateOrderInvoice(client, { id: SECOND_ORDER_ID })).resolves.toBeUndefined();
  });
});

describe("getOrderReceipt", () => {
  it("200 {url} → the receipt", async () => {
    const { client } = setup(json(200, orderReceipt));
    const receipt = await getOrderReceipt(client, { id: ORDER_ID });
    expect(receipt).toEqual(orderReceipt);
    expect(receipt?.url).toMatch(/^https:\/\/polar-customer-files\.s3\.amazonaws\.com\/.+\.pdf\?X-Amz-/);
  });

  it("202 with an empty body and no content type (still being generated) → null", async () => {
    const reply = acceptedEmpty();
    expect(reply.headers.get("content-type")).toBeNull();
    const { client } = setup(reply);
    await expect(getOrderReceipt(client, { id: ORDER_ID })).resolves.toBeNull();
    await expect(client.customerPortal.orders.getReceipt({ id: ORDER_ID })).resolves.toBeNull();
  });

  it("202 then 200: polling until the receipt is ready", async () => {
    const { fetch, client } = setup(acceptedEmpty(), acceptedEmpty(), json(200, orderReceipt));
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await getOrderReceipt(client, { id: ORDER_ID }));
    expect(answers).toEqual([null, null, orderReceipt]);
    expect(fetch.calls).toHaveLength(3);
  });

  it("an extra field next to url is kept", async () => {
    const body = { ...orderReceipt, expires_in: 3600 };
    const { client } = setup(json(200, body));
    expect(await getOrderReceipt(client, { id: ORDER_ID })).toEqual(body);
  });
});

describe("timestamps with a +00:00 offset, as the service sends some, on every kind of resource", () => {
  it("refunds and their disputes", async () => {
    const refund = {
      ...refundWithDispute,
      created_at: "2026-03-02T09:15:00.123456+00:00",
      dispute: { ...refundWithDispute.dispute, created_at: "2026-03-03T10:00:00+00:00" },
    };
    const page = { items: [refund], pagination: { total_count: 1, max_page: 1 } };
    const { client } = setup(json(200, page));
    const result = await listRefunds(client);
    expect(result.items[0]?.created_at).toBe("2026-03-02T09:15:00.123456+00:00");
    expect(result).toEqual(page);
  });

  it("events, their customer, and subscriptions", async () => {
    const event = {
      ...benefitGrantedEvent,
      timestamp: "2026-04-01T12:00:00+00:00",
      customer: { ...individualCustomer, created_at: "2025-09-02T08:14:27+00:00" },
    };
    const events = setup(json(200, { items: [event], pagination: { total_count: 1, max_page: 1 } }));
    expect((await listEvents(events.client)).items[0]).toEqual(event);

    const subscription = { ...activeSubscription, current_period_start: "2026-04-01T00:00:00+00:00" };
    const page = { items: [subscription], pagination: { total_count: 1, max_page: 1 } };
    const subscriptions = setup(json(200, page));
    expect(await listCustomerSubscriptions(subscriptions.client)).toEqual(page);
  });
});

describe("enumerations grow: new values in responses parse", () => {
  it("refunds: new refund status and reason, new dispute status and reason", async () => {
    const refund = {
      ...refundWithDispute,
      status: "requires_action",
      reason: "chargeback_prevention",
      dispute: { ...refundWithDispute.dispute, status: "warning_closed", reason: "duplicate_charge" },
    };
    const page = { items: [refund], pagination: { total_count: 1, max_page: 1 } };
    const { client } = setup(json(200, page));
    expect(await listRefunds(client)).toEqual(page);
  });

  it("subscriptions: new status, new recurring interval, new cancellation reason", async () => {
    const subscription = {
      ...activeSubscription,
      status: "suspended",
      recurring_interval: "quarter",
      customer_cancellation_reason: "moved_to_competitor",
    };
    const page = { items: [subscription], pagination: { total_count: 1, max_page: 1 } };
    const { client } = setup(json(200, page));
    expect(await listCustomerSubscriptions(client)).toEqual(page);
  });

  it("products: new visibility, price amount type, tax behavior, benefit type and media service", async () => {
    const product = {
      ...proProduct,
      visibility: "unlisted",
      prices: [
        ...proProduct.prices,
        {
          ...lifetimeProduct.prices[0],
          amount_type: "tiered_usage",
          tax_behavior: "reverse_charge",
          tiers: [{ up_to: 100, unit_amount: "0.01" }],
        },
      ],
      benefits: [{ ...proProduct.benefits[0], type: "course_access" }],
      medias: [{ ...proProduct.medias[0], service: "invoice_attachment" }],
    };
    const page = { items: [product], pagination: { total_count: 1, max_page: 1 } };
    const { client } = setup(json(200, page));
    expect(await listProducts(client)).toEqual(page);
  });

  it("payment methods: a new processor and type, without card metadata", async () => {
    const method = {
      id: "0f2b4d6e-8a1c-4e3a-8f5b-7b9d1f3b5d6e",
      created_at: "2026-01-17T12:00:00.000000Z",
      modified_at: null,
      processor: "adyen",
      customer_id: CUSTOMER_ID,
      type: "sepa_debit",
    };
    const page = { items: [method], pagination: { total_count: 1, max_page: 1 } };
    const { client } = setup(
      json(200, page),
      json(200, { ...page, items: [{ ...method, is_default: false }] }),
    );
    expect(await listMyPaymentMethods(client)).toEqual(page);
    expect((await listCustomerPaymentMethods(client, { id: CUSTOMER_ID })).items[0]?.type).toBe("sepa_debit");
  });

  it("events: an event from a source the SDK does not know yet parses", async () => {
    const event = { ...unknownSystemEvent, source: "integration", name: "sync.completed" };
    const page = { items: [event], pagination: { has_next_page: false } };
    const { client } = setup(json(200, page));
    expect(await listEvents(client, { cursor_pagination: true })).toEqual(page);
  });

  it("events: a new system event name in the cursor form", async () => {
    const event = {
      ...unknownSystemEvent,
      name: "wallet.topped_up",
      label: "Wallet topped up",
      metadata: { amount: 500 },
    };
    const page = { items: [event], pagination: { has_next_page: false } };
    const { client } = setup(json(200, page));
    expect(await listEvents(client, { cursor_pagination: true })).toEqual(page);
  });
});
