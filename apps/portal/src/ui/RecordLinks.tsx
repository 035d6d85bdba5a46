/**
 * Links that open what they name: a customer's name opens the customer, an order (product and
 * date) opens the order. Names come from the sandbox's records when it knows them.
 */
import { Link } from "react-router";
import { useNames } from "../data/useNames.js";

export const customerPath = (customerId: string) => `/org/customers/${customerId}`;
export const orderPath = (orderId: string) => `/org/orders/${orderId}`;
export const customerEventsPath = (customerId: string) =>
  `/org/events?${new URLSearchParams({ customer_id: customerId })}`;

export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** An order as a person recognizes it (product and date), opening the order. */
export function OrderLink({ id }: { id: string }) {
  const names = useNames();
  return <Link to={orderPath(id)}>{names.order(id) ?? "Order"}</Link>;
}

/** A customer by name, opening the customer. */
export function CustomerLink({ id, name }: { id: string; name?: string | null | undefined }) {
  const names = useNames();
  return <Link to={customerPath(id)}>{name ?? names.customer(id) ?? "Customer"}</Link>;
}
