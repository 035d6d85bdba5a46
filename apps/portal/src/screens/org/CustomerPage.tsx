/**
 * One customer, opened from their name anywhere: who they are, their saved cards, their
 * orders and what they did last. Calls useListCustomerPaymentMethodsInfinite and useListEvents.
 */
import { useListCustomerPaymentMethodsInfinite, useListEvents } from "@commerce-api/react";
import { Link, useParams } from "react-router";
import { describeEvent } from "../../lib/event-words.js";
import { formatDate, formatDateTime, formatMoney } from "../../lib/format.js";
import { newestFirst } from "../../lib/sandbox-records.js";
import { useNames } from "../../data/useNames.js";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { StatusBadge } from "../../ui/Badge.js";
import { PaymentMethodTable } from "../../ui/Cards.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { Page, Panel } from "../../ui/Page.js";
import { QueryList } from "../../ui/QueryList.js";
import { customerEventsPath, orderPath } from "../../ui/RecordLinks.js";

export function CustomerPage() {
  const { id = "" } = useParams();
  const records = useSandboxRecords();
  const customer = records.inOrganization(records.customers).find((c) => c.id === id);
  const orders = newestFirst(records.inOrganization(records.orders).filter((o) => o.customer_id === id));
  const cards = useListCustomerPaymentMethodsInfinite({ id, limit: 10 });
  return (
    <Page
      title={customer ? (customer.name ?? customer.email) : "Customer"}
      description={customer ? `${customer.email} · ${customer.type === "team" ? "Team" : "Individual"}` : ""}
      hooks={["useListCustomerPaymentMethodsInfinite", "useListEvents"]}
    >
      <div className="two-columns">
        <Panel title="Recent activity" id="activity">
          <RecentEvents customerId={id} />
          <p>
            <Link to={customerEventsPath(id)}>All their events</Link>
          </p>
        </Panel>
        <Panel title="Orders" id="orders">
          {records.error ? (
            <ErrorNotice error={records.error} onRetry={records.retry} />
          ) : records.sandbox && !records.ready ? (
            <Loading label="Loading orders…" />
          ) : orders.length === 0 ? (
            <p className="muted">No orders.</p>
          ) : (
            <ul className="link-list">
              {orders.map((order) => (
                <li key={order.id}>
                  <Link to={orderPath(order.id)}>
                    {order.product_name}, {formatDate(order.created_at)}
                  </Link>{" "}
                  <span className="nowrap">{formatMoney(order.amount, order.currency)}</span>{" "}
                  <StatusBadge status={order.status} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <h2 className="section-title">Saved payment methods</h2>
      <QueryList query={cards} loading="Loading payment methods…" empty="No saved payment methods">
        {(methods) => <PaymentMethodTable methods={methods} label="Customer payment methods" />}
      </QueryList>
    </Page>
  );
}

/** What the customer did last, in words. */
export function RecentEvents({ customerId, orderId }: { customerId?: string; orderId?: string }) {
  const names = useNames();
  const query = useListEvents({
    ...(customerId ? { customer_id: customerId } : {}),
    ...(orderId ? { metadata: { order_id: orderId } } : {}),
    limit: 8,
  });
  if (query.isPending) return <Loading label="Loading events…" />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.items.length === 0) return <EmptyState title="Nothing yet" />;
  return (
    <ul className="activity-list">
      {query.data.items.map((event) => (
        <li key={event.id}>
          <time dateTime={event.timestamp} className="muted nowrap">
            {formatDateTime(event.timestamp)}
          </time>{" "}
          {describeEvent(event, names)}
        </li>
      ))}
    </ul>
  );
}
