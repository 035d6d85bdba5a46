/**
 * Events: filters (in the URL), both pagination forms, and event trees.
 * Calls useListEventsInfinite for the list and useListEvents for a row's children.
 */
import { useListEvents, useListEventsInfinite } from "@commerce-api/react";
import type { Event } from "@commerce-api/schemas";
import { type FormEvent, Fragment, useState } from "react";
import { useSearchParams } from "react-router";
import { describeError } from "../../lib/errors.js";
import { formatDate, formatDateTime, formatTime } from "../../lib/format.js";
import type { FieldErrors } from "../../lib/forms.js";
import { usePortal, useSandboxIds } from "../../session/PortalContext.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { SelectField, TextAreaField, TextField } from "../../ui/Fields.js";
import { FilterPanel } from "../../ui/FilterPanel.js";
import { LoadMore } from "../../ui/LoadMore.js";
import { Page, Panel } from "../../ui/Page.js";
import { CustomerLink, OrderLink, shortId } from "../../ui/RecordLinks.js";
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
  // The fields follow the address both ways: Back, Forward or a pasted link refill them. Reset
  // while rendering, when the address changed, not in an effect: no render with stale fields.
  const search = params.toString();
  const [draftSearch, setDraftSearch] = useState(search);
  if (search !== draftSearch) {
    setDraftSearch(search);
    setDraft(applied);
    setErrors({});
  }

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
      <FilterPanel applied={appliedCount(applied)}>
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
      </FilterPanel>
      {checked.ok ? (
        <EventList query={query} tree={applied.tree} />
      ) : (
        <ErrorNotice error={new Error("The filters in this address are not valid; correct them above.")} />
      )}
    </Page>
  );
}

/** How many filters narrow the list (pagination and the tree view are ways of showing it). */
function appliedCount(filters: EventFilters): number {
  const { pagination: _pagination, tree: _tree, ...narrowing } = filters;
  return Object.values(narrowing).filter((value) => value.trim() !== "").length;
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
  const columns = tree ? 7 : 6;
  return (
    <Panel>
      <div className="table-wrap">
        <table className="table table-cards" aria-label="Events">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Source</th>
              <th scope="col">Customer</th>
              <th scope="col">Metadata</th>
              {tree ? <th scope="col">Children</th> : null}
              <th scope="col">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <EventRows key={event.id} event={event} level={0} tree={tree} columns={columns} />
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore list={query} />
    </Panel>
  );
}

function EventRows({
  event,
  level,
  tree,
  columns,
}: {
  event: Event;
  level: number;
  tree: boolean;
  columns: number;
}) {
  const [open, setOpen] = useState(false);
  const [details, setDetails] = useState(false);
  const children = event.child_count ?? 0;
  const detailsId = `event-details-${event.id}`;
  return (
    <>
      <tr className={level > 0 ? "row-child" : undefined}>
        <td data-label="Time">
          {/* The date over its time: the column stays narrow enough for the tree's extra one. */}
          <time dateTime={event.timestamp} className="cell-when">
            <span className="nowrap">{formatDate(event.timestamp)}</span>{" "}
            <span className="nowrap muted">{formatTime(event.timestamp)}</span>
          </time>
        </td>
        <td data-label="Event" style={level > 0 ? { paddingLeft: `${0.75 + level * 1.5}rem` } : undefined}>
          <div className="cell-main">{event.label}</div>
          <code className="cell-sub">{event.name}</code>
        </td>
        <td data-label="Source">
          <StatusBadge status={event.source} />
        </td>
        <td data-label="Customer">
          {event.customer_id ? (
            <CustomerLink id={event.customer_id} name={event.customer?.name ?? event.customer?.email} />
          ) : (
            "—"
          )}
        </td>
        <td data-label="Metadata">
          <MetadataPreview metadata={event.metadata} />
        </td>
        {tree ? (
          <td data-label="Children">
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
        <td className="cell-action">
          <button
            type="button"
            className="button button-small button-secondary"
            aria-expanded={details}
            aria-controls={details ? detailsId : undefined}
            aria-label={`${details ? "Close" : "Open"} ${event.label}, ${formatDateTime(event.timestamp)}`}
            onClick={() => setDetails(!details)}
          >
            {details ? "Close" : "Open"}
          </button>
        </td>
      </tr>
      {details ? (
        <tr className="row-details" id={detailsId}>
          <td colSpan={columns}>
            <EventDetails event={event} />
          </td>
        </tr>
      ) : null}
      {tree && open ? <EventChildren parentId={event.id} level={level + 1} columns={columns} /> : null}
    </>
  );
}

/** An opened row: every metadata entry, whole, and the event's children. */
function EventDetails({ event }: { event: Event }) {
  const entries = Object.entries(event.metadata as Record<string, unknown>);
  const children = event.child_count ?? 0;
  return (
    <div className="event-details">
      <dl className="facts">
        <dt>Event ID</dt>
        <dd>
          <code>{event.id}</code>
        </dd>
        {entries.map(([key, value]) => (
          <Fragment key={key}>
            <dt>{key}</dt>
            <dd>
              <MetadataValue name={key} value={value} />
            </dd>
          </Fragment>
        ))}
        {entries.length === 0 ? (
          <>
            <dt>Metadata</dt>
            <dd className="muted">none</dd>
          </>
        ) : null}
      </dl>
      {children > 0 ? <ChildList parentId={event.id} /> : null}
    </div>
  );
}

function MetadataValue({ name, value }: { name: string; value: unknown }) {
  if (name === "order_id" && typeof value === "string") return <OrderLink id={value} />;
  if (name === "customer_id" && typeof value === "string") return <CustomerLink id={value} />;
  if (typeof value === "object" && value !== null) return <code>{JSON.stringify(value)}</code>;
  return <span className="metadata-value">{String(value)}</span>;
}

function ChildList({ parentId }: { parentId: string }) {
  const query = useListEvents({ parent_id: parentId, depth: 1, limit: 100 });
  if (query.isPending) return <Loading label="Loading children…" />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => query.refetch()} />;
  return (
    <div>
      <p className="panel-title">Children</p>
      <ul className="child-list" aria-label="Children">
        {query.data.items.map((child) => (
          <li key={child.id}>
            <span className="nowrap muted">{formatDateTime(child.timestamp)}</span> {child.label}{" "}
            <code>{child.name}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EventChildren({ parentId, level, columns }: { parentId: string; level: number; columns: number }) {
  const query = useListEvents({ parent_id: parentId, depth: 1, limit: 100 });
  if (query.isPending) {
    return (
      <tr>
        <td colSpan={columns}>
          <Loading label="Loading children…" />
        </td>
      </tr>
    );
  }
  if (query.isError) {
    return (
      <tr>
        <td colSpan={columns}>
          <ErrorNotice error={query.error} onRetry={() => query.refetch()} />
        </td>
      </tr>
    );
  }
  return (
    <>
      {query.data.items.map((child) => (
        <EventRows key={child.id} event={child} level={level} tree columns={columns} />
      ))}
    </>
  );
}

/** The first entries, each up to 24 characters (an ID to its first 8); Open shows them all, whole. */
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
      {entries.length > 2 ? <span className="muted"> and {entries.length - 2} more</span> : null}
    </span>
  );
}

function truncate(text: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(text)) return shortId(text);
  return text.length > 24 ? `${text.slice(0, 22)}…` : text;
}
