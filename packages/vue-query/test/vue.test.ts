import { ApiError, createClient, ResourceNotFoundError } from "@commerce-api/client/core";
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
  getCustomerLicenseKeyQueryOptions,
  listEventsInfiniteQueryOptions,
  listProductsQueryOptions,
  useCommerceInfiniteQuery,
  useCommerceMutation,
  useCommerceQuery,
} from "../src/index.js";

// The app's own client (no baseUrl: production), answered by the sandbox through MSW.
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
const alice = createClient({ token: "polar_cst_acme_alice" });

function render(setup: () => () => unknown, client = org) {
  const queryClient = new QueryClient();
  const wrapper = mount(defineComponent({ setup }), {
    global: {
      plugins: [
        [VueQueryPlugin, { queryClient }],
        [commercePlugin, client],
      ],
    },
  });
  return { wrapper, queryClient };
}

/** Flushes until `check` passes (MSW and the sandbox answer asynchronously). */
async function until(check: () => void) {
  await expect
    .poll(async () => {
      await flushPromises();
      check();
      return true;
    })
    .toBe(true);
}

describe("@commerce-api/vue-query", () => {
  it("a list, whose reactive input refetches when it changes", async () => {
    const limit = ref(2);
    const { wrapper } = render(() => {
      const products = useCommerceQuery(listProductsQueryOptions, () => ({ limit: limit.value }));
      return () =>
        h(
          "ul",
          products.data.value?.items.map((p) => h("li", p.name)),
        );
    });
    await until(() => expect(wrapper.findAll("li")).toHaveLength(2));
    limit.value = 3;
    await until(() => expect(wrapper.findAll("li")).toHaveLength(3));
    expect(requests).toEqual(["GET /v1/products/", "GET /v1/products/"]);
  });

  it("an infinite list pages on", async () => {
    let next: () => unknown = () => undefined;
    const { wrapper } = render(() => {
      const events = useCommerceInfiniteQuery(listEventsInfiniteQueryOptions, { limit: 3 });
      next = () => events.fetchNextPage();
      return () => h("p", `${events.data.value?.items.length ?? 0} events`);
    });
    await until(() => expect(wrapper.text()).toBe("3 events"));
    await next();
    await until(() => expect(wrapper.text()).toBe("6 events"));
  });

  it("a mutation invalidates the list it changes, which refetches", async () => {
    let remove: (id: string) => Promise<unknown> = async () => undefined;
    const { wrapper } = render(() => {
      const products = useCommerceQuery(listProductsQueryOptions, { limit: 100 });
      const mutation = useCommerceMutation(deleteCustomFieldMutationOptions);
      remove = (id) => mutation.mutateAsync({ id });
      return () =>
        h(
          "p",
          products.data.value?.items
            .flatMap((p) => p.attached_custom_fields.map((f) => f.custom_field_id))
            .join(","),
        );
    });
    await until(() => expect(wrapper.text()).not.toBe(""));
    const field = wrapper.text().split(",")[0]!;
    await remove(field);
    await until(() => expect(wrapper.text().split(",")).not.toContain(field));
    expect(requests.filter((r) => r === "GET /v1/products/")).toHaveLength(2);
  });

  it("an error state carries the client's typed error", async () => {
    const { wrapper } = render(() => {
      const key = useCommerceQuery(getCustomerLicenseKeyQueryOptions, {
        id: "4e8c9d52-0000-4000-8000-000000000000",
      });
      return () =>
        h(
          "p",
          key.error.value instanceof ApiError
            ? `${key.error.value.constructor.name} ${key.error.value.status}`
            : "",
        );
    }, alice);
    await until(() => expect(wrapper.text()).toBe("ResourceNotFoundError 404"));
    expect(ResourceNotFoundError.name).toBe("ResourceNotFoundError");
  });
});
