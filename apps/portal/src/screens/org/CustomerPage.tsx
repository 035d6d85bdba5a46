/**
 * One customer, opened from their name anywhere: who they are, their orders, subscriptions,
 * license keys and saved cards, and what they did last. Calls useListCustomerPaymentMethodsInfinite and useListEvents.
 */
import { useListCustomerPaymentMethodsInfinite, useListEvents } from "@commerce-api/react/2026-10";
import { Link, useParams } from "react-router";
import { useNames } from "../../data/useNames.js";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { describeEvent } from "../../lib/event-words.js";
import { formatDate, formatDateTime, formatMoney, formatPer, maskKey } from "../../lib/format.js";
import { newestFirst } from "../../lib/sandbox-records.js";
import { StatusBadge } from "../../ui/Badge.js";
import { PaymentMethodTable } from "../../ui/Cards.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { Page, Panel } from "../../ui/Page.js";
import { QueryList, useHeldList } from "../../ui/QueryList.js";
import { customerEventsPath, orderPath } from "../../ui/RecordLinks.js";

export function CustomerPage() {
  const { id = "" } = useParams();
  const records = useSandboxRecords();
  const customer = records.inOrganization(records.customers).find((c) => c.id === id);
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
          <CustomerOrders customerId={id} />
        </Panel>
      </div>
      <div className="two-columns">
        <Panel title="Subscriptions" id="subscriptions">
          <CustomerSubscriptions customerId={id} />
        </Panel>
        <Panel title="License keys" id="keys">
          <CustomerKeys customerId={id} />
        </Panel>
      </div>
      <h2 className="section-title">Saved payment methods</h2>
      <QueryList query={cards} loading="Loading payment methods…" empty="No saved payment methods">
        {(methods) => <PaymentMethodTable methods={methods} label="Customer payment methods" />}
      </QueryList>
    </Page>
  );
}

/** Their orders, newest first: what, when, how much, its status; each opens the order. */
function CustomerOrders({ customerId }: { customerId: string }) {
  const records = useSandboxRecords();
  const orders = useHeldList(
    records.held(
      newestFirst(records.inOrganization(records.orders).filter((o) => o.customer_id === customerId)),
    ),
  );
  return (
    <QueryList bare query={orders} loading="Loading orders…" empty="No orders.">
      {(items) => (
        <ul className="link-list">
          {items.map((order) => (
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
    </QueryList>
  );
}

/** Their subscriptions as the sandbox holds them: product, price and status. */
function CustomerSubscriptions({ customerId }: { customerId: string }) {
  const records = useSandboxRecords();
  const names = useNames();
  const subscriptions = useHeldList(
    records.held(records.subscriptions.filter((s) => s.customer_id === customerId)),
  );
  return (
    <QueryList bare query={subscriptions} loading="Loading subscriptions…" empty="No subscriptions.">
      {(items) => (
        <ul className="link-list">
          {items.map((s) => (
            <li key={s.id}>
              {names.product(s.product_id) ?? "A product"}{" "}
              <span className="nowrap">
                {formatMoney(s.amount, s.currency)}{" "}
                {formatPer(s.recurring_interval, s.recurring_interval_count)}
              </span>{" "}
              <StatusBadge status={s.status} />
            </li>
          ))}
        </ul>
      )}
    </QueryList>
  );
}

/** Their license keys: what each unlocks, the key's last characters, its status. */
function CustomerKeys({ customerId }: { customerId: string }) {
  const records = useSandboxRecords();
  const names = useNames();
  const keys = useHeldList(records.held(records.licenseKeys.filter((k) => k.customer_id === customerId)));
  return (
    <QueryList bare query={keys} loading="Loading license keys…" empty="No license keys.">
      {(items) => (
        <ul className="link-list">
          {items.map((k) => (
            <li key={k.id}>
              {names.benefit(k.benefit_id) ?? "A license"} <code>{maskKey(k.key)}</code>{" "}
              <StatusBadge status={k.expired ? "expired" : k.status} />
            </li>
          ))}
        </ul>
      )}
    </QueryList>
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
