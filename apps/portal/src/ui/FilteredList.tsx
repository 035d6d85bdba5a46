/**
 * A list screen's filters and its list, in one part: the filters live in the address
 * (`useUrlFilters`), are checked with the operation's schema before anything is sent, fold on a
 * phone, and the list is drawn from the checked input. Products, refunds, a customer's
 * subscriptions and a customer's payment methods use it; a screen gives its blank form, how form values become the operation's
 * input, its fields and its list.
 */
import type { ReactNode } from "react";
import type { Checked } from "../lib/forms.js";
import { ErrorNotice } from "./Feedback.js";
import { changedFrom, FilterPanel } from "./FilterPanel.js";
import { type FilterCodec, type UrlFilters, useUrlFilters } from "./url-filters.js";

/** The same sentence on every screen whose address holds filters that do not check. */
const invalidAddress = new Error("The filters in this address are not valid; correct them above.");

export function FilteredList<F extends Record<string, string>, Input>({
  blank,
  codec,
  check,
  filters,
  list,
  fold = true,
}: {
  blank: F;
  codec: FilterCodec<F>;
  /** The form's values as the operation's input, checked by its schema. */
  check: (filters: F) => Checked<Input>;
  filters: (form: UrlFilters<F>) => ReactNode;
  list: (input: Input) => ReactNode;
  /** Fold the filters on a phone (see `FilterPanel`). */
  fold?: boolean;
}) {
  const form = useUrlFilters(codec, (values) => {
    const checked = check(values);
    return checked.ok ? undefined : checked.errors;
  });
  const checked = check(form.applied);
  return (
    <>
      <FilterPanel applied={changedFrom(blank, form.applied)} fold={fold}>
        {filters(form)}
      </FilterPanel>
      {checked.ok ? list(checked.input) : <ErrorNotice error={invalidAddress} />}
    </>
  );
}

/** The button every filter form ends with: text fields apply with it or with Enter. */
export function ApplyFilters() {
  return (
    <div className="filter-actions">
      <button type="submit" className="button">
        Apply filters
      </button>
    </div>
  );
}
