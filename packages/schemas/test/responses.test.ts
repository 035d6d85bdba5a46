// Responses as the service really sends them: tolerant parsing (unknown fields kept, nulls where
// the service sends them, open enums, unknown system events) that still rejects malformed data.
import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  BenefitTypeValues,
  CustomerTypeValues,
  DeactivateLicenseKeyResponse,
  DisputeReasonValues,
  ErrorBody,
  Event,
  GenerateOrderInvoiceResponse,
  GetCustomerLicenseKeyResponse,
  GetOrderReceiptResponse,
  LicenseKeyStatusValues,
  ListCustomerPaymentMethodsResponse,
  ListCustomerSubscriptionsResponse,
  ListEventsResponse,
  ListMyPaymentMethodsResponse,
  ListProductsResponse,
  ListRefundsInput,
  ListRefundsResponse,
  MediaServiceValues,
  MeterCreditedEvent,
  OrderPaidEvent,
  PaymentMethodTypeValues,
  PriceAmountTypeValues,
  RefundStatusValues,
  SubscriptionStatusValues,
  SystemEvent,
  TaxIdFormatValues,
  UnknownSystemEvent,
  UserEvent,
  ValidateLicenseKeyResponse,
  ValidationErrorBody,
} from "../src/index.js";
import { individualCustomer, teamCustomer } from "./fixtures/customers.js";
import * as errors from "./fixtures/errors.js";
import {
  balanceOrderEvent,
  benefitGrantedEvent,
  childUserEvent,
  customerUpdatedEvent,
  eventsCursorPage,
  eventsOffsetPage,
  llmUserEvent,
  meterCreditedEvent,
  orderPaidEvent,
  subscriptionCanceledEvent,
  unknownSystemEvent,
} from "./fixtures/events.js";
import {
  customerLicenseKey,
  validatedLicenseKey,
  validatedLicenseKeyWithoutActivation,
} from "./fixtures/license-keys.js";
import { orderReceipt } from "./fixtures/orders.js";
import { customerPaymentMethodsPage, myPaymentMethodsPage } from "./fixtures/payment-methods.js";
import { productsPage } from "./fixtures/products.js";
import { refundsPage } from "./fixtures/refunds.js";
import { customerSubscriptionsPage } from "./fixtures/subscriptions.js";
import { copy, leafIssues, leafPaths, topPaths, without } from "./support.js";

type Schema = z.ZodMiniType<unknown>;

/** Parses and fails the test, listing the issues, if the value does not parse. */
function parseOk<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const listed = leafIssues(result.error.issues).map((i) => `${i.path.join(".")}: ${i.code}`);
    expect.fail(`expected the value to parse, got:\n${listed.join("\n")}`);
  }
  return result.data;
}

/** The issues of a parse that must fail. */
function parseIssues(schema: Schema, value: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(value);
  expect(result.success, "expected the value to be rejected").toBe(false);
  return result.error?.issues ?? [];
}

