/** Refunds, with their disputes; calls useListRefundsInfinite. */
import { useListRefundsInfinite } from "@commerce-api/react";
import { type KnownRefundSortProperty, ListRefundsInput } from "@commerce-api/schemas";
import { formatDate, formatMoney, humanize } from "../../lib/format.js";
import { checkInput } from "../../lib/forms.js";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { ErrorNotice } from "../../ui/Feedback.js";
import { booleanField, booleanOptions, SelectField, TextField } from "../../ui/Fields.js";
import { changedFrom, FilterPanel } from "../../ui/FilterPanel.js";
import { Page } from "../../ui/Page.js";
import { keepRows, QueryList } from "../../ui/QueryList.js";
import { CustomerLink, OrderLink } from "../../ui/RecordLinks.js";
import { textCodec, type UrlFilters, useUrlFilters } from "../../ui/url-filters.js";

const blank = { succeeded: "", order_id: "", customer_id: "", sorting: "-created_at" };

const codec = textCodec(blank);

export function RefundsPage() {
  const form = useUrlFilters(codec, problemsOf);
  const checked = checkInput(ListRefundsInput, toInput(form.applied));
  return (
    <Page
      title="Refunds"
      description="Money sent back to customers, and the disputes opened on their orders."
      hooks={["useListRefundsInfinite"]}
    >
      <FilterPanel applied={changedFrom(blank, form.applied)}>
        <RefundFilters form={form} />
      </FilterPanel>
      {checked.ok ? (
        <RefundList input={checked.input} />
      ) : (
        <ErrorNotice error={new Error("The filters in this address are not valid; correct them above.")} />
      )}
    </Page>
  );
}

function problemsOf(filters: typeof blank) {
  const checked = checkInput(ListRefundsInput, toInput(filters));
  return checked.ok ? undefined : checked.errors;
}

function RefundFilters({ form }: { form: UrlFilters<typeof blank> }) {
  const { customers: all, inOrganization } = useSandboxRecords();
  const customers = inOrganization(all);
  return (
    <form className="filters" onSubmit={form.submit} aria-label="Refund filters" noValidate>
      <SelectField
        label="Outcome"
        options={booleanOptions("Any", "Succeeded", "Not succeeded")}
        {...form.choice("succeeded")}
      />
      {customers.length > 0 ? (
        <SelectField
          label="Customer"
          options={[
            { value: "", label: "Any customer" },
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
        <div className="filter-actions">
          <button type="submit" className="button">
            Apply
          </button>
        </div>
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
                <th scope="col">Created</th>
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
                  <td data-label="Created" className="nowrap">
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
