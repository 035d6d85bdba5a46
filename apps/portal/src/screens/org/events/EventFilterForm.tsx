/** The events screen's filters: dropdowns apply at once, text with Enter or "Apply filters". */

import { useSandboxRecords } from "../../../data/useSandboxRecords.js";
import type { FieldErrors } from "../../../lib/forms.js";
import { DevOnly } from "../../../ui/DeveloperMode.js";
import { SelectField, TextAreaField, TextField } from "../../../ui/Fields.js";
import type { UrlFilters } from "../../../ui/url-filters.js";
import { type EventFilters, emptyEventFilters } from "./event-filters.js";

export function EventFilterForm({
  form,
  serviceErrors,
}: {
  form: UrlFilters<EventFilters>;
  serviceErrors: FieldErrors;
}) {
  const records = useSandboxRecords();
  const applied = form.applied;
  const errors = { ...serviceErrors, ...form.errors };
  const withError = <B extends { name: string }>(binding: B) => ({ ...binding, error: errors[binding.name] });
  const customers = records.inOrganization(records.customers);
  const meters = records.inOrganization(records.meters);
  const clear = () => form.apply(emptyEventFilters);

  return (
    <form className="filters" onSubmit={form.submit} aria-label="Event filters" noValidate>
      <TextField
        label="Event name"
        placeholder="Order Paid"
        hint="As each row names it (Order Paid) or as your code sends it (order.paid)."
        {...withError(form.field("name"))}
      />
      <SelectField
        label="Source"
        options={[
          { value: "", label: "Any source" },
          { value: "system", label: "The service (orders, subscriptions…)" },
          { value: "user", label: "Your app (usage)" },
        ]}
        {...withError(form.choice("source"))}
      />
      {records.sandbox ? (
        <SelectField
          label="Customer"
          options={[
            { value: "", label: records.ready ? "Any customer" : "Loading customers…" },
            ...withCurrent(
              customers.map((c) => ({ value: c.id, label: c.name ?? c.email })),
              applied.customer_id,
              "Another customer",
            ),
          ]}
          {...withError(form.choice("customer_id"))}
        />
      ) : null}
      {records.sandbox ? (
        <SelectField
          label="Meter"
          options={[
            { value: "", label: records.ready ? "Any meter" : "Loading meters…" },
            ...withCurrent(
              meters.map((m) => ({ value: m.id, label: m.name })),
              applied.meter_id,
              "Another meter",
            ),
          ]}
          hint="Events counted by this meter."
          {...withError(form.choice("meter_id"))}
        />
      ) : null}
      <TextField label="From" type="datetime-local" {...withError(form.field("start"))} />
      <TextField label="Until" type="datetime-local" {...withError(form.field("end"))} />
      <TextField
        label="Search"
        type="search"
        hint="Searches each event's name, its customer's name and e-mail, and its metadata values, not product names: 3 characters or more."
        {...withError(form.field("query"))}
      />
      <TextAreaField
        label="Metadata"
        placeholder="route=/v1/chat"
        hint="key=value, one a line."
        {...withError(form.field("metadata"))}
      />
      <DevOnly>
        <TextField label="Customer ID" {...withError(form.field("customer_id"))} />
        <TextField label="Meter ID" {...withError(form.field("meter_id"))} />
        <SelectField
          label="Pagination"
          options={[
            { value: "offset", label: "Offset (total count)" },
            { value: "cursor", label: "Cursor (has next page)" },
          ]}
          {...form.choice("pagination")}
        />
      </DevOnly>
      <div className="field field-checkbox">
        <input
          id="events-tree"
          type="checkbox"
          checked={form.draft.tree}
          onChange={(event) => form.apply({ ...form.draft, tree: event.target.checked })}
        />
        <label htmlFor="events-tree">Group into trees (what followed what)</label>
      </div>
      <div className="filter-actions">
        <button type="submit" className="button">
          Apply filters
        </button>
        <button type="button" className="button button-secondary" onClick={clear}>
          Clear
        </button>
      </div>
    </form>
  );
}

/** A value from the address that the list does not know (a pasted link) stays choosable. */
function withCurrent(options: { value: string; label: string }[], current: string, label: string) {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label }];
}
