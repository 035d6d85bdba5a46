import { createClient } from "@commerce-api/client/core";
import {
  MutationObserver,
  QueryClientProvider,
  useIsMutating,
  useMutation,
  useMutationState,
  useQuery,
} from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  deleteCustomFieldMutationKey,
  deleteCustomFieldMutationOptions,
  deleteDiscountMutationKey,
  listProductsQueryKey,
  listProductsQueryOptions,
  queryKeyRoot,
  useDeleteCustomField,
  useDeleteDiscount,
  useListProducts,
} from "../src/index.js";
import {
  fixtures,
  newQueryClient,
  orgToken,
  providers,
  recordingFetch,
  requests,
  resetSandbox,
} from "./support.js";

beforeEach(resetSandbox);

const acme = fixtures.ids.organizations[0]!.id;
const customFields = fixtures.ids.custom_fields.filter((f) => f.organization_id === acme);
const discount = fixtures.ids.discounts.find((d) => d.organization_id === acme)!;

/**
 * The sandbox's fetch, except that requests matching `held` wait until `release()`: a
 * mutation or a refetch stays in flight for as long as the test needs, with no timer.
 */
function gatedClient() {
  let held: ((request: Request) => boolean) | undefined;
  const waiting: (() => void)[] = [];
  const arrived: string[] = [];
  const fetch = async (request: Request) => {
    if (held?.(request)) {
      arrived.push(`${request.method} ${new URL(request.url).pathname}`);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return recordingFetch(request);
  };
  const client = createClient({ baseUrl: "http://sandbox.local", token: orgToken, fetch });
  return {
    client,
    /** The requests held so far. */
    arrived,
    hold(predicate: (request: Request) => boolean) {
      held = predicate;
    },
    release() {
      held = undefined;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

/** A global "saving…" indicator, and the custom fields being deleted. */
function SavingIndicator() {
  // Every call of this API, whatever the operation: the key root alone.
  const saving = useIsMutating({ mutationKey: [queryKeyRoot] });
  // The custom fields being deleted: one operation's pending calls, by its key.
  const deleting = useMutationState({
    filters: { mutationKey: deleteCustomFieldMutationKey(), status: "pending" },
    select: (mutation) => (mutation.state.variables as { id: string }).id,
  });
  return (
    <p>
      {saving > 0 ? `saving ${saving}…` : "saved"} · deleting: {deleting.join(", ") || "none"}
    </p>
  );
}

describe("mutation keys", () => {
  it("useIsMutating and useMutationState find the calls of one operation, or of the whole API", async () => {
    const gate = gatedClient();
    const queryClient = newQueryClient();
    const wrapper = providers(queryClient, gate.client);
    render(<SavingIndicator />, { wrapper });
    const field = renderHook(useDeleteCustomField, { wrapper });
    const discounts = renderHook(useDeleteDiscount, { wrapper });
    expect(screen.getByText("saved · deleting: none")).toBeTruthy();

    gate.hold((request) => request.method === "DELETE");
    act(() => {
      field.result.current.mutate({ id: customFields[0]!.id });
      discounts.result.current.mutate({ id: discount.id });
    });
    await waitFor(() => expect(gate.arrived).toHaveLength(2));
    // Both count as saving; only the custom field's call is a custom field being deleted.
    expect(await screen.findByText(`saving 2… · deleting: ${customFields[0]!.id}`)).toBeTruthy();
    expect(queryClient.isMutating({ mutationKey: deleteDiscountMutationKey() })).toBe(1);

    gate.release();
    expect(await screen.findByText("saved · deleting: none")).toBeTruthy();
    expect(field.result.current.isSuccess).toBe(true);
  });

  it("are rooted like the query keys, by the operation's group", () => {
    expect(deleteCustomFieldMutationKey()).toEqual(["commerce-api", "customFields", "delete"]);
    expect(deleteCustomFieldMutationOptions(gatedClient().client).mutationKey).toEqual(
      deleteCustomFieldMutationKey(),
    );
  });
});

describe("invalidation", () => {
  it("mutateAsync resolves only once the active queries have refetched", async () => {
    const gate = gatedClient();
    const queryClient = newQueryClient();
    const { result } = renderHook(
      () => ({ products: useListProducts({ limit: 100 }), remove: useDeleteCustomField() }),
      { wrapper: providers(queryClient, gate.client) },
    );
    await waitFor(() => expect(result.current.products.isSuccess).toBe(true));
    const attachedFields = () =>
      queryClient
        .getQueryData(listProductsQueryOptions(gate.client, { limit: 100 }).queryKey)!
        .items.flatMap((p) => p.attached_custom_fields.map((f) => f.custom_field_id));
    const field = attachedFields()[0]!;

    gate.hold((request) => request.method === "GET");
    let shownWhenResolved: string[] | undefined;
    let call: Promise<unknown> = Promise.resolve();
    act(() => {
      call = result.current.remove.mutateAsync({ id: field }).then(() => {
        shownWhenResolved = attachedFields();
      });
    });
    // The DELETE went through; the list's refetch is held at the fetch, and the call waits for it.
    await waitFor(() => expect(gate.arrived).toEqual(["GET /v1/products/"]));
    expect(requests).toContain(`DELETE /v1/custom-fields/${field}`);
    expect(shownWhenResolved).toBeUndefined();

    gate.release();
    await act(() => call);
    // When the call resolved, the list already showed the change.
    expect(shownWhenResolved).not.toContain(field);
  });

  it("useMutation(<op>MutationOptions(client)) without our hooks or provider invalidates, then runs onSuccess", async () => {
    const gate = gatedClient();
    const queryClient = newQueryClient();
    const order: string[] = [];
    const { result } = renderHook(
      () => ({
        products: useQuery(listProductsQueryOptions(gate.client, { limit: 100 })),
        remove: useMutation(
          deleteCustomFieldMutationOptions(gate.client, {
            onSuccess: () => {
              const state = queryClient.getQueryState(listProductsQueryKey({ limit: 100 }, gate.client));
              order.push(
                state?.isInvalidated ? "onSuccess before the refetch" : "onSuccess after the refetch",
              );
            },
          }),
        ),
      }),
      // No CommerceProvider: the options carry the client.
      {
        wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
      },
    );
    await waitFor(() => expect(result.current.products.isSuccess).toBe(true));
    await act(() => result.current.remove.mutateAsync({ id: customFields[0]!.id }));
    expect(order).toEqual(["onSuccess after the refetch"]);
    expect(requests.filter((r) => r === "GET /v1/products/")).toHaveLength(2);
  });

  it("works with no React at all (a MutationObserver in a loader or a test)", async () => {
    const gate = gatedClient();
    const queryClient = newQueryClient();
    const products = listProductsQueryOptions(gate.client, { limit: 100 });
    await queryClient.prefetchQuery(products);
    const observer = new MutationObserver(queryClient, deleteCustomFieldMutationOptions(gate.client));
    await observer.mutate({ id: customFields[0]!.id });
    // Nothing observes the list, so it is marked stale rather than refetched.
    expect(queryClient.getQueryState(products.queryKey)?.isInvalidated).toBe(true);
  });
});