describe("fixtures parse with their operation's response schema, losslessly", () => {
  const cases: [string, Schema, unknown][] = [
    ["validateLicenseKey (with activation)", ValidateLicenseKeyResponse, validatedLicenseKey],
    [
      "validateLicenseKey (activation null)",
      ValidateLicenseKeyResponse,
      validatedLicenseKeyWithoutActivation,
    ],
    ["getCustomerLicenseKey", GetCustomerLicenseKeyResponse, customerLicenseKey],
    ["listProducts", ListProductsResponse, productsPage],
    ["listCustomerSubscriptions", ListCustomerSubscriptionsResponse, customerSubscriptionsPage],
    ["listRefunds", ListRefundsResponse, refundsPage],
    ["listCustomerPaymentMethods", ListCustomerPaymentMethodsResponse, customerPaymentMethodsPage],
    ["listMyPaymentMethods", ListMyPaymentMethodsResponse, myPaymentMethodsPage],
    ["listEvents (offset pagination)", ListEventsResponse, eventsOffsetPage],
    ["listEvents (cursor pagination)", ListEventsResponse, eventsCursorPage],
    ["getOrderReceipt (200)", GetOrderReceiptResponse, orderReceipt],
  ];

  it.each(cases)("%s", (_name, schema, fixture) => {
    const parsed = parseOk(schema, fixture);
    // Nothing added, dropped or converted: timestamps stay strings, nulls stay null.
    expect(parsed).toStrictEqual(fixture);
  });

  it("survives a JSON round trip (query cache persistence, server rendering)", () => {
    const parsed = parseOk(ListEventsResponse, eventsOffsetPage);
    expect(parseOk(ListEventsResponse, JSON.parse(JSON.stringify(parsed)))).toStrictEqual(parsed);
  });

  it("getOrderReceipt: the 202 'still generating' answer is null", () => {
    expect(parseOk(GetOrderReceiptResponse, null)).toBeNull();
  });

  it("getOrderReceipt: the url is any string, as the service documents it (no URL format promised)", () => {
    expect(parseOk(GetOrderReceiptResponse, { url: "/receipts/x.pdf" })).toEqual({ url: "/receipts/x.pdf" });
    expect(leafPaths(parseIssues(GetOrderReceiptResponse, { url: 42 }))).toContain("url");
  });

  it("void operations parse the absent body to undefined", () => {
    expect(parseOk(DeactivateLicenseKeyResponse, undefined)).toBeUndefined();
  });

  it("generateOrderInvoice: the 202 body the service sends, null, is undefined too", () => {
    expect(parseOk(GenerateOrderInvoiceResponse, null)).toBeUndefined();
    expect(parseOk(GenerateOrderInvoiceResponse, undefined)).toBeUndefined();
    expect(parseIssues(GenerateOrderInvoiceResponse, { status: "queued" })).not.toEqual([]);
  });
});

describe("error bodies", () => {
  it.each([
    ["404 ResourceNotFound", errors.resourceNotFound],
    ["400 BadRequest (usage)", errors.usageExceeded],
    ["401 Unauthorized", errors.unauthorized],
    ["409 OrderNotEligibleForInvoice", errors.orderNotEligible],
    ["422 MissingInvoiceBillingDetails", errors.missingBillingDetails],
  ])("error-shaped %s parses as ErrorBody, not as ValidationErrorBody", (_name, body) => {
    expect(parseOk(ErrorBody, body)).toStrictEqual(body);
    expect(ValidationErrorBody.safeParse(body).success).toBe(false);
  });

  it("422 as the server sends it: error RequestValidationError and a detail array", () => {
    const parsed = parseOk(ValidationErrorBody, errors.requestValidationError);
    expect(parsed).toStrictEqual(errors.requestValidationError);
    expect(parsed.error).toBe("RequestValidationError");
    expect(parsed.detail.map((d) => d.loc)).toEqual([
      ["body", "organization_id"],
      ["query", "limit"],
      ["body", "key"],
      ["body", "conditions", "k", 0],
    ]);
    expect(parsed.detail[0]?.ctx).toEqual({ error: expect.stringContaining("invalid character") });
    expect(parsed.detail[2]?.input).toEqual({ organization_id: "zzz" });
    // The two shapes are told apart by the type of `detail`.
    expect(ErrorBody.safeParse(errors.requestValidationError).success).toBe(false);
  });

  it("422 in the published form (detail only) parses too", () => {
    expect(parseOk(ValidationErrorBody, errors.publishedValidationError)).toStrictEqual(
      errors.publishedValidationError,
    );
  });

  it("a validation item without loc is rejected at its path", () => {
    const body = copy(errors.requestValidationError);
    const broken = { ...body, detail: [without(body.detail[0]!, "loc")] };
    expect(topPaths(parseIssues(ValidationErrorBody, broken))).toEqual(["detail.0.loc"]);
  });
});

