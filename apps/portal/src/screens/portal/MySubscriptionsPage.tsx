/** The customer's subscriptions; calls useListCustomerSubscriptionsInfinite. */
import { useListCustomerSubscriptionsInfinite } from "@commerce-api/react";
import {
  type KnownCustomerSubscriptionSortProperty,
  ListCustomerSubscriptionsInput,
} from "@commerce-api/schemas";
import { Link } from "react-router";
import { formatDate, formatMoney, formatPer } from "../../lib/format.js";
import { checkInput } from "../../lib/forms.js";
import { nextStep } from "../../lib/subscriptions.js";
import { StatusBadge } from "../../ui/Badge.js";
import { ErrorNotice } from "../../ui/Feedback.js";
import { booleanField, SelectField, TextField } from "../../ui/Fields.js";
import { changedFrom, FilterPanel } from "../../ui/FilterPanel.js";
import { Page } from "../../ui/Page.js";
import { keepRows, QueryList } from "../../ui/QueryList.js";
import { SandboxToday } from "../../ui/SandboxClock.js";
import { textCodec, type UrlFilters, useUrlFilters } from "../../ui/url-filters.js";

const blank = { active: "", query: "", sorting: "-started_at" };

const codec = textCodec(blank);

export function MySubscriptionsPage() {
  const form = useUrlFilters(codec, problemsOf);
  const checked = checkInput(ListCustomerSubscriptionsInput, toInput(form.applied));
  return (
    <Page
      title="My subscriptions"
      description="What you are subscribed to, what it costs and what happens next."
      hooks={["useListCustomerSubscriptionsInfinite"]}
    >
      <FilterPanel applied={changedFrom(blank, form.applied)}>
        <SubscriptionFilters form={form} />
      </FilterPanel>
      {checked.ok ? (
        <SubscriptionList input={checked.input} />
      ) : (
        <ErrorNotice error={new Error("The filters in this address are not valid; correct them above.")} />
      )}
    </Page>
  );
}

function problemsOf(filters: typeof blank) {
  const checked = checkInput(ListCustomerSubscriptionsInput, toInput(filters));
  return checked.ok ? undefined : checked.errors;
}

function SubscriptionFilters({ form }: { form: UrlFilters<typeof blank> }) {
  return (
    <form className="filters" onSubmit={form.submit} aria-label="Subscription filters" noValidate>
      <SelectField
        label="Show"
        options={[
          { value: "", label: "All" },
          { value: "true", label: "Active and trialing" },
          { value: "false", label: "Ended or failing" },
        ]}
        {...form.choice("active")}
      />
      <TextField label="Search" type="search" {...form.field("query")} />
      <SelectField
        label="Sort by"
        options={[
          { value: "-started_at", label: "Newest first" },
          { value: "started_at", label: "Oldest first" },
          { value: "-amount", label: "Most expensive" },
          { value: "product", label: "Product name" },
          { value: "status", label: "Status" },
        ]}
        {...form.choice("sorting")}
      />
      <div className="filter-actions">
        <button type="submit" className="button">
          Search
        </button>
      </div>
    </form>
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
  const query = useListCustomerSubscriptionsInfinite(input, keepRows);
  return (
    <QueryList query={query} loading="Loading subscriptions…" empty="No subscriptions here">
      {(subscriptions) => (
        <>
          <SandboxToday />
          <div className="table-wrap">
            <table className="table table-cards" aria-label="Subscriptions">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Price</th>
                  <th scope="col">Status</th>
                  <th scope="col">What's next</th>
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {subscriptions.map((subscription) => {
                  const next = nextStep(subscription);
                  return (
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
                            {formatPer(
                              subscription.recurring_interval,
                              subscription.recurring_interval_count,
                            )}
                          </span>
                        </span>
                      </td>
                      <td data-label="Status">
                        <StatusBadge status={subscription.status} />
                      </td>
                      <td data-label="What's next">
                        <span>
                          {next.text}
                          {next.updatePayment ? (
                            <>
                              {" "}
                              <Link to="/portal/payment-methods">update your payment method</Link>
                            </>
                          ) : null}
                        </span>
                      </td>
                      <td data-label="Started" className="nowrap">
                        {formatDate(subscription.started_at)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </QueryList>
  );
}
