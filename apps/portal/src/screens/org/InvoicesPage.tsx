/** Generate an order's invoice; calls useGenerateOrderInvoice. */
import { useGenerateOrderInvoice } from "@commerce-api/react";
import { GenerateOrderInvoiceInput } from "@commerce-api/schemas";
import { type FormEvent, useState } from "react";
import { formatDate, formatMoney } from "../../lib/format.js";
import { checkInput } from "../../lib/forms.js";
import { useSandboxIds } from "../../session/PortalContext.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { ErrorNotice, SuccessNotice } from "../../ui/Feedback.js";
import { TextField } from "../../ui/Fields.js";
import { Page, Panel } from "../../ui/Page.js";
import { CustomerLink, OrderLink } from "../../ui/RecordLinks.js";
import { SeedNote } from "../../ui/SeedNote.js";
import { useFormErrors } from "../../ui/useFormErrors.js";

/** The seeded orders listed before "Show all": a screenful, on a phone too. */
const ordersShownFirst = 10;

export function InvoicesPage() {
  const [orderId, setOrderId] = useState("");
  const { errors, setErrors, fromError, clear } = useFormErrors();
  const generate = useGenerateOrderInvoice();
  const { ids, inOrganization } = useSandboxIds();
  const orders = inOrganization(ids?.orders);
  const [showAll, setShowAll] = useState(false);
  const shownOrders = showAll ? orders : orders.slice(0, ordersShownFirst);

  const send = (id: string) => {
    generate.reset();
    const checked = checkInput(GenerateOrderInvoiceInput, { id: id.trim() });
    if (!checked.ok) return setErrors(checked.errors);
    clear();
    generate.mutate(checked.input, { onError: fromError });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(orderId);
  };

  return (
    <Page
      title="Invoices"
      description="Ask the service to (re)generate an order's invoice. It works in the background; the customer downloads it from their portal."
      hooks={["useGenerateOrderInvoice"]}
    >
      <Panel title="Generate an invoice" id="generate">
        <form onSubmit={submit} className="inline-form" aria-label="Generate an order invoice" noValidate>
          <TextField label="Order ID" name="id" value={orderId} onChange={setOrderId} error={errors.id} />
          <button type="submit" className="button" disabled={generate.isPending}>
            {generate.isPending ? "Requesting…" : "Generate invoice"}
          </button>
        </form>
        <div aria-live="polite">
          {generate.isError && !errors.id ? <ErrorNotice error={generate.error} /> : null}
          {generate.isSuccess ? (
            <SuccessNotice title="Invoice requested">
              <p>
                The invoice for <OrderLink id={generate.variables.id} /> is being generated; the customer
                finds it in their portal.
              </p>
            </SuccessNotice>
          ) : null}
        </div>
      </Panel>
      {orders.length > 0 ? (
        <Panel title="Sandbox orders" id="orders">
          <SeedNote what="orders">Any order ID can be typed above.</SeedNote>
          <div className="table-wrap">
            <table className="table table-cards" aria-label="Sandbox orders">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Invoice</th>
                </tr>
              </thead>
              <tbody>
                {shownOrders.map((order) => (
                  <tr key={order.id}>
                    <td data-label="Order">
                      <div className="cell-main">
                        <OrderLink id={order.id} />
                      </div>
                    </td>
                    <td data-label="Customer">
                      <CustomerLink id={order.customer_id} />
                    </td>
                    <td data-label="Amount" className="nowrap">
                      {formatMoney(order.amount, order.currency)}
                    </td>
                    <td data-label="Status">
                      <StatusBadge status={order.status} />
                    </td>
                    <td data-label="Invoice">
                      {order.invoice === "eligible" ? (
                        <button
                          type="button"
                          className="button button-small button-secondary"
                          aria-label={`Generate the invoice of ${order.product_name}, ${formatDate(order.created_at)}`}
                          onClick={() => {
                            setOrderId(order.id);
                            send(order.id);
                          }}
                        >
                          Generate
                        </button>
                      ) : (
                        <Badge tone="amber">
                          {order.invoice === "not_eligible"
                            ? "Not invoiceable (draft or void)"
                            : "Billing details missing"}
                        </Badge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="load-more">
            <span className="muted" aria-live="polite">
              {shownOrders.length} of {orders.length} shown
            </span>
            {shownOrders.length < orders.length ? (
              <button type="button" className="button button-secondary" onClick={() => setShowAll(true)}>
                Show all {orders.length} orders
              </button>
            ) : null}
          </div>
        </Panel>
      ) : null}
    </Page>
  );
}