describe("unknown fields are kept", () => {
  it("at every depth of a validated license key", () => {
    const body = copy(validatedLicenseKey);
    Object.assign(body, { grant_id: "0d2f4b6c-8e1a-4c3e-a35f-7f9b1d3f5b6c", risk: { score: 3 } });
    Object.assign(body.customer, { members: [], tax_id_verified: false });
    Object.assign(body.activation, { ip_address: "203.0.113.7" });

    const parsed = parseOk(ValidateLicenseKeyResponse, body);
    expect(parsed).toHaveProperty("grant_id", "0d2f4b6c-8e1a-4c3e-a35f-7f9b1d3f5b6c");
    expect(parsed).toHaveProperty("risk", { score: 3 });
    expect(parsed).toHaveProperty("customer.members", []);
    expect(parsed).toHaveProperty("customer.tax_id_verified", false);
    expect(parsed).toHaveProperty("activation.ip_address", "203.0.113.7");
    expect(parsed).toStrictEqual(body);
  });

  it("in product lists: benefit properties the spec does not describe, new price fields, page fields", () => {
    const page = copy(productsPage);
    Object.assign(page.items[0]!.prices[0]!, { tax_code: "txcd_10103000" });
    Object.assign(page.items[0]!.attached_custom_fields[0]!.custom_field.properties, { pattern: "^[A-Z]" });
    Object.assign(page.pagination, { page: 1 });
    Object.assign(page, { request_id: "req_123" });

    const parsed = parseOk(ListProductsResponse, page);
    // license_keys benefit properties are not described by the spec: kept as sent.
    expect(parsed.items[0]?.benefits[1]?.properties).toStrictEqual({
      prefix: "POLAR",
      expires: null,
      activations: { limit: 3, enable_customer_admin: true },
      limit_usage: null,
    });
    expect(parsed).toHaveProperty(["items", 0, "prices", 0, "tax_code"], "txcd_10103000");
    expect(parsed).toHaveProperty(
      ["items", 0, "attached_custom_fields", 0, "custom_field", "properties", "pattern"],
      "^[A-Z]",
    );
    expect(parsed).toHaveProperty("pagination.page", 1);
    expect(parsed).toHaveProperty("request_id", "req_123");
  });

  it("in refunds: fields of the full dispute object", () => {
    const page = copy(refundsPage);
    Object.assign(page.items[1]!.dispute!, { case_id: null, customer: individualCustomer });
    const parsed = parseOk(ListRefundsResponse, page);
    expect(parsed).toHaveProperty(["items", 1, "dispute", "case_id"], null);
    expect(parsed).toHaveProperty(["items", 1, "dispute", "customer", "id"], individualCustomer.id);
  });

  it("in subscriptions: nested organization settings and meters", () => {
    const page = copy(customerSubscriptionsPage);
    const subscription = page.items[0]!;
    Object.assign(subscription.product.organization.customer_portal_settings.subscription, {
      cancel_reasons: ["too_expensive"],
    });
    Object.assign(subscription.meters[0]!.meter, { aggregation: "sum" });
    const parsed = parseOk(ListCustomerSubscriptionsResponse, page);
    expect(parsed).toHaveProperty(
      ["items", 0, "product", "organization", "customer_portal_settings", "subscription", "cancel_reasons"],
      ["too_expensive"],
    );
    expect(parsed).toHaveProperty(["items", 0, "meters", 0, "meter", "aggregation"], "sum");
  });

  it("in events: event fields, user metadata keys and extra keys in a known system event's metadata", () => {
    const page = copy(eventsOffsetPage);
    Object.assign(page.items[0]!, { ingested_at: "2026-04-09T12:00:02Z" });
    Object.assign(page.items[1]!.metadata, { seats: 3 });
    const parsed = parseOk(ListEventsResponse, page);
    expect(parsed).toHaveProperty(["items", 0, "ingested_at"], "2026-04-09T12:00:02Z");
    // The caller's own keys of a user event.
    expect(parsed.items[0]?.metadata).toMatchObject({
      conversation_id: "conv_7Hq2",
      streamed: true,
      latency_ms: 812,
    });
    expect(parsed).toHaveProperty(["items", 1, "metadata", "seats"], 3);
  });
});

