/**
 * The events as rows of sentences; in tree mode a root opens into its children
 * (`parent_id` + `depth: 1`, useListEvents). "Details" shows an event's facts: amounts as
 * money, records by name; with the developer switch, its name, ID and raw metadata too.
 */
import { useListEvents, type useListEventsInfinite } from "@commerce-api/react/2026-10";
import type { Event } from "@commerce-api/schemas/2026-10";
import { useState } from "react";
import { Link } from "react-router";
import { useNames } from "../../../data/useNames.js";
import { creditsNothing, describeEvent, eventFacts, type Fact } from "../../../lib/event-words.js";
import { formatDate, formatDateTime, formatTime } from "../../../lib/format.js";
import { Badge } from "../../../ui/Badge.js";
import { DevOnly } from "../../../ui/DeveloperMode.js";
import { EmptyState, ErrorNotice, Loading } from "../../../ui/Feedback.js";
import { QueryList } from "../../../ui/QueryList.js";
import { customerPath, orderPath } from "../../../ui/RecordLinks.js";

export function EventList({
  query,
  tree,
}: {
  query: ReturnType<typeof useListEventsInfinite>;
  tree: boolean;
}) {
  const columns = tree ? 4 : 3;
  return (
    <QueryList
      query={query}
      loading="Loading events…"
      empty={
        <EmptyState title="No events match">
          <p>Change or clear the filters.</p>
        </EmptyState>
      }
    >
      {(events) => (
        <div className="table-wrap">
          <table className="table table-cards table-events" aria-label="Events">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What happened</th>
                {tree ? <th scope="col">Followed by</th> : null}
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
      )}
    </QueryList>
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
  const names = useNames();
  const [open, setOpen] = useState(false);
  const [details, setDetails] = useState(false);
  const children = event.child_count ?? 0;
  const detailsId = `event-details-${event.id}`;
  const sentence = describeEvent(event, names);
  // Nothing credited is a fact worth keeping in the list, not worth a reader's attention.
  const quiet = creditsNothing(event);
  const rowClass = [level > 0 ? "row-child" : "", quiet ? "row-quiet" : ""].join(" ").trim();
  return (
    <>
      <tr className={rowClass || undefined}>
        <td data-label="When">
          <time dateTime={event.timestamp} className="cell-when">
            <span className="nowrap">{formatDate(event.timestamp)}</span>{" "}
            <span className="nowrap muted">{formatTime(event.timestamp)}</span>
          </time>
        </td>
        <td
          data-label="What happened"
          style={level > 0 ? { paddingLeft: `${0.75 + level * 1.25}rem` } : undefined}
        >
          <div className={quiet ? undefined : "cell-main"}>{sentence}</div>
          <div className="cell-sub">
            {quiet ? null : event.source === "user" ? <Badge tone="violet">Usage</Badge> : event.label}
            <DevOnly>
              {" "}
              <code>{event.name}</code>
            </DevOnly>
          </div>
        </td>
        {tree ? (
          <td data-label="Followed by">
            {children > 0 ? (
              <button
                type="button"
                className="button button-small button-secondary"
                aria-expanded={open}
                onClick={() => setOpen(!open)}
              >
                {open ? "Hide" : "Show"} {children} {children === 1 ? "event" : "events"}
              </button>
            ) : null}
          </td>
        ) : null}
        <td className="cell-action">
          <button
            type="button"
            className="button button-small button-secondary"
            aria-expanded={details}
            aria-controls={details ? detailsId : undefined}
            aria-label={`${details ? "Hide details of" : "Details of"} ${sentence}, ${formatDateTime(event.timestamp)}`}
            onClick={() => setDetails(!details)}
          >
            {details ? "Hide" : "Details"}
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

/** An opened row: the event's facts, and what followed it. */
function EventDetails({ event }: { event: Event }) {
  const names = useNames();
  const facts = eventFacts(event.metadata, names);
  const children = event.child_count ?? 0;
  return (
    <div className="event-details">
      <div>
        {facts.length === 0 ? (
          <p className="muted">No more details.</p>
        ) : (
          <dl className="facts">
            {facts.map((fact) => (
              <FactRow key={fact.label} fact={fact} />
            ))}
          </dl>
        )}
        <DevOnly>
          <dl className="facts">
            <dt>Event</dt>
            <dd>
              <code>{event.name}</code> <code>{event.id}</code>
            </dd>
            <dt>Metadata</dt>
            <dd>
              <code className="metadata-value">{JSON.stringify(event.metadata)}</code>
            </dd>
          </dl>
        </DevOnly>
      </div>
      {children > 0 ? <ChildList parentId={event.id} /> : null}
    </div>
  );
}

function FactRow({ fact }: { fact: Fact }) {
  const to = fact.link ? (fact.link.kind === "customer" ? customerPath : orderPath)(fact.link.id) : undefined;
  return (
    <>
      <dt>{fact.label}</dt>
      <dd className="metadata-value">{to ? <Link to={to}>{fact.value}</Link> : fact.value}</dd>
    </>
  );
}

function ChildList({ parentId }: { parentId: string }) {
  const names = useNames();
  const query = useListEvents({ parent_id: parentId, depth: 1, limit: 100 });
  if (query.isPending) return <Loading label="Loading what followed…" />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => query.refetch()} />;
  return (
    <div>
      <p className="panel-title">What followed</p>
      <ul className="child-list" aria-label="What followed">
        {query.data.items.map((child) => (
          <li key={child.id}>
            <span className="nowrap muted">{formatTime(child.timestamp)}</span> {describeEvent(child, names)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function EventChildren({ parentId, level, columns }: { parentId: string; level: number; columns: number }) {
  const query = useListEvents({ parent_id: parentId, depth: 1, limit: 100 });
  if (query.isPending || query.isError) {
    return (
      <tr>
        <td colSpan={columns}>
          {query.isError ? (
            <ErrorNotice error={query.error} onRetry={() => query.refetch()} />
          ) : (
            <Loading label="Loading what followed…" />
          )}
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
