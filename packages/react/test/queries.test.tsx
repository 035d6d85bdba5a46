import { ApiError, InvalidInputError, ResourceNotFoundError } from "@commerce-api/client/core";
import { renderHook, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  useGetCustomerLicenseKey,
  useGetOrderReceipt,
  useListCustomerPaymentMethods,
  useListCustomerSubscriptions,
  useListEvents,
  useListMyPaymentMethods,
  useListProducts,
  useListRefunds,
} from "../src/index.js";
import {
  aliceToken,
  customerOf,
  fixtures,
  newQueryClient,
  orgToken,
  providers,
  requests,
  resetSandbox,
  sandboxClient,
} from "./support.js";

beforeEach(resetSandbox);

const alice = customerOf(aliceToken);
const aliceKey = fixtures.ids.license_keys.find((k) => k.customer_id === alice)!;
const aliceReadyOrder = fixtures.ids.orders.find((o) => o.customer_id === alice && o.receipt === "ready")!;
const acmeCustomer = fixtures.ids.customers.find((c) => c.payment_method_ids.length > 0)!;

interface QueryCase {
  readonly name: string;
  readonly token: string;
  readonly use: () => { isPending: boolean; isSuccess: boolean; data: unknown };
  readonly request: string;
}

/** Each query hook: pending first, then the sandbox's answer, through the nearest provider's client. */
const queries: QueryCase[] = [
  {
    name: "useListEvents",
    token: orgToken,
    use: () => useListEvents({ limit: 5 }),
    request: "GET /v1/events/",
  },
  {
    name: "useListProducts",
    token: orgToken,
    use: () => useListProducts({ limit: 5 }),
    request: "GET /v1/products/",
  },
  { name: "useListRefunds", token: orgToken, use: () => useListRefunds(), request: "GET /v1/refunds/" },
  {
    name: "useListCustomerPaymentMethods",
    token: orgToken,
    use: () => useListCustomerPaymentMethods({ id: acmeCustomer.id }),
    request: `GET /v1/customers/${acmeCustomer.id}/payment-methods`,
  },
  {
    name: "useListCustomerSubscriptions",
    token: aliceToken,
    use: () => useListCustomerSubscriptions(),
    request: "GET /v1/customer-portal/subscriptions/",
  },
  {
    name: "useListMyPaymentMethods",
    token: aliceToken,
    use: () => useListMyPaymentMethods(),
    request: "GET /v1/customer-portal/customers/me/payment-methods",
  },
  {
    name: "useGetCustomerLicenseKey",
    token: aliceToken,
    use: () => useGetCustomerLicenseKey({ id: aliceKey.id }),
    request: `GET /v1/customer-portal/license-keys/${aliceKey.id}`,
  },
  {
    name: "useGetOrderReceipt",
    token: aliceToken,
    use: () => useGetOrderReceipt({ id: aliceReadyOrder.id }),
    request: `GET /v1/customer-portal/orders/${aliceReadyOrder.id}/receipt`,
  },
];

describe("query hooks against the sandbox", () => {
  it.each(queries)("$name: pending, then the data", async ({ token, use, request }) => {
    const { result } = renderHook(use, { wrapper: providers(newQueryClient(), sandboxClient(token)) });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).not.toBeNull();
    expect(result.current.data).toBeTypeOf("object");
    expect(requests).toEqual([request]);
  });

  it("lists come back as the service's pages", async () => {
    const { result } = renderHook(() => useListProducts({ limit: 3 }), {
      wrapper: providers(newQueryClient(), sandboxClient(orgToken)),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.items).toHaveLength(3);
    expect(result.current.data?.pagination).toMatchObject({ max_page: expect.any(Number) });
  });

  it("a missing resource is a ResourceNotFoundError in `error`", async () => {
    const { result } = renderHook(
      () => useGetCustomerLicenseKey({ id: "00000000-0000-4000-8000-000000000000" }),
      {
        wrapper: providers(newQueryClient(), sandboxClient(aliceToken)),
      },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ResourceNotFoundError);
    expect((result.current.error as ApiError).status).toBe(404);
  });

  it("an invalid input is an InvalidInputError, and nothing is sent", async () => {
    const { result } = renderHook(() => useGetCustomerLicenseKey({ id: "not-a-uuid" }), {
      wrapper: providers(newQueryClient(), sandboxClient(aliceToken)),
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(InvalidInputError);
    expect((result.current.error as InvalidInputError).issues[0]?.path).toEqual(["id"]);
    expect(requests).toEqual([]);
  });

  it("a token without the scope is an ApiError 403, not retried", async () => {
    const { result } = renderHook(() => useListRefunds(), {
      wrapper: providers(newQueryClient(), sandboxClient("polar_oat_acme_events_read")),
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as ApiError).status).toBe(403);
    expect(requests).toHaveLength(1);
  });
});
