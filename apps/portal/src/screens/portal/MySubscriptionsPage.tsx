/** The customer's subscriptions; calls useListCustomerSubscriptionsInfinite. */
import { useListCustomerSubscriptionsInfinite } from "@commerce-api/react";
import {
  type KnownCustomerSubscriptionSortProperty,
  ListCustomerSubscriptionsInput,
} from "@commerce-api/schemas";
import { type FormEvent, useState } from "react";
import { formatDate, formatMoney, formatPer } from "../../lib/format.js";
import { checkInput, type FieldErrors } from "../../lib/forms.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { booleanField, SelectField, TextField } from "../../ui/Fields.js";
import { changedFrom, FilterPanel } from "../../ui/FilterPanel.js";
import { LoadMore } from "../../ui/LoadMore.js";
import { Page, Panel } from "../../ui/Page.js";
import { SandboxToday } from "../../ui/SandboxClock.js";

const blank = { active: "", query: "", sorting: "-started_at" };

export function MySubscriptionsPage() {
  const [draft, setDraft] = useState(blank);
  const [applied, setApplied] = useState(() => toInput(blank));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof blank) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInput(ListCustomerSubscriptionsInput, toInput(draft));
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setApplied(checked.input);
  };
  return (
    <Page
      title="My subscriptions"
      description="What you are subscribed to, what it costs and when it renews."
      hooks={["useListCustomerSubscriptionsInfinite"]}
    >
      <FilterPanel applied={changedFrom(blank, draft)}>
        <form className="filters" onSubmit={apply} aria-label="Subscription filters" noValidate>
          <SelectField
            label="Show"
            name="active"
            value={draft.active}
            onChange={set("active")}
            options={[
              { value: "", label: "All" },
              { value: "true", label: "Active and trialing" },
              { value: "false", label: "Ended or failing" },
            ]}
          />
          <TextField
            label="Search"
            name="query"
            type="search"
            value={draft.query}
            onChange={set("query")}
            error={errors.query}
          />
          <SelectField
            label="Sort by"
            name="sorting"
            value={draft.sorting}
            onChange={set("sorting")}
            options={[
              { value: "-started_at", label: "Newest first" },
              { value: "started_at", label: "Oldest first" },
              { value: "-amount", label: "Most expensive" },
              { value: "product", label: "Product name" },
              { value: "status", label: "Status" },
            ]}
          />
          <div className="filter-actions">
            <button type="submit" className="button">
              Apply
            </button>
          </div>
        </form>
      </FilterPanel>
      <SubscriptionList input={applied} />
    </Page>
  );
}

function toInput(form: typeof blank): Omit<ListCustomerSubscriptionsInput, "page"> {
  return {
    ...(booleanField(form.active) !== undefined ? { active: booleanField(form.active) } : {}),
    ...(form.query.trim() ? { query: form.query.trim() } : {}),
    sorting: [form.sorting as KnownCustomerSubscriptionSortProperty],
    limit: 10,
  };
}

function SubscriptionList({ input }: { input: Omit<ListCustomerSubscriptionsInput, "page"> }) {
  const query = useListCustomerSubscriptionsInfinite(input);
  if (query.isPending) return <Loading label="Loading subscriptions…" />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => query.refetch()} />;
  const subscriptions = query.data.items;
  if (subscriptions.length === 0) return <EmptyState title="No subscriptions here" />;
  return (
    <Panel>
      <SandboxToday />
      <div className="table-wrap">
        <table className="table table-cards" aria-label="Subscriptions">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
              <th scope="col">Status</th>
              <th scope="col">Current period ends</th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((subscription) => (
              <tr key={subscription.id}>
                <td data-label="Product" className="cell-main">
                  {subscription.product.name}
                </td>
                <td data-label="Price" className="nowrap">
                  <span>
                    {subscription.amount === 0
                      ? "Free"
                      : formatMoney(subscription.amount, subscription.currency)}{" "}
                    <span className="muted">
                      {formatPer(subscription.recurring_interval, subscription.recurring_interval_count)}
                    </span>
                  </span>
                </td>
                <td data-label="Status">
                  <StatusBadge status={subscription.status} />{" "}
                  {subscription.cancel_at_period_end ? (
                    <Badge tone="amber">Cancels at period end</Badge>
                  ) : null}
                </td>
                <td data-label="Current period ends" className="nowrap">
                  {formatDate(subscription.current_period_end)}
                </td>
                <td data-label="Started" className="nowrap">
                  {formatDate(subscription.started_at)}
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
