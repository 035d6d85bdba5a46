/**
 * Names for IDs, from the records the sandbox holds now (its state: a customer or an order
 * made after the seed is named too; against the service, none: the screens then say
 * "a product", never the ID). An order is named as people recognize it: product and date.
 */
import { useMemo } from "react";
import type { Names } from "../lib/event-words.js";
import { noNames } from "../lib/event-words.js";
import { formatDate } from "../lib/format.js";
import { useSandboxState } from "./useSandboxState.js";

export function useNames(): Names {
  const customers = useSandboxState("customers").data;
  const products = useSandboxState("products").data;
  const benefits = useSandboxState("benefits").data;
  const meters = useSandboxState("meters").data;
  const orders = useSandboxState("orders").data;
  return useMemo(() => {
    if (!customers || !products) return noNames;
    const byId = <T extends { id: string }>(
      list: readonly T[] | undefined,
      name: (item: T) => string | null | undefined,
    ) => {
      const map = new Map((list ?? []).map((item) => [item.id, name(item) ?? undefined]));
      return (id: string) => map.get(id);
    };
    const product = byId(products, (p) => p.name);
    return {
      customer: byId(customers, (c) => c.name ?? c.email),
      product,
      benefit: byId(benefits, (b) => b.description),
      meter: byId(meters, (m) => m.name),
      order: byId(orders, (o) => `${product(o.product_id) ?? "An order"}, ${formatDate(o.created_at)}`),
    };
  }, [customers, products, benefits, meters, orders]);
}