describe("nulls are accepted where the service sends them", () => {
  it("license key: limits, timestamps, activation and every nullable customer field", () => {
    const body = {
      ...validatedLicenseKey,
      modified_at: null,
      limit_activations: null,
      limit_usage: null,
      last_validated_at: null,
      expires_at: null,
      activation: null,
      customer: {
        ...teamCustomer,
        modified_at: null,
        external_id: null,
        email: null,
        name: null,
        billing_name: null,
        billing_address: null,
        tax_id: null,
        locale: null,
        default_payment_method_id: null,
        deleted_at: null,
        first_user_event_at: null,
        avatar_url: null,
      },
    };
    expect(parseOk(ValidateLicenseKeyResponse, body)).toStrictEqual(body);
  });

  it("license key: optional fields may also be left out", () => {
    const body = {
      ...without(validatedLicenseKey, "activation"),
      customer: without(without(without(individualCustomer, "external_id"), "locale"), "email"),
    };
    expect(parseOk(ValidateLicenseKeyResponse, body)).toStrictEqual(body);
  });

  it("billing address lines", () => {
    const body = copy(validatedLicenseKey);
    const customer = {
      ...body.customer,
      billing_address: {
        line1: null,
        line2: null,
        postal_code: null,
        city: null,
        state: null,
        country: "US",
      },
    };
    expect(parseOk(ValidateLicenseKeyResponse, { ...body, customer })).toHaveProperty(
      "customer.billing_address.line1",
      null,
    );
  });

  it("refund: subscription_id and dispute; dispute: reason and evidence_due_by", () => {
    const page = copy(refundsPage);
    Object.assign(page.items[1]!.dispute!, { reason: null, evidence_due_by: null, modified_at: null });
    Object.assign(page.items[1]!, { subscription_id: null });
    expect(parseOk(ListRefundsResponse, page)).toStrictEqual(page);
  });

  it("event: customer, customer_id, external ids, member ids and parent_id", () => {
    const event = {
      ...meterCreditedEvent,
      customer_id: null,
      customer: null,
      external_customer_id: null,
      member_id: null,
      external_member_id: null,
      parent_id: null,
    };
    expect(parseOk(Event, event)).toStrictEqual(event);
  });

  it.each([
    ["id", ValidateLicenseKeyResponse, { ...validatedLicenseKey, id: null }],
    ["status", ValidateLicenseKeyResponse, { ...validatedLicenseKey, status: null }],
    ["usage", ValidateLicenseKeyResponse, { ...validatedLicenseKey, usage: null }],
    ["customer", ValidateLicenseKeyResponse, { ...validatedLicenseKey, customer: null }],
    ["created_at", ValidateLicenseKeyResponse, { ...validatedLicenseKey, created_at: null }],
  ])("but not where the service never sends null: %s", (field, schema, body) => {
    expect(topPaths(parseIssues(schema, body))).toEqual([field]);
  });
});

