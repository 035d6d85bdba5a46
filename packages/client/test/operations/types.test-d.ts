import type {
  CursorPagination,
  CustomerSubscription,
  Event,
  LicenseKeyActivation,
  LicenseKeyWithActivations,
  ListCustomerSubscriptionsInput,
  ListEventsInput,
  OrderReceipt,
  Pagination,
  Product,
  Refund,
  ValidatedLicenseKey,
  ValidateLicenseKeyInput,
} from "@commerce-api/schemas";
import { describe, expectTypeOf, it } from "vitest";
import type * as CoreTypes from "../../src/core.js";
import type * as ClientTypes from "../../src/index.js";
import {
  type Client,
  type CoreClient,
  deactivateLicenseKey,
  deleteCheckoutLink,
  deleteCustomField,
  deleteDiscount,
  generateOrderInvoice,
  getCustomerLicenseKey,
  getOrderReceipt,
  type ItemOf,
  listCustomerPaymentMethods,
  listCustomerSubscriptions,
  listEvents,
  listMyPaymentMethods,
  listProducts,
  listRefunds,
  type PageOf,
  paginate,
  type RequestOptions,
  validateLicenseKey,
} from "../../src/index.js";

declare const client: Client;
declare const core: CoreClient;
const ORG = "1dbfc517-0bbf-4301-9ba8-555ca42b9737";

describe("inputs", () => {
  it("validateLicenseKey requires key and organization_id", () => {
    expectTypeOf(validateLicenseKey).parameter(1).toEqualTypeOf<ValidateLicenseKeyInput>();
    expectTypeOf<ValidateLicenseKeyInput>().toHaveProperty("key").toEqualTypeOf<string>();
    expectTypeOf<ValidateLicenseKeyInput>().toHaveProperty("organization_id").toEqualTypeOf<string>();
    // @ts-expect-error organization_id is required
    void validateLicenseKey(client, { key: "K" });
    // @ts-expect-error key is required
    void validateLicenseKey(client, { organization_id: ORG });
    // @ts-expect-error the input itself is required
    void validateLicenseKey(client);
    // @ts-expect-error names are the wire's, never camelCased
    void validateLicenseKey(client, { key: "K", organization_id: ORG, activationId: "x" });
    void validateLicenseKey(client, { key: "K", organization_id: ORG, conditions: { major: 4, beta: true } });
  });

  it("path parameters are required; list inputs are optional", () => {
    // @ts-expect-error id is required
    void deleteDiscount(client, {});
    // @ts-expect-error id is required
    void listCustomerPaymentMethods(client, { limit: 10 });
    void listEvents(client);
    void listProducts(client);
    void listRefunds(core);
    void listCustomerSubscriptions(core, {});
    void listMyPaymentMethods(core, { page: 2 });
  });

  it("query fields take a value or an array where the service does, and known enum values only", () => {
    void listEvents(client, { organization_id: ORG, source: "system", name: ["order.paid", "ai_usage"] });
    void listEvents(client, { organization_id: [ORG], source: ["system", "user"], cursor_pagination: true });
    void listEvents(client, { metadata: { plan: "pro", tier: ["a", "b"], seats: 3, trial: false } });
    void listEvents(client, {
      filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "x" }] },
    });
    // @ts-expect-error not an EventSource
    void listEvents(client, { source: "robot" });
    // @ts-expect-error events sort by timestamp only
    void listEvents(client, { sorting: ["-created_at"] });
    // @ts-expect-error visibility is an array
    void listProducts(client, { visibility: "public" });
    // @ts-expect-error not a RefundSortProperty
    void listRefunds(client, { sorting: ["name"] });
    // @ts-expect-error booleans are booleans, not text
    void listRefunds(client, { succeeded: "true" });
    expectTypeOf<ListEventsInput["cursor_pagination"]>().toEqualTypeOf<boolean | undefined>();
  });

  it("options are the same for every operation", () => {
    expectTypeOf(listEvents).parameter(2).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(generateOrderInvoice).parameter(2).toEqualTypeOf<RequestOptions | undefined>();
    void generateOrderInvoice(client, { id: ORG }, { retry: { retryPost: true }, timeoutMs: 5000 });
  });
});

