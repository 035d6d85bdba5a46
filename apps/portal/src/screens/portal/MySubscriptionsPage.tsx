/** The customer's subscriptions; calls useListCustomerSubscriptionsInfinite. */
import { useListCustomerSubscriptionsInfinite } from "@commerce-api/react/2026-10";
import {
  type KnownCustomerSubscriptionSortProperty,
  ListCustomerSubscriptionsInput,
} from "@commerce-api/schemas/2026-10";
import { useOwnerName } from "../../data/useSandboxFacts.js";
import { formatDate, formatMoney, formatPer } from "../../lib/format.js";
import { checkInput } from "../../lib/forms.js";
import { nextStep } from "../../lib/subscriptions.js";
import { StatusBadge } from "../../ui/Badge.js";
import { booleanField, SelectField, TextField } from "../../ui/Fields.js";
import { ApplyFilters, FilteredList } from "../../ui/FilteredList.js";
import { Page } from "../../ui/Page.js";
import { keepRows, QueryList } from "../../ui/QueryList.js";
import { SandboxToday } from "../../ui/SandboxClock.js";
import { textCodec, type UrlFilters } from "../../ui/url-filters.js";

const blank = { active: "", query: "", sorting: "-started_at" };

const codec = textCodec(blank);

export function MySubscriptionsPage() {
  return (
    <Page
      title="My subscriptions"
      description="What you are subscribed to, what it costs and what happens next."
      hooks={["useListCustomerSubscriptionsInfinite"]}
    >
      <FilteredList
        blank={blank}
        codec={codec}
        check={check}
        filters={(form) => <SubscriptionFilters form={form} />}
        list={(input) => <SubscriptionList input={input} />}
      />
    </Page>
  );
}

function check(filters: typeof blank) {
  return checkInput(ListCustomerSubscriptionsInput, toInput(filters));
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
      <ApplyFilters />
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

/** Where a customer changes a card: not here (the API has no operation for it), the hosted portal. */
export function updatePaymentWhere(merchant: string): string {
  return `Update your payment method in ${merchant}'s customer portal, hosted by the payment service (the link is in your receipts and e-mails): this page shows your cards but cannot change them.`;
}

function SubscriptionList({ input }: { input: Omit<ListCustomerSubscriptionsInput, "page"> }) {
  const merchant = useOwnerName();
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
                            )}{" "}
                            before tax
                          </span>
                        </span>
                      </td>
                      <td data-label="Status">
                        <StatusBadge status={subscription.status} />
                      </td>
                      <td data-label="What's next">
                        <span>
                          {next.text}
                          {next.updatePayment ? <> {updatePaymentWhere(merchant)}</> : null}
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