describe("open enums: values the SDK does not know yet are accepted", () => {
  // Guards: the values used below really are new to this SDK version.
  it("the values used here are not in the known lists", () => {
    expect(SubscriptionStatusValues).not.toContain("suspended");
    expect(PaymentMethodTypeValues).not.toContain("sepa_debit");
    expect(PaymentMethodTypeValues).not.toContain("us_bank_account");
    expect(BenefitTypeValues).not.toContain("new_kind");
    expect(LicenseKeyStatusValues).not.toContain("suspended");
    expect(PriceAmountTypeValues).not.toContain("metered_tiered");
    expect(RefundStatusValues).not.toContain("requires_action");
    expect(DisputeReasonValues).not.toContain("credit_not_processed");
    expect(CustomerTypeValues).not.toContain("organization");
    expect(TaxIdFormatValues).not.toContain("xk_vat");
    expect(MediaServiceValues).not.toContain("product_video");
  });

  it("subscription status 'suspended' (and the 2026 'paused')", () => {
    const page = copy(customerSubscriptionsPage);
    page.items[0]!.status = "suspended";
    page.items[1]!.status = "paused";
    const parsed = parseOk(ListCustomerSubscriptionsResponse, page);
    expect(parsed.items.map((s) => s.status)).toEqual(["suspended", "paused"]);
  });

  it("payment method type 'sepa_debit', on both sides", () => {
    const orgPage = copy(customerPaymentMethodsPage);
    orgPage.items[1]!.type = "sepa_debit";
    expect(parseOk(ListCustomerPaymentMethodsResponse, orgPage).items[1]?.type).toBe("sepa_debit");

    const myPage = copy(myPaymentMethodsPage);
    myPage.items[1]!.type = "sepa_debit";
    expect(parseOk(ListMyPaymentMethodsResponse, myPage).items[1]?.type).toBe("sepa_debit");
  });

  it("payment methods: the fixture's processor-reported 'us_bank_account' parses without method_metadata", () => {
    const parsed = parseOk(ListMyPaymentMethodsResponse, myPaymentMethodsPage);
    expect(parsed.items[1]).toStrictEqual(myPaymentMethodsPage.items[1]);
    expect(parsed.items[1]).not.toHaveProperty("method_metadata");
  });

  it("benefit type 'new_kind' with properties of an unknown shape", () => {
    const page = copy(productsPage);
    const benefit = page.items[1]!.benefits[0]!;
    benefit.type = "new_kind";
    Object.assign(benefit, { properties: { quota: 5, region: "eu" } });
    const parsed = parseOk(ListProductsResponse, page);
    expect(parsed.items[1]?.benefits[0]?.type).toBe("new_kind");
    expect(parsed.items[1]?.benefits[0]?.properties).toStrictEqual({ quota: 5, region: "eu" });
  });

  it("license key status 'suspended', on both license key operations", () => {
    expect(parseOk(ValidateLicenseKeyResponse, { ...validatedLicenseKey, status: "suspended" }).status).toBe(
      "suspended",
    );
    expect(
      parseOk(GetCustomerLicenseKeyResponse, { ...customerLicenseKey, status: "suspended" }).status,
    ).toBe("suspended");
  });

  it("price amount type, refund status, dispute reason, customer type, tax ID format, media service", () => {
    const products = copy(productsPage);
    products.items[0]!.prices[1]!.amount_type = "metered_tiered";
    products.items[0]!.medias[0]!.service = "product_video";
    expect(parseOk(ListProductsResponse, products)).toStrictEqual(products);

    const refunds = copy(refundsPage);
    refunds.items[0]!.status = "requires_action";
    // The fixture's dispute reason ('credit_not_processed') is already one the spec does not list.
    expect(parseOk(ListRefundsResponse, refunds)).toStrictEqual(refunds);

    const key = copy(validatedLicenseKey);
    const customer = { ...key.customer, type: "organization", tax_id: ["XK123456789", "xk_vat"] };
    expect(parseOk(ValidateLicenseKeyResponse, { ...key, customer })).toHaveProperty("customer.tax_id", [
      "XK123456789",
      "xk_vat",
    ]);
  });

  it("a new enum value inside a known system event's metadata", () => {
    const event = copy(benefitGrantedEvent);
    event.metadata.benefit_type = "new_kind";
    expect(parseOk(Event, event)).toStrictEqual(event);
  });

  it("but an enum-typed field must still be a string", () => {
    expect(topPaths(parseIssues(ValidateLicenseKeyResponse, { ...validatedLicenseKey, status: 1 }))).toEqual([
      "status",
    ]);
  });
});

