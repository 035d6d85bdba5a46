// Every operation's factories, against a table written from the spec: the key each builds (so
// `invalidateQueries` with the key factory reaches what the options cached), the request each
// makes, and what each mutation invalidates. A factory wired to the wrong operation, path or
// key fails here, whichever operation it is.
import { createClient } from "@commerce-api/client/core";
import { type MutationFunctionContext, QueryClient, type QueryKey } from "@tanstack/query-core";
import { describe, expect, it } from "vitest";
import * as core from "../src/index.js";
import { queryKeyRoot } from "../src/index.js";

const uuid = "4e8c9d52-0000-4000-8000-000000000000";
const requests: string[] = [];
// Every request is answered 404: the factories are judged by what they ask, not by the answer.
const client = createClient({
  baseUrl: "http://sandbox.local",
  token: "polar_oat_acme_all",
  fetch: async (request: Request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    return Response.json({ error: "ResourceNotFound", detail: "Not found" }, { status: 404 });
  },
});

type Factory = (...args: unknown[]) => Record<string, unknown> & { queryKey?: QueryKey };
const factory = (name: string) => (core as unknown as Record<string, Factory>)[name]!;

/** The queries: the key's group path, the request of one call with `input`. */
const queries = [
  { op: "listEvents", path: ["events", "list"], input: {}, request: "GET /v1/events/", list: true },
  { op: "listProducts", path: ["products", "list"], input: {}, request: "GET /v1/products/", list: true },
  {
    op: "listCustomerPaymentMethods",
    path: ["customers", "listPaymentMethods"],
    input: { id: uuid },
    request: `GET /v1/customers/${uuid}/payment-methods`,
    list: true,
  },
  { op: "listRefunds", path: ["refunds", "list"], input: {}, request: "GET /v1/refunds/", list: true },
  {
    op: "listCustomerSubscriptions",
    path: ["customerPortal", "subscriptions", "list"],
    input: {},
    request: "GET /v1/customer-portal/subscriptions/",
    list: true,
  },
  {
    op: "listMyPaymentMethods",
    path: ["customerPortal", "paymentMethods", "list"],
    input: {},
    request: "GET /v1/customer-portal/customers/me/payment-methods",
    list: true,
  },
  {
    op: "getCustomerLicenseKey",
    path: ["customerPortal", "licenseKeys", "get"],
    input: { id: uuid },
    request: `GET /v1/customer-portal/license-keys/${uuid}`,
    list: false,
  },
  {
    op: "getOrderReceipt",
    path: ["customerPortal", "orders", "getReceipt"],
    input: { id: uuid },
    request: `GET /v1/customer-portal/orders/${uuid}/receipt`,
    list: false,
  },
];

const licenseKeyInput = { key: "4F1A9C2E-7B3D-4E8A-9C0F-2D6B8E1A5C3F", organization_id: uuid };
/** The mutations: the key's group path, the request of one call, the keys the spec says it invalidates. */
const mutations = [
  {
    op: "validateLicenseKey",
    path: ["licenseKeys", "validate"],
    input: licenseKeyInput,
    request: "POST /v1/license-keys/validate",
    invalidates: [[queryKeyRoot, "customerPortal", "licenseKeys", "get"]],
  },
  {
    op: "deactivateLicenseKey",
    path: ["licenseKeys", "deactivate"],
    input: { ...licenseKeyInput, activation_id: uuid },
    request: "POST /v1/license-keys/deactivate",
    invalidates: [[queryKeyRoot, "customerPortal", "licenseKeys", "get"]],
  },
  {
    op: "deleteCheckoutLink",
    path: ["checkoutLinks", "delete"],
    input: { id: uuid },
    request: `DELETE /v1/checkout-links/${uuid}`,
    invalidates: [],
  },
  {
    op: "deleteCustomField",
    path: ["customFields", "delete"],
    input: { id: uuid },
    request: `DELETE /v1/custom-fields/${uuid}`,
    invalidates: [[queryKeyRoot, "products", "list"]],
  },
  {
    op: "deleteDiscount",
    path: ["discounts", "delete"],
    input: { id: uuid },
    request: `DELETE /v1/discounts/${uuid}`,
    invalidates: [],
  },
  {
    op: "generateOrderInvoice",
    path: ["orders", "generateInvoice"],
    input: { id: uuid },
    request: `POST /v1/orders/${uuid}/invoice`,
    invalidates: [[queryKeyRoot, "customerPortal", "orders", "getReceipt", { id: uuid }]],
  },
];

/** Runs `call`, which fails on the 404, and answers the one request it made. */
async function requestOf(call: () => Promise<unknown>): Promise<string> {
  requests.length = 0;
  await call().catch(() => undefined);
  expect(requests).toHaveLength(1);
  return requests[0]!;
}

describe("every query's factories", () => {
  it.each(queries)(
    "$op: its key, scoped by client; its options cache under that key and make its request",
    async ({ op, path, input, request }) => {
      const key = factory(`${op}QueryKey`);
      expect(key(input)).toEqual([queryKeyRoot, ...path, input]);
      expect(key(input, client)).toEqual([queryKeyRoot, ...path, input, core.clientScope(client)]);
      const options = factory(`${op}QueryOptions`)(client, input);
      expect(options.queryKey).toEqual(key(input, client));
      expect(options.retry).toBe(false);
      expect(await requestOf(() => new QueryClient().fetchQuery(options as never))).toBe(request);
    },
  );

  it.each(queries.filter((query) => query.list))(
    "$op: its pages' key, marked infinite; its infinite options ask for the page",
    async ({ op, path, input, request }) => {
      const key = factory(`${op}InfiniteQueryKey`);
      expect(key(input, client)).toEqual([queryKeyRoot, ...path, input, core.clientScope(client, true)]);
      const options = factory(`${op}InfiniteQueryOptions`)(client, input);
      expect(options.queryKey).toEqual(key(input, client));
      expect(options.initialPageParam).toBe(core.firstPage);
      const queryFn = options.queryFn as (context: object) => Promise<unknown>;
      const signal = new AbortController().signal;
      expect(await requestOf(() => queryFn({ pageParam: 3, signal, queryKey: options.queryKey }))).toBe(
        `${request}?page=3`,
      );
    },
  );

  it("only the operation that answers null while not ready polls by default", () => {
    for (const { op, input } of queries) {
      const { refetchInterval } = factory(`${op}QueryOptions`)(client, input);
      if (op === "getOrderReceipt") expect(refetchInterval).toBeTypeOf("function");
      else expect(refetchInterval, op).toBeUndefined();
    }
  });
});

describe("every mutation's factories", () => {
  it.each(mutations)(
    "$op: its key, its request, and on success the keys the spec names invalidated",
    async ({ op, path, input, request, invalidates }) => {
      expect(factory(`${op}MutationKey`)()).toEqual([queryKeyRoot, ...path]);
      const options = factory(`${op}MutationOptions`)(client);
      expect(options.mutationKey).toEqual([queryKeyRoot, ...path]);
      const mutationFn = options.mutationFn as (input: unknown) => Promise<unknown>;
      expect(await requestOf(() => mutationFn(input))).toBe(request);

      const invalidated: QueryKey[] = [];
      const context = {
        client: {
          invalidateQueries: async ({ queryKey }: { queryKey: QueryKey }) => invalidated.push(queryKey),
        },
      } as unknown as MutationFunctionContext;
      const onSuccess = options.onSuccess as undefined | ((...args: unknown[]) => Promise<unknown>);
      await onSuccess?.(undefined, input, undefined, context);
      expect(invalidated).toEqual(invalidates);
    },
  );
});
