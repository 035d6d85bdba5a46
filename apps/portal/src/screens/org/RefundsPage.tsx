/** Refunds, with their disputes; calls useListRefundsInfinite. */
import { useListRefundsInfinite } from "@commerce-api/react";
import { type KnownRefundSortProperty, ListRefundsInput } from "@commerce-api/schemas";
import { type FormEvent, useState } from "react";
import { formatDate, formatMoney, humanize } from "../../lib/format.js";
import { checkInput, type FieldErrors } from "../../lib/forms.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { booleanField, booleanOptions, SelectField, TextField } from "../../ui/Fields.js";
import { changedFrom, FilterPanel } from "../../ui/FilterPanel.js";
import { LoadMore } from "../../ui/LoadMore.js";
import { Page, Panel } from "../../ui/Page.js";
import { CustomerLink, OrderLink } from "../../ui/RecordLinks.js";

const blank = { succeeded: "", order_id: "", customer_id: "", sorting: "-created_at" };

export function RefundsPage() {
  const [draft, setDraft] = useState(blank);
  const [applied, setApplied] = useState(() => toInput(blank));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof blank) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInput(ListRefundsInput, toInput(draft));
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setApplied(checked.input);
  };
  return (
    <Page
      title="Refunds"
      description="Money sent back to customers, and the disputes opened on their orders."
      hooks={["useListRefundsInfinite"]}
    >
      <FilterPanel applied={changedFrom(blank, draft)}>
        <form className="filters" onSubmit={apply} aria-label="Refund filters" noValidate>
          <SelectField
            label="Outcome"
            name="succeeded"
            value={draft.succeeded}
            onChange={set("succeeded")}
            options={booleanOptions("Any", "Succeeded", "Not succeeded")}
          />
          <TextField
            label="Order ID"
            name="order_id"
            value={draft.order_id}
            onChange={set("order_id")}
            error={errors.order_id}
          />
          <TextField
            label="Customer ID"
            name="customer_id"
            value={draft.customer_id}
            onChange={set("customer_id")}
            error={errors.customer_id}
          />
          <SelectField
            label="Sort by"
            name="sorting"
            value={draft.sorting}
            onChange={set("sorting")}
            options={[
              { value: "-created_at", label: "Newest first" },
              { value: "created_at", label: "Oldest first" },
              { value: "-amount", label: "Largest first" },
              { value: "amount", label: "Smallest first" },
            ]}
          />
          <div className="filter-actions">
            <button type="submit" className="button">
              Apply
            </button>
          </div>
        </form>
      </FilterPanel>
      <RefundList input={applied} />
    </Page>
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
  const query = useListRefundsInfinite(input);
  if (query.isPending) return <Loading label="Loading refunds…" />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => query.refetch()} />;
  const refunds = query.data.items;
  if (refunds.length === 0) return <EmptyState title="No refunds match these filters" />;
  return (
    <Panel>
      <div className="table-wrap">
        <table className="table table-cards" aria-label="Refunds">
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
                <td data-label="Dispute">
                  {refund.dispute ? <StatusBadge status={refund.dispute.status} /> : <Badge>None</Badge>}
                </td>
                <td data-label="Created" className="nowrap">
                  {formatDate(refund.created_at)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore list={query} />
    </Panel>
  );
}
