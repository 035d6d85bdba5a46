/**
 * The organization's orders, newest first, each with what was paid, its refunds and its
 * invoice: Generate asks the service for it and the row says what came of it; an invoice the
 * order's record says was generated is not offered again. Calls useGenerateOrderInvoice.
 */
import { useGenerateOrderInvoice } from "@commerce-api/react/2026-10";
import { GenerateOrderInvoiceInput } from "@commerce-api/schemas/2026-10";
import { type FormEvent, useState } from "react";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { describeError } from "../../lib/errors.js";
import { formatDate } from "../../lib/format.js";
import { checkInput } from "../../lib/forms.js";
import { newestFirst, type OrderView } from "../../lib/sandbox-records.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { ErrorNotice, SuccessNotice } from "../../ui/Feedback.js";
import { TextField } from "../../ui/Fields.js";
import { OrderAmount } from "../../ui/OrderAmount.js";
import { Page, Panel } from "../../ui/Page.js";
import { QueryList, useHeldList } from "../../ui/QueryList.js";
import { CustomerLink, OrderLink } from "../../ui/RecordLinks.js";
import { SeedNote } from "../../ui/SeedNote.js";
import { useFormErrors } from "../../ui/useFormErrors.js";

export function OrdersPage() {
  const records = useSandboxRecords();
  const orders = useHeldList(records.held(newestFirst(records.inOrganization(records.orders))));

  return (
    <Page
      title="Orders"
      description="Every order, newest first: what was paid (tax included), refunds, and its invoice. Generate asks the service for an order's invoice from the customer's billing details. Orders are made at checkout, not here."
      hooks={["useGenerateOrderInvoice"]}
    >
      <DevOnly>
        <GenerateById />
        <SeedNote what="orders" />
      </DevOnly>
      <QueryList
        query={orders}
        loading="Loading orders…"
        empty={records.sandbox ? "No orders yet" : "The API cannot list orders"}
      >
        {(shown) => (
          <div className="table-wrap">
            <table className="table table-cards" aria-label="Orders">
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
                {shown.map((order) => (
                  <tr key={order.id}>
                    <td data-label="Order" className="cell-main">
                      <OrderLink id={order.id} />
                    </td>
                    <td data-label="Customer">
                      <CustomerLink id={order.customer_id} />
                    </td>
                    <td data-label="Amount">
                      <OrderAmount order={order} />
                    </td>
                    <td data-label="Status">
                      <StatusBadge status={order.status} />
                    </td>
                    <td data-label="Invoice">
                      <InvoiceAction order={order} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryList>
    </Page>
  );
}

/** An order's invoice, where the order is: Generate, then what the service answered, on the spot. */
export function InvoiceAction({ order }: { order: OrderView }) {
  const generate = useGenerateOrderInvoice();
  // The order's record (read again after every change the app makes) says whether its invoice was generated: once it has, none is offered again.
  if (order.invoice_generated_at) {
    return <Badge tone="green">Generated {formatDate(order.invoice_generated_at)}</Badge>;
  }
  if (order.invoice !== "eligible") {
    return (
      <Badge tone="amber">
        {order.invoice === "not_eligible" ? "Not invoiceable (draft or void)" : "Billing details missing"}
      </Badge>
    );
  }
  const what = `${order.product_name}, ${formatDate(order.created_at)}`;
  return (
    <span className="invoice-action" aria-live="polite">
      {generate.isSuccess ? (
        <Badge tone="green">Invoice requested</Badge>
      ) : (
        <button
          type="button"
          className="button button-small button-secondary"
          aria-label={`Generate the invoice of ${what}`}
          disabled={generate.isPending}
          onClick={() => generate.mutate({ id: order.id })}
        >
          {generate.isPending ? "Requesting…" : generate.isError ? "Try again" : "Generate"}
        </button>
      )}
      {generate.isError ? <span className="field-error">{describeError(generate.error).title}</span> : null}
    </span>
  );
}

/** Developer view: any order ID, the service's answers in full (409, missing billing details). */
function GenerateById() {
  const [orderId, setOrderId] = useState("");
  const { errors, setErrors, fromError, clear } = useFormErrors();
  const generate = useGenerateOrderInvoice();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    generate.reset();
    const checked = checkInput(GenerateOrderInvoiceInput, { id: orderId.trim() });
    if (!checked.ok) return setErrors(checked.errors);
    clear();
    generate.mutate(checked.input, { onError: fromError });
  };
  return (
    <Panel title="Generate an invoice by order ID" id="generate">
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
              The invoice for <OrderLink id={generate.variables.id} /> is being generated.
            </p>
          </SuccessNotice>
        ) : null}
      </div>
    </Panel>
  );
}
