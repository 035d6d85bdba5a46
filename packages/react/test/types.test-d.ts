import type {
  GenerateOrderInvoiceInput,
  GenerateOrderInvoiceResponse,
  GetOrderReceiptResponse,
} from "@commerce-api/client";
import {
  type ApiError,
  type CoreClient,
  type InvalidInputError,
  type ListEventsResponse,
  type ListProductsInput,
  type ListProductsResponse,
  ResourceNotFoundError,
  type ValidateLicenseKeyInput,
  type ValidateLicenseKeyResponse,
} from "@commerce-api/client/core";
import { type Event, isEvent, isKnownEvent } from "@commerce-api/schemas";
import {
  MutationObserver,
  QueryClient,
  useMutation,
  useMutationState,
  useQueries,
} from "@tanstack/react-query";
import { describe, expectTypeOf, it } from "vitest";
import {
  type CommerceError,
  deleteCustomFieldMutationKey,
  generateOrderInvoiceMutationOptions,
  getOrderReceiptQueryOptions,
  listEventsInfiniteQueryOptions,
  listProductsQueryKey,
  listProductsQueryOptions,
  useGetCustomerLicenseKey,
  useGetOrderReceipt,
  useListEvents,
  useListEventsInfinite,
  useListProducts,
  useListProductsSuspense,
  useListProductsSuspenseInfinite,
  useValidateLicenseKey,
} from "../src/index.js";

declare const client: CoreClient;

describe("types", () => {
  it("inputs are the operation's input; required fields are required", () => {
    expectTypeOf(useListProducts).parameter(0).toEqualTypeOf<ListProductsInput | undefined>();
    // @ts-expect-error limit is a number
    useListProducts({ limit: "20" });
    // @ts-expect-error not a field of the input
    useListProducts({ nope: 1 });
    // @ts-expect-error id is required
    useGetCustomerLicenseKey({});
    // @ts-expect-error page belongs to the infinite query
    useListEventsInfinite({ page: 2 });
  });

  it("data is the operation's response; errors are the client's classes", () => {
    const result = useListProducts();
    expectTypeOf(result.data).toEqualTypeOf<ListProductsResponse | undefined>();
    expectTypeOf(result.error).toEqualTypeOf<CommerceError | null>();
    if (result.error instanceof ResourceNotFoundError) expectTypeOf(result.error.status).toBeNumber();
    expectTypeOf<ApiError>().toMatchTypeOf<CommerceError>();
    expectTypeOf<InvalidInputError>().toMatchTypeOf<CommerceError>();
    expectTypeOf(useListProductsSuspense().data).toEqualTypeOf<ListProductsResponse>();
    expectTypeOf(useGetOrderReceipt({ id: "x" }).data).toEqualTypeOf<GetOrderReceiptResponse | undefined>();
  });

  it("event items are the schemas' Event union, narrowed by name with its guards", () => {
    const { data } = useListEvents();
    const event = data?.items[0];
    expectTypeOf(event).toEqualTypeOf<Event | undefined>();
    if (event && isEvent(event, "order.paid")) expectTypeOf(event.metadata.amount).toBeNumber();
    if (event && isKnownEvent(event) && event.source === "system" && event.name === "order.paid") {
      expectTypeOf(event.metadata.amount).toBeNumber();
    }
  });

  it("infinite data has the pages and the flat items", () => {
    const { data } = useListEventsInfinite({ limit: 50 });
    expectTypeOf(data?.pages).toEqualTypeOf<ListEventsResponse[] | undefined>();
    expectTypeOf(data?.items).toEqualTypeOf<ListEventsResponse["items"][number][] | undefined>();
    expectTypeOf(data?.pageParams).toEqualTypeOf<number[] | undefined>();
  });

  it("mutations take the input as variables and resolve to the response", () => {
    const mutation = useValidateLicenseKey();
    expectTypeOf(mutation.mutateAsync).parameter(0).toEqualTypeOf<ValidateLicenseKeyInput>();
    expectTypeOf(mutation.mutateAsync).returns.resolves.toEqualTypeOf<ValidateLicenseKeyResponse>();
    expectTypeOf(mutation.error).toEqualTypeOf<CommerceError | null>();
  });

  it("options factories type the cache without React", async () => {
    const queryClient = new QueryClient();
    const options = listProductsQueryOptions(client, { limit: 5 });
    expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<
      ListProductsResponse | undefined
    >();
    expectTypeOf(await queryClient.fetchQuery(options)).toEqualTypeOf<ListProductsResponse>();
    expectTypeOf(
      await queryClient.ensureQueryData(getOrderReceiptQueryOptions(client, { id: "x" })),
    ).toEqualTypeOf<GetOrderReceiptResponse>();
    const pages = await queryClient.fetchInfiniteQuery(listEventsInfiniteQueryOptions(client));
    expectTypeOf(pages.pages).toEqualTypeOf<ListEventsResponse[]>();
    const [first] = useQueries({ queries: [options] });
    expectTypeOf(first.data).toEqualTypeOf<ListProductsResponse | undefined>();
  });

  it("keys are readonly tuples rooted at commerce-api and the group", () => {
    const key = listProductsQueryKey({ limit: 1 });
    expectTypeOf(key[0]).toEqualTypeOf<"commerce-api">();
    expectTypeOf(key[1]).toEqualTypeOf<"products">();
    expectTypeOf(key[3]).toEqualTypeOf<ListProductsInput>();
  });

  it("Suspense infinite data is always defined: the pages and the flat items", () => {
    const { data } = useListProductsSuspenseInfinite({ limit: 20 });
    expectTypeOf(data.pages).toEqualTypeOf<ListProductsResponse[]>();
    expectTypeOf(data.items).toEqualTypeOf<ListProductsResponse["items"][number][]>();
    // @ts-expect-error page belongs to the infinite query
    useListProductsSuspenseInfinite({ page: 2 });
    // @ts-expect-error a Suspense query is always enabled
    useListProductsSuspenseInfinite({}, { enabled: false });
  });

  it("mutation options factories: useMutation and MutationObserver get the input and response types", () => {
    const options = generateOrderInvoiceMutationOptions(client, {
      onSuccess: (data, input) => {
        expectTypeOf(data).toEqualTypeOf<GenerateOrderInvoiceResponse>();
        expectTypeOf(input).toEqualTypeOf<GenerateOrderInvoiceInput>();
      },
    });
    const mutation = useMutation(options);
    expectTypeOf(mutation.mutateAsync).parameter(0).toEqualTypeOf<GenerateOrderInvoiceInput>();
    expectTypeOf(mutation.mutateAsync).returns.resolves.toEqualTypeOf<GenerateOrderInvoiceResponse>();
    expectTypeOf(mutation.error).toEqualTypeOf<CommerceError | null>();
    const observer = new MutationObserver(new QueryClient(), options);
    expectTypeOf(observer.mutate).parameter(0).toEqualTypeOf<GenerateOrderInvoiceInput>();
    // @ts-expect-error the operation decides the mutation function
    generateOrderInvoiceMutationOptions(client, { mutationFn: async () => undefined });
    // @ts-expect-error and the mutation key
    generateOrderInvoiceMutationOptions(client, { mutationKey: ["mine"] });
  });

  it("mutation keys are readonly tuples rooted at commerce-api and the group, for mutation filters", () => {
    const key = deleteCustomFieldMutationKey();
    expectTypeOf(key).toEqualTypeOf<readonly ["commerce-api", "customFields", "delete"]>();
    const pending = useMutationState({ filters: { mutationKey: key, status: "pending" } });
    expectTypeOf(pending).toBeArray();
  });
});
