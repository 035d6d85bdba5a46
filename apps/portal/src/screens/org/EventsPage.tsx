/**
 * Events: filters (in the URL), both pagination forms, and event trees.
 * Calls useListEventsInfinite for the list and useListEvents for a row's children.
 */
import { useListEvents, useListEventsInfinite } from "@commerce-api/react";
import type { Event } from "@commerce-api/schemas";
import { type FormEvent, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { describeError } from "../../lib/errors.js";
import { formatDateTime } from "../../lib/format.js";
import type { FieldErrors } from "../../lib/forms.js";
import { usePortal, useSandboxIds } from "../../session/PortalContext.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { SelectField, TextAreaField, TextField } from "../../ui/Fields.js";
import { LoadMore } from "../../ui/LoadMore.js";
import { Page, Panel } from "../../ui/Page.js";
import {
  type EventFilters,
  eventsInput,
  filtersFromParams,
  filtersToParams,
  toFormFields,
} from "./event-filters.js";

export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const applied = filtersFromParams(params);
  const [draft, setDraft] = useState<EventFilters>(applied);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { session } = usePortal();
  const { ids, inOrganization } = useSandboxIds();
  // The fields follow the address both ways: Back, Forward or a pasted link refill them.
  const search = params.toString();
  useEffect(() => {
    setDraft(filtersFromParams(new URLSearchParams(search)));
    setErrors({});
  }, [search]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = eventsInput(draft, session?.organizationId);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setParams(filtersToParams(draft));
  };
  const clear = () => {
    setDraft(filtersFromParams(new URLSearchParams()));
    setErrors({});
    setParams(new URLSearchParams());
  };
  const set =
    <K extends keyof EventFilters>(key: K) =>
    (value: EventFilters[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  const checked = eventsInput(applied, session?.organizationId);
  const query = useListEventsInfinite(checked.ok ? checked.input : {}, { enabled: checked.ok });
  // A 422 from the service (e.g. an unknown meter) lands on the same fields as the form's own checks.
  const serviceErrors = query.isError ? toFormFields(describeError(query.error).fields) : {};
  const fieldErrors = { ...serviceErrors, ...errors };

  return (
    <Page
      title="Events"
      description="Everything that happened in the organization: system events (orders, subscriptions, benefits) and the usage events your app sends."
      hooks={["useListEventsInfinite", "useListEvents"]}
    >
      <Panel>
        <form className="filters" onSubmit={apply} aria-label="Event filters" noValidate>
          <TextField
            label="Name"
            name="name"
            value={draft.name}
            onChange={set("name")}
            error={fieldErrors.name}
            placeholder="order.paid"
          />
          <SelectField
            label="Source"
            name="source"
            value={draft.source}
            onChange={set("source")}
            error={fieldErrors.source}
            options={[
              { value: "", label: "Any source" },
              { value: "system", label: "System" },
              { value: "user", label: "User" },
            ]}
          />
          <SuggestedIdField
            label="Customer ID"
            name="customer_id"
            value={draft.customer_id}
            onChange={set("customer_id")}
            error={fieldErrors.customer_id}
            suggestions={inOrganization(ids?.customers)}
          />
          <SuggestedIdField
            label="Meter ID"
            name="meter_id"
            value={draft.meter_id}
            onChange={set("meter_id")}
            error={fieldErrors.meter_id}
            hint="Events counted by this meter."
            suggestions={inOrganization(ids?.meters)}
          />
          <TextField
            label="From"
            name="start"
            type="datetime-local"
            value={draft.start}
            onChange={set("start")}
            error={fieldErrors.start}
          />
          <TextField
            label="Until"
            name="end"
            type="datetime-local"
            value={draft.end}
            onChange={set("end")}
            error={fieldErrors.end}
          />
          <TextField
            label="Search"
            name="query"
            type="search"
            value={draft.query}
            onChange={set("query")}
            error={fieldErrors.query}
            hint="Name, customer or metadata; 3 characters or more."
          />
          <TextAreaField
            label="Metadata"
            name="metadata"
            value={draft.metadata}
            onChange={set("metadata")}
            error={fieldErrors.metadata}
            placeholder="route=/v1/chat"
            hint="key=value, one a line."
          />
          <SelectField
            label="Pagination"
            name="pagination"
            value={draft.pagination}
            onChange={(value) => set("pagination")(value === "cursor" ? "cursor" : "offset")}
            options={[
              { value: "offset", label: "Offset (total count)" },
              { value: "cursor", label: "Cursor (has next page)" },
            ]}
          />
          <div className="field field-checkbox">
            <input
              id="events-tree"
              type="checkbox"
              checked={draft.tree}
              onChange={(event) => set("tree")(event.target.checked)}
            />
            <label htmlFor="events-tree">Show as trees (root events, expand for children)</label>
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
      </Panel>
      {checked.ok ? (
        <EventList query={query} tree={applied.tree} />
      ) : (
        <ErrorNotice error={new Error("The filters in this address are not valid; correct them above.")} />
      )}
    </Page>
  );
}

/** An ID field that suggests the sandbox's seeded records of the organization (any ID can be typed). */
function SuggestedIdField({
  suggestions,
  ...field
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  hint?: string;
  suggestions: readonly { id: string; name: string | null }[];
}) {
  const listId = `suggested-${field.name}`;
  return (
    <>
      <TextField {...field} list={suggestions.length > 0 ? listId : undefined} />
      {suggestions.length > 0 ? (
        <datalist id={listId}>
          {suggestions.map((record) => (
            <option key={record.id} value={record.id}>
              {record.name}
            </option>
          ))}
        </datalist>
      ) : null}
    </>
  );
}

function EventList({ query, tree }: { query: ReturnType<typeof useListEventsInfinite>; tree: boolean }) {
  if (query.isPending) return <Loading label="Loading events…" />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => query.refetch()} />;
  const events = query.data.items;
  if (events.length === 0) {
    return (
      <EmptyState title="No events match">
        <p>Change or clear the filters.</p>
      </EmptyState>
    );
  }
  return (
    <Panel>
      <div className="table-wrap">
        <table className="table" aria-label="Events">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Source</th>
              <th scope="col">Customer</th>
              <th scope="col">Metadata</th>
              {tree ? <th scope="col">Children</th> : null}
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <EventRows key={event.id} event={event} level={0} tree={tree} />
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore list={query} />
    </Panel>
  );
}

function EventRows({ event, level, tree }: { event: Event; level: number; tree: boolean }) {
  const [open, setOpen] = useState(false);
  const children = event.child_count ?? 0;
  return (
    <>
      <tr className={level > 0 ? "row-child" : undefined}>
        <td className="nowrap">{formatDateTime(event.timestamp)}</td>
        <td style={{ paddingLeft: `${0.75 + level * 1.5}rem` }}>
          <div className="cell-main">{event.label}</div>
          <code className="cell-sub">{event.name}</code>
        </td>
        <td>
          <StatusBadge status={event.source} />
        </td>
        <td>{event.customer ? (event.customer.name ?? event.customer.email ?? "—") : "—"}</td>
        <td>
          <MetadataPreview metadata={event.metadata} />
        </td>
        {tree ? (
          <td>
            {children > 0 ? (
              <button
                type="button"
                className="button button-small button-secondary"
                aria-expanded={open}
                onClick={() => setOpen(!open)}
              >
                {open ? "Hide" : "Show"} {children} {children === 1 ? "child" : "children"}
              </button>
            ) : (
              <span className="muted">none</span>
            )}
          </td>
        ) : null}
      </tr>
      {tree && open ? <EventChildren parentId={event.id} level={level + 1} /> : null}
    </>
  );
}

function EventChildren({ parentId, level }: { parentId: string; level: number }) {
  const query = useListEvents({ parent_id: parentId, depth: 1, limit: 100 });
  if (query.isPending) {
    return (
      <tr>
        <td colSpan={6}>
          <Loading label="Loading children…" />
        </td>
      </tr>
    );
  }
  if (query.isError) {
    return (
      <tr>
        <td colSpan={6}>
          <ErrorNotice error={query.error} onRetry={() => query.refetch()} />
        </td>
      </tr>
    );
  }
  return (
    <>
      {query.data.items.map((child) => (
        <EventRows key={child.id} event={child} level={level} tree />
      ))}
    </>
  );
}

function MetadataPreview({ metadata }: { metadata: object }) {
  const entries = Object.entries(metadata).filter(([, v]) => typeof v !== "object" || v === null);
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <span className="metadata">
      {entries.slice(0, 2).map(([key, value]) => (
        <Badge key={key}>
          {key}: {truncate(String(value))}
        </Badge>
      ))}
      {entries.length > 2 ? <span className="muted"> +{entries.length - 2}</span> : null}
    </span>
  );
}

function truncate(text: string): string {
  return text.length > 20 ? `${text.slice(0, 8)}…` : text;
}
