// The Vue page's entry: the bare client from `/core`, Vue Query, and one composable of
// @commerce-api/vue-query over the core's options factory, as its README shows.
import { createClient } from "@commerce-api/client/core";
import { commercePlugin, listProductsQueryOptions, useCommerceQuery } from "@commerce-api/vue-query";
import { VueQueryPlugin } from "@tanstack/vue-query";
import { createApp, defineComponent, h, ref } from "vue";

const client = createClient({
  baseUrl: "http://127.0.0.1:4010",
  token: () => sessionStorage.getItem("commerce-token") ?? "",
});

const ProductList = defineComponent({
  setup() {
    const limit = ref(20);
    const products = useCommerceQuery(listProductsQueryOptions, () => ({ limit: limit.value }));
    return () =>
      h(
        "ul",
        products.data.value?.items.map((product) => h("li", { key: product.id }, product.name)),
      );
  },
});

createApp(ProductList).use(VueQueryPlugin).use(commercePlugin, client).mount("#root");
