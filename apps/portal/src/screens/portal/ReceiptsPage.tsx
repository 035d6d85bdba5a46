/**
 * Orders and their receipts; calls useGetOrderReceipt, which keeps polling while the
 * service answers 202 (the receipt is being generated) and then gives the link.
 */
import { useGetOrderReceipt } from "@commerce-api/react";
import { GetOrderReceiptInput } from "@commerce-api/schemas";
import { Link, useParams } from "react-router";
import { formatDate, formatMoney } from "../../lib/format.js";
import { newestFirst } from "../../lib/sandbox-records.js";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { StatusBadge } from "../../ui/Badge.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { Page, Panel } from "../../ui/Page.js";
import { SeedNote } from "../../ui/SeedNote.js";
import { OpenById } from "./IdPicker.js";

export function ReceiptsPage() {
  const records = useSandboxRecords();
  const orders = newestFirst(records.ofCustomer(records.orders));
  return (
    <Page
      title="Orders & receipts"
      description="Download the receipt of any order."
      hooks={["useGetOrderReceipt"]}
    >
      {records.sandbox ? (
        <Panel title="Your orders" id="orders">
          <DevOnly>
            <SeedNote what="a customer's orders" />
          </DevOnly>
          {records.error ? (
            <ErrorNotice error={records.error} onRetry={records.retry} />
          ) : !records.ready ? (
            <Loading label="Loading your orders…" />
          ) : orders.length === 0 ? (
            <EmptyState title="No orders yet" />
          ) : (
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
                  {orders.map((order) => (
                    <tr key={order.id}>
                      <td data-label="Date" className="nowrap">
                        {formatDate(order.created_at)}
                      </td>
                      <td data-label="Product" className="cell-main">
                        {order.product_name}
                      </td>
                      <td data-label="Amount" className="nowrap">
                        {formatMoney(order.amount, order.currency)}
                      </td>
                      <td data-label="Status">
                        <StatusBadge status={order.status} />
                      </td>
                      <td className="cell-action">
                        <Link
                          to={`/portal/orders/${order.id}/receipt`}
                          aria-label={`Receipt of ${order.product_name}, ${formatDate(order.created_at)}`}
                        >
                          Receipt
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
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
            <dd>{formatMoney(order.amount, order.currency)}</dd>
          </dl>
        ) : (
          <p>Your order</p>
        )}
        {query.isPending ? (
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
