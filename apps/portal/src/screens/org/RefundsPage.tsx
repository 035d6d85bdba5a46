/** Refunds, with their disputes; calls useListRefundsInfinite. */
import { useListRefundsInfinite } from "@commerce-api/react/2026-10";
import { type KnownRefundSortProperty, ListRefundsInput } from "@commerce-api/schemas/2026-10";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { formatDate, formatMoney, humanize } from "../../lib/format.js";
import { checkInput } from "../../lib/forms.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { booleanField, booleanOptions, SelectField, TextField } from "../../ui/Fields.js";
import { ApplyFilters, FilteredList } from "../../ui/FilteredList.js";
import { Page } from "../../ui/Page.js";
import { keepRows, QueryList } from "../../ui/QueryList.js";
import { CustomerLink, OrderLink } from "../../ui/RecordLinks.js";
import { textCodec, type UrlFilters } from "../../ui/url-filters.js";

const blank = { succeeded: "", order_id: "", customer_id: "", sorting: "-created_at" };

const codec = textCodec(blank);

export function RefundsPage() {
  return (
    <Page
      title="Refunds"
      description="Money sent back to customers, and the disputes opened on their orders."
      hooks={["useListRefundsInfinite"]}
    >
      <FilteredList
        blank={blank}
        codec={codec}
        check={check}
        filters={(form) => <RefundFilters form={form} />}
        list={(input) => <RefundList input={input} />}
      />
    </Page>
  );
}

function check(filters: typeof blank) {
  return checkInput(ListRefundsInput, toInput(filters));
}

function RefundFilters({ form }: { form: UrlFilters<typeof blank> }) {
  const { customers: all, inOrganization, sandbox, ready } = useSandboxRecords();
  const customers = inOrganization(all);
  return (
    <form className="filters" onSubmit={form.submit} aria-label="Refund filters" noValidate>
      <SelectField
        label="Outcome"
        options={booleanOptions("Any", "Succeeded", "Not succeeded")}
        {...form.choice("succeeded")}
      />
      {sandbox ? (
        <SelectField
          label="Customer"
          options={[
            { value: "", label: ready ? "Any customer" : "Loading customers…" },
            ...customers.map((c) => ({ value: c.id, label: c.name ?? c.email })),
          ]}
          {...form.choice("customer_id")}
        />
      ) : null}
      <SelectField
        label="Sort by"
        options={[
          { value: "-created_at", label: "Newest first" },
          { value: "created_at", label: "Oldest first" },
          { value: "-amount", label: "Largest first" },
          { value: "amount", label: "Smallest first" },
        ]}
        {...form.choice("sorting")}
      />
      <DevOnly>
        <TextField label="Order ID" {...form.field("order_id")} />
        <TextField label="Customer ID" {...form.field("customer_id")} />
        <ApplyFilters />
      </DevOnly>
    </form>
  );
}

function toInput(form: typeof blank): Omit<ListRefundsInput, "page"> {
  return {
    ...(booleanField(form.succeeded) !== undefined ? { succeeded: booleanField(form.succeeded) } : {}),
    ...(form.order_id.trim() ? { order_id: form.order_id.trim() } : {}),
    ...(form.customer_id.trim() ? { customer_id: form.customer_id.trim() } : {}),
    sorting: [form.sorting as KnownRefundSortProperty],
    limit: 10,
  };
}

function RefundList({ input }: { input: Omit<ListRefundsInput, "page"> }) {
  const query = useListRefundsInfinite(input, keepRows);
  return (
    <QueryList query={query} loading="Loading refunds…" empty="No refunds match these filters">
      {(refunds) => (
        <div className="table-wrap">
          <table className="table table-cards table-compact" aria-label="Refunds">
            <thead>
              <tr>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Reason</th>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Dispute</th>
                <th scope="col">Refunded on</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((refund) => (
                <tr key={refund.id}>
                  <td data-label="Amount" className="nowrap cell-main">
                    {formatMoney(refund.amount, refund.currency)}
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={refund.status} />
                  </td>
                  <td data-label="Reason">{humanize(refund.reason)}</td>
                  <td data-label="Order">
                    <OrderLink id={refund.order_id} />
                  </td>
                  <td data-label="Customer">
                    <CustomerLink id={refund.customer_id} />
                  </td>
                  <td data-label="Dispute" className={refund.dispute ? undefined : "if-any"}>
                    {refund.dispute ? (
                      <Badge tone="amber">Dispute: {humanize(refund.dispute.status).toLowerCase()}</Badge>
                    ) : (
                      <span className="muted">None</span>
                    )}
                  </td>
                  <td data-label="Refunded on" className="nowrap labelled">
                    {formatDate(refund.created_at)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryList>
  );
}
