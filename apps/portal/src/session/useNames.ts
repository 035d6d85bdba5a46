/**
 * Names for IDs, from the sandbox's records (against the service, none: the screens then
 * say "a product", never the ID). An order is named as people recognize it: product and date.
 */
import { useMemo } from "react";
import type { Names } from "../lib/event-words.js";
import { noNames } from "../lib/event-words.js";
import { formatDate } from "../lib/format.js";
import { usePortal } from "./PortalContext.js";

export function useNames(): Names {
  const { fixtures } = usePortal();
  const ids = fixtures?.data?.ids;
  return useMemo(() => {
    if (!ids) return noNames;
    const byId = <T extends { id: string }>(
      list: readonly T[],
      name: (item: T) => string | null | undefined,
    ) => {
      const map = new Map(list.map((item) => [item.id, name(item) ?? undefined]));
      return (id: string) => map.get(id);
    };
    return {
      customer: byId(ids.customers, (c) => c.name ?? c.email),
      product: byId(ids.products, (p) => p.name),
      benefit: byId(ids.benefits, (b) => b.description),
      meter: byId(ids.meters, (m) => m.name),
      order: byId(ids.orders, (o) => `${o.product_name}, ${formatDate(o.created_at)}`),
    };
  }, [ids]);
}
