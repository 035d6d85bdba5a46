/** Products with filters and sorting; calls useListProductsInfinite. */
import { useListProductsInfinite } from "@commerce-api/react";
import { type KnownProductSortProperty, ListProductsInput } from "@commerce-api/schemas";
import { type FormEvent, useState } from "react";
import { formatInterval, formatPrice } from "../../lib/format.js";
import { checkInput, type FieldErrors } from "../../lib/forms.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { booleanField, booleanOptions, SelectField, TextField } from "../../ui/Fields.js";
import { changedFrom, FilterPanel } from "../../ui/FilterPanel.js";
import { LoadMore } from "../../ui/LoadMore.js";
import { Page, Panel } from "../../ui/Page.js";

const sortOptions: { value: KnownProductSortProperty; label: string }[] = [
  { value: "-created_at", label: "Newest first" },
  { value: "created_at", label: "Oldest first" },
  { value: "name", label: "Name, A to Z" },
  { value: "-name", label: "Name, Z to A" },
  { value: "price_amount", label: "Price, low to high" },
  { value: "-price_amount", label: "Price, high to low" },
];

const blank = { query: "", is_recurring: "", is_archived: "false", visibility: "", sorting: "-created_at" };

export function ProductsPage() {
  const [draft, setDraft] = useState(blank);
  const [applied, setApplied] = useState(() => toInput(blank));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof blank) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInput(ListProductsInput, toInput(draft));
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setApplied(checked.input);
  };

  return (
    <Page
      title="Products"
      description="The organization's catalog: subscriptions and one-time products, with their prices and benefits."
      hooks={["useListProductsInfinite"]}
    >
      <FilterPanel applied={changedFrom(blank, draft)}>
        <form className="filters" onSubmit={apply} aria-label="Product filters" noValidate>
          <TextField
            label="Name"
            name="query"
            type="search"
            value={draft.query}
            onChange={set("query")}
            error={errors.query}
          />
          <SelectField
            label="Billing"
            name="is_recurring"
            value={draft.is_recurring}
            onChange={set("is_recurring")}
            options={booleanOptions("Any", "Subscription", "One-time")}
          />
          <SelectField
            label="Archived"
            name="is_archived"
            value={draft.is_archived}
            onChange={set("is_archived")}
            options={booleanOptions("Any", "Archived only", "Not archived")}
          />
          <SelectField
            label="Visibility"
            name="visibility"
            value={draft.visibility}
            onChange={set("visibility")}
            error={errors.visibility}
            options={[
              { value: "", label: "Any" },
              { value: "public", label: "Public" },
              { value: "private", label: "Private" },
              { value: "draft", label: "Draft" },
            ]}
          />
          <SelectField
            label="Sort by"
            name="sorting"
            value={draft.sorting}
            onChange={set("sorting")}
            options={sortOptions}
          />
          <div className="filter-actions">
            <button type="submit" className="button">
              Apply
            </button>
          </div>
        </form>
      </FilterPanel>
      <ProductList input={applied} />
    </Page>
  );
}

function toInput(form: typeof blank): Omit<ListProductsInput, "page"> {
  return {
    ...(form.query.trim() ? { query: form.query.trim() } : {}),
    ...(booleanField(form.is_recurring) !== undefined
      ? { is_recurring: booleanField(form.is_recurring) }
      : {}),
    ...(booleanField(form.is_archived) !== undefined ? { is_archived: booleanField(form.is_archived) } : {}),
    ...(form.visibility ? { visibility: [form.visibility as "public"] } : {}),
    sorting: [form.sorting as KnownProductSortProperty],
    limit: 10,
  };
}

function ProductList({ input }: { input: Omit<ListProductsInput, "page"> }) {
  const query = useListProductsInfinite(input);
  if (query.isPending) return <Loading label="Loading products…" />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => query.refetch()} />;
  const products = query.data.items;
  if (products.length === 0) return <EmptyState title="No products match these filters" />;
  return (
    <Panel>
      <div className="table-wrap">
        <table className="table table-cards" aria-label="Products">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Billing</th>
              <th scope="col">Price</th>
              <th scope="col">Visibility</th>
              <th scope="col">Benefits</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.id}>
                <td data-label="Product">
                  <div className="cell-main">
                    {product.name} {product.is_archived ? <Badge>Archived</Badge> : null}
                  </div>
                  {product.description ? <div className="cell-sub">{product.description}</div> : null}
                </td>
                <td data-label="Billing" className="nowrap">
                  {formatInterval(product.recurring_interval, product.recurring_interval_count)}
                </td>
                <td data-label="Price" className="nowrap">
                  {formatPrice(product.prices.find((p) => !p.is_archived) ?? product.prices[0])}
                </td>
                <td data-label="Visibility">
                  <StatusBadge status={product.visibility} />
                </td>
                <td data-label="Benefits">
                  {product.benefits.length === 0 ? (
                    <span className="muted">none</span>
                  ) : (
                    product.benefits.map((b) => b.description).join(", ")
                  )}
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
