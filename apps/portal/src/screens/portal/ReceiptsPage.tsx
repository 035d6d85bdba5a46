/**
 * Orders and their receipts; calls useGetOrderReceipt, which keeps polling while the
 * service answers 202 (the receipt is being generated) and then gives the link.
 */
import { useGetOrderReceipt } from "@commerce-api/react";
import { GetOrderReceiptInput } from "@commerce-api/schemas";
import { Link, useParams } from "react-router";
import { shortId } from "../../lib/format.js";
import { useSandboxIds } from "../../session/PortalContext.js";
import { StatusBadge } from "../../ui/Badge.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { Page, Panel } from "../../ui/Page.js";
import { OpenById } from "./IdPicker.js";

export function ReceiptsPage() {
  const { ids, ofCustomer } = useSandboxIds();
  const orders = ofCustomer(ids?.orders ?? []);
  return (
    <Page
      title="Orders & receipts"
      description="Download the receipt of any order."
      hooks={["useGetOrderReceipt"]}
    >
      {ids ? (
        <Panel title="Your orders" id="orders">
          {orders.length === 0 ? (
            <EmptyState title="No orders yet" />
          ) : (
            <div className="table-wrap">
              <table className="table" aria-label="Orders">
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="sr-only">Receipt</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((order) => (
                    <tr key={order.id}>
                      <td>
                        <code title={order.id}>{shortId(order.id)}</code>
                      </td>
                      <td>
                        <StatusBadge status={order.status} />
                      </td>
                      <td className="cell-action">
                        <Link
                          to={`/portal/orders/${order.id}/receipt`}
                          aria-label={`Receipt of order ${order.id}`}
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
      <Panel title="Open an order's receipt by ID" id="open">
        <OpenById
          label="Order ID"
          button="Get receipt"
          schema={GetOrderReceiptInput}
          to={(id) => `/portal/orders/${id}/receipt`}
        />
      </Panel>
    </Page>
  );
}

export function ReceiptPage() {
  const { id = "" } = useParams();
  const query = useGetOrderReceipt({ id });
  return (
    <Page
      title="Receipt"
      description={<Link to="/portal/orders">← All my orders</Link>}
      hooks={["useGetOrderReceipt"]}
    >
      <Panel>
        <p>
          Order <code>{id}</code>
        </p>
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
