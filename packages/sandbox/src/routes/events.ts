/**
 * GET /v1/events/ — list events, in the offset or the cursor form.
 *
 * Hierarchy (as the service's closure table does it):
 * - no `depth`: every matching event, at any level (`parent_id` alone is ignored);
 * - `depth=N` without `parent_id`: root events that match, and their matching
 *   descendants down to N levels below them (0 = roots only);
 * - `depth=N` with `parent_id`: the anchor's matching descendants 1 to N levels
 *   below it, without the anchor itself (so `depth=0` gives nothing).
 * Filters apply to every returned event; `child_count` counts direct children.
 */
import { listEventsOperation } from "@commerce-api/client/core";
import { EventSortPropertyValues, EventSourceValues, MeterFilter } from "@commerce-api/schemas";
import { asOrganization, type OrganizationPrincipal } from "../http/auth.js";
import type { MetadataFilter, Paging, QueryReader, SortCriterion } from "../http/query.js";
import { toValidationIssues } from "../http/validation.js";
import type { EventRecord, FilterClause } from "../state/records.js";
import { findOwned, type Store } from "../state/store.js";
import { matchesFilter } from "./event-filter.js";
import { containsText, cursorPage, isOneOf, matchesMetadata, offsetPage, sortItems } from "./listing.js";
import { presentEvent } from "./present.js";
import { defineOperation, ok, type RouteContext } from "./types.js";

const MIN_QUERY_LENGTH = 3;
const MAX_DEPTH = 5;

interface EventQuery {
  filters: FilterClause[];
  start?: Date;
  end?: Date;
  organizationIds?: string[];
  customerIds?: string[];
  externalCustomerIds?: string[];
  names?: string[];
  sources?: string[];
  text?: string;
  parentId?: string;
  depth?: number;
  metadata?: MetadataFilter;
  sorting: SortCriterion<"timestamp">[];
  paging: Paging;
  cursor: boolean;
}

export const listEvents = defineOperation(listEventsOperation, (ctx) => {
  const principal = asOrganization(ctx.principal);
  const input = readEventQuery(ctx, principal);
  const matching = [...ctx.store.events.values()].filter(
    (event) => event.organization_id === principal.organizationId && matches(ctx.store, event, input),
  );
  const selected =
    input.depth === undefined ? matching : withinDepth(ctx.store, matching, input.depth, input.parentId);
  const sorted = sortItems(selected, input.sorting, { timestamp: (e) => e.timestamp });
  const page = input.cursor ? cursorPage(sorted, input.paging) : offsetPage(sorted, input.paging);
  return ok({
    items: page.items.map((event) => presentEvent(ctx.store, event)),
    pagination: page.pagination,
  });
});

function readEventQuery(ctx: RouteContext, principal: OrganizationPrincipal): EventQuery {
  const q = ctx.query;
  const input: EventQuery = {
    filters: [],
    start: q.datetime("start_timestamp"),
    end: q.datetime("end_timestamp"),
    organizationIds: q.uuids("organization_id"),
    customerIds: q.uuids("customer_id"),
    externalCustomerIds: q.strings("external_customer_id"),
    names: q.strings("name"),
    sources: q.enumValues("source", EventSourceValues),
    text: q.string("query"),
    parentId: q.uuid("parent_id"),
    depth: q.integer("depth", { ge: 0, le: MAX_DEPTH }),
    metadata: q.metadata(),
    sorting: q.sorting(EventSortPropertyValues, ["-timestamp"]),
    paging: q.paging(),
    cursor: q.boolean("cursor_pagination") ?? false,
  };
  const filter = readFilter(q);
  if (filter) input.filters.push(filter);
  const meterId = q.uuid("meter_id");
  if (meterId) {
    const meter = findOwned(ctx.store.meters, meterId, principal.organizationId);
    if (meter) input.filters.push(meter.filter);
    else q.fail({ loc: ["query", "meter_id"], msg: "Meter not found.", type: "meter_id", input: meterId });
  }
  checkTextQuery(q, input);
  q.done();
  return input;
}