describe("results", () => {
  it("validateLicenseKey resolves to a ValidatedLicenseKey with status and activation", () => {
    expectTypeOf(validateLicenseKey).returns.resolves.toEqualTypeOf<ValidatedLicenseKey>();
    expectTypeOf<ValidatedLicenseKey>().toHaveProperty("status");
    expectTypeOf<ValidatedLicenseKey["activation"]>().toEqualTypeOf<
      LicenseKeyActivation | null | undefined
    >();
    // Open enum: known literals for completion, any string accepted.
    expectTypeOf<"granted">().toMatchTypeOf<ValidatedLicenseKey["status"]>();
    expectTypeOf<"suspended">().toMatchTypeOf<ValidatedLicenseKey["status"]>();
    expectTypeOf<ValidatedLicenseKey["limit_usage"]>().toEqualTypeOf<number | null>();
  });

  it("the deletes and deactivate resolve void; generate invoice resolves void", () => {
    expectTypeOf(deleteCheckoutLink).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(deleteCustomField).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(deleteDiscount).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(deactivateLicenseKey).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(generateOrderInvoice).returns.toEqualTypeOf<Promise<void>>();
  });

  it("getOrderReceipt resolves OrderReceipt | null", () => {
    expectTypeOf(getOrderReceipt).returns.resolves.toEqualTypeOf<OrderReceipt | null>();
    expectTypeOf<OrderReceipt["url"]>().toEqualTypeOf<string>();
  });

  it("getCustomerLicenseKey resolves a key with its activations", () => {
    expectTypeOf(getCustomerLicenseKey).returns.resolves.toEqualTypeOf<LicenseKeyWithActivations>();
    expectTypeOf<LicenseKeyWithActivations["activations"]>().toEqualTypeOf<LicenseKeyActivation[]>();
  });

  it("listEvents items are Event, in either pagination form", () => {
    type Page = Awaited<ReturnType<typeof listEvents>>;
    expectTypeOf<Page["items"]>().toEqualTypeOf<Event[]>();
    expectTypeOf<Page["pagination"]>().toEqualTypeOf<Pagination | CursorPagination>();
    expectTypeOf<Event["source"]>().toMatchTypeOf<string>();
  });

  it("list operations resolve pages of their resource", () => {
    expectTypeOf<Awaited<ReturnType<typeof listProducts>>["items"]>().toEqualTypeOf<Product[]>();
    expectTypeOf<Awaited<ReturnType<typeof listRefunds>>["items"]>().toEqualTypeOf<Refund[]>();
    expectTypeOf<Awaited<ReturnType<typeof listCustomerSubscriptions>>["items"]>().toEqualTypeOf<
      CustomerSubscription[]
    >();
  });
});

describe("the grouped facade has the standalone functions' types", () => {
  it("client.customerPortal.subscriptions.list is listCustomerSubscriptions", () => {
    expectTypeOf(client.customerPortal.subscriptions.list)
      .parameter(0)
      .toEqualTypeOf<ListCustomerSubscriptionsInput | undefined>();
    expectTypeOf(client.customerPortal.subscriptions.list)
      .parameter(1)
      .toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(client.customerPortal.subscriptions.list).returns.toEqualTypeOf<
      ReturnType<typeof listCustomerSubscriptions>
    >();
    expectTypeOf<Parameters<typeof client.customerPortal.subscriptions.list>[0]>().toEqualTypeOf<
      Parameters<typeof listCustomerSubscriptions>[1]
    >();
  });

  /** `grouped(input, options)` has the parameters and result of `standalone(client, input, options)`. */
  type SameAs<
    Grouped extends (...args: never[]) => unknown,
    Standalone extends (client: CoreClient, ...args: never[]) => unknown,
  > =
    Parameters<Standalone> extends [CoreClient, ...infer Rest]
      ? [Parameters<Grouped>, ReturnType<Grouped>] extends [Rest, ReturnType<Standalone>]
        ? [Rest, ReturnType<Standalone>] extends [Parameters<Grouped>, ReturnType<Grouped>]
          ? true
          : false
        : false
      : false;

  it("every group method matches its operation", () => {
    expectTypeOf<SameAs<Client["events"]["list"], typeof listEvents>>().toEqualTypeOf<true>();
    expectTypeOf<
      SameAs<Client["licenseKeys"]["validate"], typeof validateLicenseKey>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      SameAs<Client["licenseKeys"]["deactivate"], typeof deactivateLicenseKey>
    >().toEqualTypeOf<true>();
    expectTypeOf<SameAs<Client["products"]["list"], typeof listProducts>>().toEqualTypeOf<true>();
    expectTypeOf<
      SameAs<Client["customers"]["listPaymentMethods"], typeof listCustomerPaymentMethods>
    >().toEqualTypeOf<true>();
    expectTypeOf<SameAs<Client["refunds"]["list"], typeof listRefunds>>().toEqualTypeOf<true>();
    expectTypeOf<
      SameAs<Client["checkoutLinks"]["delete"], typeof deleteCheckoutLink>
    >().toEqualTypeOf<true>();
    expectTypeOf<SameAs<Client["customFields"]["delete"], typeof deleteCustomField>>().toEqualTypeOf<true>();
    expectTypeOf<SameAs<Client["discounts"]["delete"], typeof deleteDiscount>>().toEqualTypeOf<true>();
    expectTypeOf<
      SameAs<Client["orders"]["generateInvoice"], typeof generateOrderInvoice>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      SameAs<Client["customerPortal"]["subscriptions"]["list"], typeof listCustomerSubscriptions>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      SameAs<Client["customerPortal"]["paymentMethods"]["list"], typeof listMyPaymentMethods>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      SameAs<Client["customerPortal"]["licenseKeys"]["get"], typeof getCustomerLicenseKey>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      SameAs<Client["customerPortal"]["orders"]["getReceipt"], typeof getOrderReceipt>
    >().toEqualTypeOf<true>();
    // The helper does tell different operations apart.
    expectTypeOf<SameAs<Client["refunds"]["list"], typeof listProducts>>().toEqualTypeOf<false>();
  });

  it("a bare CoreClient has no groups", () => {
    // @ts-expect-error the grouped facade is only on createClient() of the full entry
    void core.licenseKeys;
  });
});