describe("events", () => {
  it("both pagination forms parse, and keep their own pagination", () => {
    const offset = parseOk(ListEventsResponse, eventsOffsetPage);
    expect(offset.pagination).toStrictEqual({ total_count: 57, max_page: 12 });
    const cursor = parseOk(ListEventsResponse, eventsCursorPage);
    expect(cursor.pagination).toStrictEqual({ has_next_page: true });
  });

  it("an empty last page parses in both forms", () => {
    expect(
      parseOk(ListEventsResponse, { items: [], pagination: { total_count: 0, max_page: 0 } }).items,
    ).toEqual([]);
    expect(
      parseOk(ListEventsResponse, { items: [], pagination: { has_next_page: false } }).pagination,
    ).toEqual({
      has_next_page: false,
    });
  });

  it("a page with neither pagination form is rejected", () => {
    expect(ListEventsResponse.safeParse({ items: [], pagination: {} }).success).toBe(false);
    expect(ListEventsResponse.safeParse({ items: [] }).success).toBe(false);
    expect(ListEventsResponse.safeParse({ items: [], pagination: { has_next_page: "yes" } }).success).toBe(
      false,
    );
  });

  it.each([
    ["order.paid", orderPaidEvent],
    ["balance.order", balanceOrderEvent],
    ["benefit.granted", benefitGrantedEvent],
    ["meter.credited", meterCreditedEvent],
    ["customer.updated", customerUpdatedEvent],
    ["subscription.canceled", subscriptionCanceledEvent],
  ])("known system event %s parses as its own variant, never as the unknown one", (_name, event) => {
    expect(parseOk(SystemEvent, event)).toStrictEqual(event);
    expect(parseOk(Event, event)).toStrictEqual(event);
    expect(UnknownSystemEvent.safeParse(event).success).toBe(false);
  });

  it("the variant checks the metadata of its own name", () => {
    expect(OrderPaidEvent.safeParse(orderPaidEvent).success).toBe(true);
    expect(MeterCreditedEvent.safeParse(meterCreditedEvent).success).toBe(true);
    // meter.credited data is not order.paid data.
    expect(OrderPaidEvent.safeParse({ ...meterCreditedEvent, name: "order.paid" }).success).toBe(false);
  });

  it("nested customers of both types, child_count and parent_id are kept", () => {
    const parsed = parseOk(ListEventsResponse, eventsOffsetPage);
    const [llm, paid, balance] = parsed.items;
    expect(llm?.customer).toStrictEqual(individualCustomer);
    expect(paid?.customer).toStrictEqual(teamCustomer);
    expect(llm?.child_count).toBe(1);
    expect(paid?.child_count).toBe(1);
    expect(balance?.parent_id).toBe(paid?.id);
    const cursor = parseOk(ListEventsResponse, eventsCursorPage);
    expect(cursor.items[1]?.parent_id).toBe(llmUserEvent.id);
    expect(cursor.items[1]?.customer).toBeNull();
  });

  it("a new system event name parses as the unknown system-event variant, with all its fields", () => {
    expect(SystemEvent.safeParse(unknownSystemEvent).success).toBe(true);
    const parsed = parseOk(UnknownSystemEvent, unknownSystemEvent);
    expect(parsed).toStrictEqual(unknownSystemEvent);
    expect(parsed.name).toBe("meter.drained");
    expect(parsed.metadata).toStrictEqual({
      meter_id: unknownSystemEvent.metadata.meter_id,
      remaining_units: 0,
      drained_by: { event_count: 3 },
    });
    expect(parsed.customer).toStrictEqual(individualCustomer);

    // Inside a page too, in either pagination form.
    const offset = parseOk(ListEventsResponse, { ...eventsOffsetPage, items: [unknownSystemEvent] });
    expect(offset.items[0]).toStrictEqual(unknownSystemEvent);
  });

  it("the unknown variant still checks the common event fields", () => {
    const issues = parseIssues(UnknownSystemEvent, { ...unknownSystemEvent, timestamp: "10/04/2026" });
    expect(topPaths(issues)).toEqual(["timestamp"]);
    expect(SystemEvent.safeParse({ ...unknownSystemEvent, organization_id: "org_1" }).success).toBe(false);
  });

  it.each([
    [
      "order.paid with a string amount",
      { ...orderPaidEvent, metadata: { ...orderPaidEvent.metadata, amount: "1900" } },
    ],
    [
      "meter.credited without units",
      { ...meterCreditedEvent, metadata: without(meterCreditedEvent.metadata, "units") },
    ],
    ["benefit.granted with metadata null", { ...benefitGrantedEvent, metadata: null }],
    [
      "customer.updated with updated_fields an array",
      { ...customerUpdatedEvent, metadata: { ...customerUpdatedEvent.metadata, updated_fields: [] } },
    ],
  ])(
    "a known event name with malformed metadata is rejected, not accepted as unknown: %s",
    (_name, event) => {
      expect(SystemEvent.safeParse(event).success).toBe(false);
      expect(UnknownSystemEvent.safeParse(event).success).toBe(false);
      expect(Event.safeParse(event).success).toBe(false);
      expect(ListEventsResponse.safeParse({ ...eventsCursorPage, items: [event] }).success).toBe(false);
    },
  );

  it("the rejection of a known event's malformed metadata points at the metadata field", () => {
    const event = { ...orderPaidEvent, metadata: { ...orderPaidEvent.metadata, amount: "1900" } };
    const issues = parseIssues(ListEventsResponse, { ...eventsOffsetPage, items: [event] });
    expect(leafPaths(issues)).toContain("items.0.metadata.amount");
  });

  it("a user event may carry any name, even a system event's, and its own metadata keys", () => {
    const event = { ...childUserEvent, name: "order.paid", metadata: { plan: "pro", quantity: 2 } };
    expect(parseOk(UserEvent, event)).toStrictEqual(event);
    expect(parseOk(Event, event)).toStrictEqual(event);
  });

  it("a user event's reserved _llm and _cost keys are checked", () => {
    const badLlm = { ...llmUserEvent, metadata: { ...llmUserEvent.metadata, _llm: { vendor: "openai" } } };
    expect(leafPaths(parseIssues(Event, badLlm))).toContain("metadata._llm.model");
    const badCost = {
      ...llmUserEvent,
      metadata: { ...llmUserEvent.metadata, _cost: { amount: 0.42, currency: "usd" } },
    };
    expect(leafPaths(parseIssues(Event, badCost))).toContain("metadata._cost.amount");
  });
});