/** `filter=<JSON>`: a meter filter, checked with the spec's MeterFilter schema. */
function readFilter(q: QueryReader): FilterClause | undefined {
  const text = q.string("filter");
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    q.fail({ loc: ["query", "filter"], msg: "Invalid JSON", type: "json_invalid", input: text });
    return undefined;
  }
  const result = MeterFilter.safeParse(parsed);
  if (result.success) return result.data as FilterClause;
  for (const issue of result.error.issues) {
    for (const problem of toValidationIssues(issue, ["query", "filter"], parsed)) q.fail(problem);
  }
  return undefined;
}

/** The service's rule: `query` needs `organization_id`, and at least three characters. */
function checkTextQuery(q: QueryReader, input: EventQuery): void {
  if (input.text === undefined) return;
  if (input.text.length < MIN_QUERY_LENGTH) {
    q.fail({
      loc: ["query", "query"],
      msg: `String should have at least ${MIN_QUERY_LENGTH} characters`,
      type: "string_too_short",
      input: input.text,
      ctx: { min_length: MIN_QUERY_LENGTH },
    });
  }
  if (!q.has("organization_id")) {
    q.fail({
      loc: ["query", "organization_id"],
      msg: "organization_id is required when query is set",
      type: "missing",
      input: null,
    });
  }
}

function matches(store: Store, event: EventRecord, input: EventQuery): boolean {
  return (
    (input.start === undefined || Date.parse(event.timestamp) > input.start.getTime()) &&
    (input.end === undefined || Date.parse(event.timestamp) < input.end.getTime()) &&
    isOneOf(event.organization_id, input.organizationIds) &&
    (input.customerIds === undefined ||
      (event.customer_id !== null && input.customerIds.includes(event.customer_id))) &&
    (input.externalCustomerIds === undefined ||
      (event.external_customer_id !== null &&
        input.externalCustomerIds.includes(event.external_customer_id))) &&
    isOneOf(event.name, input.names) &&
    isOneOf(event.source, input.sources) &&
    input.filters.every((filter) => matchesFilter(event, filter)) &&
    matchesMetadata(event.metadata, input.metadata) &&
    (input.text === undefined || matchesText(store, event, input.text))
  );
}

/** Name, source, the customer (id, external id, name, email) and metadata values. */
function matchesText(store: Store, event: EventRecord, text: string): boolean {
  const customer = event.customer_id ? store.customers.get(event.customer_id) : undefined;
  const metadataValues = Object.values(event.metadata)
    .filter((v) => typeof v !== "object")
    .map(String);
  return containsText(
    [
      event.name,
      event.source,
      event.external_customer_id,
      customer?.id,
      customer?.external_id,
      customer?.name,
      customer?.email,
      ...metadataValues,
    ],
    text,
  );
}

/** Keeps the events within `depth` levels of the anchors (see the top of this file). */
function withinDepth(
  store: Store,
  events: EventRecord[],
  depth: number,
  parentId: string | undefined,
): EventRecord[] {
  const included = new Set(events.map((e) => e.id));
  if (parentId !== undefined) {
    return events.filter((event) => {
      const distance = distanceToAncestor(store, event, parentId);
      return distance !== undefined && distance >= 1 && distance <= depth;
    });
  }
  return events.filter((event) => {
    const { root, level } = rootOf(store, event);
    return level <= depth && included.has(root.id);
  });
}

function rootOf(store: Store, event: EventRecord): { root: EventRecord; level: number } {
  let current = event;
  let level = 0;
  while (current.parent_id !== null) {
    const parent = store.events.get(current.parent_id);
    if (!parent) break;
    current = parent;
    level++;
  }
  return { root: current, level };
}

/** How many levels `ancestorId` is above `event`; undefined when it is not an ancestor. */
function distanceToAncestor(store: Store, event: EventRecord, ancestorId: string): number | undefined {
  let current: EventRecord | undefined = event;
  let distance = 0;
  while (current) {
    if (current.id === ancestorId) return distance;
    current = current.parent_id ? store.events.get(current.parent_id) : undefined;
    distance++;
  }
  return undefined;
}