describe("paginate", () => {
  it("the item type of listRefunds is Refund", () => {
    const refunds = paginate(listRefunds, client, { limit: 100 });
    expectTypeOf<ItemOf<typeof listRefunds>>().toEqualTypeOf<Refund>();
    expectTypeOf(refunds[Symbol.asyncIterator]()).toEqualTypeOf<AsyncGenerator<Refund, void, undefined>>();
    expectTypeOf(refunds.pages()).toEqualTypeOf<
      AsyncGenerator<PageOf<typeof listRefunds>, void, undefined>
    >();
  });

  it("listEvents items are Event and pages carry either pagination form", () => {
    expectTypeOf<ItemOf<typeof listEvents>>().toEqualTypeOf<Event>();
    const pages = paginate(listEvents, client, { cursor_pagination: true }).pages();
    expectTypeOf(pages).toEqualTypeOf<
      AsyncGenerator<Awaited<ReturnType<typeof listEvents>>, void, undefined>
    >();
  });

  it("listProducts items are Product; the input is the operation's", () => {
    expectTypeOf<ItemOf<typeof listProducts>>().toEqualTypeOf<Product>();
    expectTypeOf<ItemOf<typeof listCustomerSubscriptions>>().toEqualTypeOf<CustomerSubscription>();
    // @ts-expect-error not a field of listProducts' input
    paginate(listProducts, client, { cursor_pagination: true });
    // @ts-expect-error listCustomerPaymentMethods needs its path id
    paginate(listCustomerPaymentMethods, client, { limit: 10 });
    // @ts-expect-error not a list operation
    paginate(getOrderReceipt, client, { id: ORG });
  });

  it("takes the grouped methods too, typed from the method", () => {
    const events = paginate(client.events.list, { cursor_pagination: true, limit: 100 });
    expectTypeOf(events[Symbol.asyncIterator]()).toEqualTypeOf<AsyncGenerator<Event, void, undefined>>();
    expectTypeOf(paginate(client.refunds.list, {}).pages()).toEqualTypeOf<
      AsyncGenerator<PageOf<typeof listRefunds>, void, undefined>
    >();
    paginate(client.customers.listPaymentMethods, { id: ORG }, { timeoutMs: 1000 });
    // @ts-expect-error not a field of listProducts' input
    paginate(client.products.list, { cursor_pagination: true });
    // @ts-expect-error listCustomerPaymentMethods needs its path id
    paginate(client.customers.listPaymentMethods, { limit: 10 });
    // @ts-expect-error not a list method
    paginate(client.customerPortal.orders.getReceipt, { id: ORG });
  });
});

describe("one package: the resource and operation types come with the client", () => {
  it("re-exports the schemas' types unchanged", () => {
    expectTypeOf<ClientTypes.Event>().toEqualTypeOf<Event>();
    expectTypeOf<ClientTypes.ValidatedLicenseKey>().toEqualTypeOf<ValidatedLicenseKey>();
    expectTypeOf<ClientTypes.Product>().toEqualTypeOf<Product>();
    expectTypeOf<ClientTypes.CursorPagination>().toEqualTypeOf<CursorPagination>();
    expectTypeOf<ClientTypes.ListEventsInput>().toEqualTypeOf<ListEventsInput>();
    expectTypeOf<ClientTypes.ValidateLicenseKeyResponse>().toEqualTypeOf<ValidatedLicenseKey>();
  });

  it("from /core as well", () => {
    expectTypeOf<CoreTypes.Event>().toEqualTypeOf<Event>();
    expectTypeOf<CoreTypes.LicenseKeyWithActivations>().toEqualTypeOf<LicenseKeyWithActivations>();
  });
});
