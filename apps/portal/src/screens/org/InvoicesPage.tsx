/** Generate an order's invoice; calls useGenerateOrderInvoice. */
import { useGenerateOrderInvoice } from "@commerce-api/react";
import { GenerateOrderInvoiceInput } from "@commerce-api/schemas";
import { type FormEvent, useState } from "react";
import { humanize, shortId } from "../../lib/format.js";
import { checkInput } from "../../lib/forms.js";
import { useSandboxIds } from "../../session/PortalContext.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { ErrorNotice, SuccessNotice } from "../../ui/Feedback.js";
import { TextField } from "../../ui/Fields.js";
import { Page, Panel } from "../../ui/Page.js";
import { useFormErrors } from "../../ui/useFormErrors.js";

export function InvoicesPage() {
  const [orderId, setOrderId] = useState("");
  const { errors, setErrors, fromError, clear } = useFormErrors();
  const generate = useGenerateOrderInvoice();
  const { ids, inOrganization } = useSandboxIds();
  const orders = inOrganization(ids?.orders);
  const customerNames = new Map(inOrganization(ids?.customers).map((c) => [c.id, c.name]));

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
                The invoice for order <code>{shortId(generate.variables.id)}</code> is being generated.
              </p>
            </SuccessNotice>
          ) : null}
        </div>
      </Panel>
      {orders.length > 0 ? (
        <Panel title="Sandbox orders" id="orders">
          <div className="table-wrap table-scroll">
            <table className="table" aria-label="Sandbox orders">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Status</th>
                  <th scope="col">Invoice</th>
                  <th scope="col">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <code>{order.id}</code>
                    </td>
                    <td>{customerNames.get(order.customer_id) ?? "—"}</td>
                    <td>
                      <StatusBadge status={order.status} />
                    </td>
                    <td>
                      <Badge tone={order.invoice === "eligible" ? "green" : "amber"}>
                        {humanize(order.invoice)}
                      </Badge>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button-small button-secondary"
                        aria-label={`Generate the invoice of order ${order.id}`}
                        onClick={() => {
                          setOrderId(order.id);
                          send(order.id);
                        }}
                      >
                        Generate
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Panel>
      ) : null}
    </Page>
  );
}
