/** Products with filters and sorting; calls useListProductsInfinite. */
import { useListProductsInfinite } from "@commerce-api/react/2026-10";
import { type KnownProductSortProperty, ListProductsInput } from "@commerce-api/schemas/2026-10";
import { formatInterval, formatPrice } from "../../lib/format.js";
import { checkInput } from "../../lib/forms.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { booleanField, booleanOptions, SelectField, TextField } from "../../ui/Fields.js";
import { ApplyFilters, FilteredList } from "../../ui/FilteredList.js";
import { Page } from "../../ui/Page.js";
import { keepRows, QueryList } from "../../ui/QueryList.js";
import { textCodec, type UrlFilters } from "../../ui/url-filters.js";

const sortOptions: { value: KnownProductSortProperty; label: string }[] = [
  { value: "-created_at", label: "Newest first" },
  { value: "created_at", label: "Oldest first" },
  { value: "name", label: "Name, A to Z" },
  { value: "-name", label: "Name, Z to A" },
  { value: "price_amount", label: "Price, low to high" },
  { value: "-price_amount", label: "Price, high to low" },
];

const blank = { query: "", is_recurring: "", is_archived: "false", visibility: "", sorting: "-created_at" };

const codec = textCodec(blank);

export function ProductsPage() {
  return (
    <Page
      title="Products"
      description="The organization's catalog: subscriptions and one-time products, with their prices and benefits."
      hooks={["useListProductsInfinite"]}
    >
      <FilteredList
        blank={blank}
        codec={codec}
        check={check}
        filters={(form) => <ProductFilters form={form} />}
        list={(input) => <ProductList input={input} />}
      />
    </Page>
  );
}

function check(filters: typeof blank) {
  return checkInput(ListProductsInput, toInput(filters));
}

function ProductFilters({ form }: { form: UrlFilters<typeof blank> }) {
  return (
    <form className="filters" onSubmit={form.submit} aria-label="Product filters" noValidate>
      <TextField label="Name" type="search" {...form.field("query")} />
      <SelectField
        label="Billing"
        options={booleanOptions("Any", "Subscription", "One-time")}
        {...form.choice("is_recurring")}
      />
      <SelectField
        label="Archived"
        options={booleanOptions("Any", "Archived only", "Not archived")}
        {...form.choice("is_archived")}
      />
      <SelectField
        label="Visibility"
        options={[
          { value: "", label: "Any" },
          { value: "public", label: "Public" },
          { value: "private", label: "Private" },
          { value: "draft", label: "Draft" },
        ]}
        {...form.choice("visibility")}
      />
      <SelectField label="Sort by" options={sortOptions} {...form.choice("sorting")} />
      <ApplyFilters />
    </form>
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
  const query = useListProductsInfinite(input, keepRows);
  return (
    <QueryList query={query} loading="Loading products…" empty="No products match these filters">
      {(products) => (
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
      )}
    </QueryList>
  );
}
