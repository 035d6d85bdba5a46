/**
 * Orders and their receipts; calls useGetOrderReceipt, which keeps polling while the
 * service answers 202 (the receipt is being generated) and then gives the link.
 */
import { useGetOrderReceipt } from "@commerce-api/react/2026-10";
import { GetOrderReceiptInput } from "@commerce-api/schemas/2026-10";
import { Link, useParams } from "react-router";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { formatDate, formatMoney } from "../../lib/format.js";
import { hasReceipt, newestFirst } from "../../lib/sandbox-records.js";
import { StatusBadge } from "../../ui/Badge.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { OrderAmount } from "../../ui/OrderAmount.js";
import { Page, Panel } from "../../ui/Page.js";
import { QueryList, useHeldList } from "../../ui/QueryList.js";
import { SeedNote } from "../../ui/SeedNote.js";
import { OpenById } from "./IdPicker.js";

export function ReceiptsPage() {
  const records = useSandboxRecords();
  const orders = useHeldList(records.held(newestFirst(records.ofCustomer(records.orders))), 20);
  return (
    <Page
      title="Orders & receipts"
      description="What you bought, what you paid (tax included) and any refund; download the receipt of each paid order."
      hooks={["useGetOrderReceipt"]}
    >
      {records.sandbox ? (
        <Panel title="Your orders" id="orders">
          <DevOnly>
            <SeedNote what="a customer's orders" />
          </DevOnly>
          <QueryList query={orders} loading="Loading your orders…" empty="No orders yet">
            {(shown) => (
              <div className="table-wrap">
                <table className="table table-cards" aria-label="Orders">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Product</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Status</th>
                      <th scope="col">
                        <span className="sr-only">Receipt</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((order) => (
                      <tr key={order.id}>
                        <td data-label="Date" className="nowrap">
                          {formatDate(order.created_at)}
                        </td>
                        <td data-label="Product" className="cell-main">
                          {order.product_name}
                        </td>
                        <td data-label="Amount" className="nowrap">
                          <OrderAmount order={order} />
                        </td>
                        <td data-label="Status">
                          <StatusBadge status={order.status} />
                        </td>
                        <td className="cell-action">
                          {hasReceipt(order) ? (
                            <Link
                              to={`/portal/orders/${order.id}/receipt`}
                              aria-label={`Receipt of ${order.product_name}, ${formatDate(order.created_at)}`}
                            >
                              Receipt
                            </Link>
                          ) : (
                            <span className="muted">No receipt: nothing was paid</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </QueryList>
        </Panel>
      ) : null}
      <DevOnly>
        <Panel title="Open an order's receipt by ID" id="open">
          <OpenById
            label="Order ID"
            button="Get receipt"
            schema={GetOrderReceiptInput}
            to={(id) => `/portal/orders/${id}/receipt`}
          />
        </Panel>
      </DevOnly>
    </Page>
  );
}

export function ReceiptPage() {
  const { id = "" } = useParams();
  const query = useGetOrderReceipt({ id });
  const records = useSandboxRecords();
  const order = records.ofCustomer(records.orders).find((o) => o.id === id);
  return (
    <Page
      title="Receipt"
      description={<Link to="/portal/orders">← All my orders</Link>}
      hooks={["useGetOrderReceipt"]}
    >
      <Panel>
        {order ? (
          <dl className="facts">
            <dt>Product</dt>
            <dd>{order.product_name}</dd>
            <dt>Ordered</dt>
            <dd>{formatDate(order.created_at)}</dd>
            <dt>Amount</dt>
            <dd>
              <OrderAmount order={order} />
            </dd>
          </dl>
        ) : (
          <p>Your order</p>
        )}
        {order && order.refunded > 0 ? (
          <p className="panel-note">
            {formatMoney(order.refunded, order.currency)} of this order was refunded: the receipt shows the
            payment as it was made; the refund reaches the card it was paid with.
          </p>
        ) : null}
        {order && !hasReceipt(order) ? (
          <EmptyState title="This order has no receipt">
            <p>It was not paid ({order.status}), so there is nothing to receipt.</p>
          </EmptyState>
        ) : query.isPending ? (
          <Loading label="Asking for the receipt…" />
        ) : query.isError ? (
          <ErrorNotice error={query.error} onRetry={() => query.refetch()} />
        ) : query.data === null ? (
          <Loading label="The receipt is being generated; this page updates by itself." />
        ) : (
          <p className="receipt-ready" role="status">
            Your receipt is ready:{" "}
            <a className="button" href={query.data.url} target="_blank" rel="noreferrer">
              Download receipt (PDF)
            </a>
          </p>
        )}
      </Panel>
    </Page>
  );
}
