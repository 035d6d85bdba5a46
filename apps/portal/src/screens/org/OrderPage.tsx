/**
 * One order, opened from its name anywhere (product and date): what was bought, by whom, for
 * how much, its invoice, and what happened to it. Calls useGenerateOrderInvoice and useListEvents.
 */
import { Link, useParams } from "react-router";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { formatDate } from "../../lib/format.js";
import { StatusBadge } from "../../ui/Badge.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { OrderAmount } from "../../ui/OrderAmount.js";
import { Page, Panel } from "../../ui/Page.js";
import { CustomerLink } from "../../ui/RecordLinks.js";
import { RecentEvents } from "./CustomerPage.js";
import { InvoiceAction } from "./OrdersPage.js";

export function OrderPage() {
  const { id = "" } = useParams();
  const records = useSandboxRecords();
  const order = records.inOrganization(records.orders).find((o) => o.id === id);
  const title = order ? `${order.product_name}, ${formatDate(order.created_at)}` : "Order";
  return (
    <Page
      title={title}
      description={<Link to="/org/orders">← All orders</Link>}
      hooks={["useGenerateOrderInvoice", "useListEvents"]}
    >
      {order ? (
        <div className="two-columns">
          <Panel title="Order" id="order">
            <dl className="facts">
              <dt>Product</dt>
              <dd>{order.product_name}</dd>
              <dt>Customer</dt>
              <dd>
                <CustomerLink id={order.customer_id} />
              </dd>
              <dt>Date</dt>
              <dd>{formatDate(order.created_at)}</dd>
              <dt>Amount</dt>
              <dd>
                <OrderAmount order={order} />
              </dd>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={order.status} />
              </dd>
              <dt>Invoice</dt>
              <dd>
                <InvoiceAction order={order} />
              </dd>
            </dl>
          </Panel>
          <Panel title="What happened" id="events">
            <RecentEvents orderId={order.id} />
          </Panel>
        </div>
      ) : !records.sandbox ? (
        <EmptyState title="The API has no operation that reads one order">
          <p>This sample opens orders from the sandbox's records; against the service it cannot show one.</p>
        </EmptyState>
      ) : records.error ? (
        <ErrorNotice error={records.error} onRetry={records.retry} />
      ) : !records.ready ? (
        <Loading label="Loading the order…" />
      ) : (
        <EmptyState title="No such order">
          <p>It may have been made before the sandbox was restarted.</p>
          <p>
            <Link to="/org/orders">See the organization's orders</Link>
          </p>
        </EmptyState>
      )}
    </Page>
  );
}
