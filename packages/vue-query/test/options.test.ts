// What the composables promise beyond fetching: the caller's options reach TanStack (and are
// reactive where the input is), the infinite list follows its input, the mutation runs the
// caller's callbacks after its invalidation, and a missing client says how to provide one.
import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { sandboxHandlers } from "@commerce-api/sandbox/msw";
import { QueryClient, VueQueryPlugin } from "@tanstack/vue-query";
import { flushPromises, mount } from "@vue/test-utils";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defineComponent, h, ref } from "vue";
import {
  commercePlugin,
  deleteCustomFieldMutationOptions,
  listEventsInfiniteQueryOptions,
  listProductsQueryKey,
  listProductsQueryOptions,
  provideCommerceClient,
  useCommerceClient,
  useCommerceInfiniteQuery,
  useCommerceMutation,
  useCommerceQuery,
} from "../src/index.js";

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z"), instantRetries: true });
const server = setupServer(...sandboxHandlers(sandbox));
const requests: string[] = [];
server.events.on("request:start", ({ request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
});
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  sandbox.reset();
  requests.length = 0;
});

const org = createClient({ token: "polar_oat_acme_all" });
const missing = "4e8c9d52-0000-4000-8000-000000000000";

function render(setup: () => () => unknown) {
  const queryClient = new QueryClient();
  const wrapper = mount(defineComponent({ setup }), {
    global: {
      plugins: [
        [VueQueryPlugin, { queryClient }],
        [commercePlugin, org],
      ],
    },
  });
  return { wrapper, queryClient };
}

async function until(check: () => void) {
  await expect
    .poll(async () => {
      await flushPromises();
      check();
      return true;
    })
    .toBe(true);
}

describe("@commerce-api/vue-query: the caller's options", () => {
  it("a query and an infinite query wait while the caller's enabled is false, and fetch once it is true", async () => {
    const enabled = ref(false);
    const { wrapper, queryClient } = render(() => {
      const products = useCommerceQuery(listProductsQueryOptions, { limit: 2 }, () => ({
        enabled: enabled.value,
      }));
      const events = useCommerceInfiniteQuery(listEventsInfiniteQueryOptions, { limit: 3 }, () => ({
        enabled: enabled.value,
      }));
      return () =>
        h(
          "p",
          `${products.data.value?.items.length ?? 0} products, ${events.data.value?.items.length ?? 0} events`,
        );
    });
    await flushPromises();
    // A query that ignored `enabled` would be fetching from the moment it was created.
    expect([queryClient.isFetching(), wrapper.text(), requests]).toEqual([0, "0 products, 0 events", []]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
    enabled.value = true;
    await until(() => expect(wrapper.text()).toBe("2 products, 3 events"));
  });

  it("an infinite list refetches from its first page when its input changes", async () => {
    const limit = ref(3);
    const { wrapper } = render(() => {
      const events = useCommerceInfiniteQuery(listEventsInfiniteQueryOptions, () => ({ limit: limit.value }));
      return () => h("p", `${events.data.value?.items.length ?? 0} events`);
    });
    await until(() => expect(wrapper.text()).toBe("3 events"));
    limit.value = 2;
    await until(() => expect(wrapper.text()).toBe("2 events"));
    expect(requests).toEqual(["GET /v1/events/", "GET /v1/events/"]);
  });

  it("a mutation runs the caller's onSuccess after invalidating, and its onError with the typed error", async () => {
    const seen: string[] = [];
    let mutate: (id: string) => Promise<unknown> = async () => undefined;
    const { queryClient } = render(() => {
      const mutation = useCommerceMutation(deleteCustomFieldMutationOptions, {
        onSuccess: () => {
          const state = queryClient.getQueryState(listProductsQueryKey({ limit: 100 }, org));
          seen.push(`success, list invalidated: ${state?.isInvalidated}`);
        },
        onError: (error) => void seen.push(`error ${error.name}`),
      });
      mutate = (id) => mutation.mutateAsync({ id });
      return () => h("p");
    });
    const page = await queryClient.fetchQuery(listProductsQueryOptions(org, { limit: 100 }));
    await mutate(page.items.flatMap((p) => p.attached_custom_fields)[0]!.custom_field_id);
    await mutate(missing).catch(() => undefined);
    expect(seen).toEqual(["success, list invalidated: true", "error ResourceNotFoundError"]);
  });

  it("provideCommerceClient in a parent's setup gives the components below it that client", () => {
    const alice = createClient({ token: "polar_cst_acme_alice" });
    let used: unknown;
    const Child = defineComponent({
      setup() {
        used = useCommerceClient();
        return () => h("p");
      },
    });
    render(() => {
      provideCommerceClient(alice);
      return () => h(Child);
    });
    expect(used).toBe(alice);
  });

  it("without a client provided, a composable says how to provide one", () => {
    let thrown: unknown;
    mount(
      defineComponent({
        setup() {
          try {
            useCommerceClient();
          } catch (error) {
            thrown = error;
          }
          return () => h("p");
        },
      }),
    );
    expect((thrown as Error).message).toMatch(/no client provided; call app\.use\(commercePlugin, client\)/);
  });
});