describe("malformed responses are rejected with a useful path", () => {
  it.each([
    ["a date without time", "2027-06-11"],
    ["a local time without offset", "2027-06-11T00:00:00"],
    ["a space instead of T", "2027-06-11 00:00:00Z"],
    ["an offset without colon", "2027-06-11T00:00:00+0000"],
    ["an impossible date", "2027-02-30T00:00:00Z"],
    ["a number", 1812931200],
  ])("timestamp: %s", (_name, value) => {
    const issues = parseIssues(ValidateLicenseKeyResponse, { ...validatedLicenseKey, expires_at: value });
    expect(topPaths(issues)).toEqual(["expires_at"]);
  });

  it("timestamps: both Z and +00:00 offsets, with or without fractional seconds, are accepted", () => {
    for (const value of [
      "2027-06-11T00:00:00Z",
      "2027-06-11T00:00:00.123456Z",
      "2027-06-11T02:00:00+02:00",
    ]) {
      expect(
        parseOk(ValidateLicenseKeyResponse, { ...validatedLicenseKey, expires_at: value }).expires_at,
      ).toBe(value);
    }
  });

  it("a nested timestamp: the path goes down to it", () => {
    const body = copy(validatedLicenseKey);
    body.customer.created_at = "2025-09-02 08:14:27";
    body.activation.created_at = "yesterday";
    expect(topPaths(parseIssues(ValidateLicenseKeyResponse, body))).toEqual([
      "customer.created_at",
      "activation.created_at",
    ]);
  });

  it("a missing required field in a nested object", () => {
    const body = { ...validatedLicenseKey, customer: without(individualCustomer, "email_verified") };
    const issues = parseIssues(ValidateLicenseKeyResponse, body);
    expect(topPaths(issues)).toEqual(["customer.email_verified"]);
    expect(issues[0]?.code).toBe("invalid_type");
  });

  it("a missing required field deep in a page", () => {
    const page = copy(productsPage);
    const price = page.items[1]!.prices[0]!;
    page.items[1]!.prices[0] = without(price, "id") as typeof price;
    // A price is a tagged union with an open variant, so zod reports the union at the price and
    // the closest variant's problem inside it; the message names that problem too.
    const issues = parseIssues(ListProductsResponse, page);
    expect(topPaths(issues)).toEqual(["items.1.prices.0"]);
    expect(leafPaths(issues)).toContain("items.1.prices.0.id");
    expect(issues[0]?.message).toBe(
      "matches none of the allowed shapes (the closest one fails at id: expected string, received undefined)",
    );
  });

  it("a subscription period end without offset", () => {
    const page = copy(customerSubscriptionsPage);
    page.items[1]!.current_period_end = "2025-03-03T09:00:00";
    expect(topPaths(parseIssues(ListCustomerSubscriptionsResponse, page))).toEqual([
      "items.1.current_period_end",
    ]);
  });

  it("an id only shaped like a UUID (a mock's, whose version and variant bits are not RFC 9562's) parses; an input refuses it", () => {
    const shaped = "00f1c666-fdd9-88e4-52c1-1dbfc5170bbf";
    const page = copy(refundsPage);
    page.items[0]!.order_id = shaped;
    page.items[0]!.id = shaped.toUpperCase();
    expect(ListRefundsResponse.safeParse(page).error?.issues).toBeUndefined();
    expect(topPaths(parseIssues(ListRefundsInput, { organization_id: shaped }))).toEqual(["organization_id"]);
  });

  it("a non-integer amount, a non-uuid id, a metadata value that is an object", () => {
    const page = copy(refundsPage);
    page.items[0]!.amount = 10.5;
    page.items[0]!.order_id = "ord_123";
    Object.assign(page.items[1]!.metadata, { nested: { a: 1 } });
    expect(topPaths(parseIssues(ListRefundsResponse, page))).toEqual([
      "items.0.amount",
      "items.0.order_id",
      "items.1.metadata.nested",
    ]);
  });

  it("a malformed event timestamp: the issue leads to the event's field", () => {
    const page = copy(eventsOffsetPage);
    page.items[2]!.timestamp = "2026-04-09T14:31:09";
    const issues = parseIssues(ListEventsResponse, page);
    expect(leafPaths(issues)).toContain("items.2.timestamp");
    expect(leafIssues(issues).find((i) => i.path.join(".") === "items.2.timestamp")?.code).toBe(
      "invalid_format",
    );
  });

  it("an event missing a required field: the issue leads to the event's field", () => {
    const page = copy(eventsCursorPage);
    page.items[1] = without(childUserEvent, "label") as (typeof page.items)[number];
    expect(leafPaths(parseIssues(ListEventsResponse, page))).toContain("items.1.label");
  });

  it("a tax ID that is not a pair", () => {
    const customer = { ...teamCustomer, tax_id: "FR61954506077" };
    expect(topPaths(parseIssues(ValidateLicenseKeyResponse, { ...validatedLicenseKey, customer }))).toEqual([
      "customer.tax_id",
    ]);
  });
});
