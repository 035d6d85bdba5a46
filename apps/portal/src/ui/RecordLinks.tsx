/**
 * Cross links between records, where an operation can read the target: an order's events
 * (listEvents by `metadata.order_id`), a customer's events and saved cards. Names come from
 * the sandbox's seed when it knows them; otherwise the ID, shortened, with the whole one on hover.
 */
import { Link } from "react-router";
import { formatDate } from "../lib/format.js";
import { useSandboxIds } from "../session/PortalContext.js";

export const orderEventsPath = (orderId: string) =>
  `/org/events?${new URLSearchParams({ metadata: `order_id=${orderId}` })}`;
export const customerEventsPath = (customerId: string) =>
  `/org/events?${new URLSearchParams({ customer_id: customerId })}`;
export const customerCardsPath = (customerId: string) =>
  `/org/payment-methods?${new URLSearchParams({ customer: customerId })}`;

export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** An order as a person recognizes it (product and date), opening its events. */
export function OrderLink({ id }: { id: string }) {
  const { ids } = useSandboxIds();
  const order = ids?.orders.find((o) => o.id === id);
  return (
    <Link to={orderEventsPath(id)} title={`Order ${id}: its events`}>
      {order ? `${order.product_name}, ${formatDate(order.created_at)}` : `Order ${shortId(id)}`}
    </Link>
  );
}

/** A customer by name, opening their events; the cards are one more link away. */
export function CustomerLink({ id, name }: { id: string; name?: string | null | undefined }) {
  const { ids } = useSandboxIds();
  const known = name ?? ids?.customers.find((c) => c.id === id)?.name ?? null;
  return (
    <Link to={customerEventsPath(id)} title={`Customer ${id}: their events`}>
      {known ?? `Customer ${shortId(id)}`}
    </Link>
  );
}
