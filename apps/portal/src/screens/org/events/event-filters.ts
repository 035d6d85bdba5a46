/**
 * The events screen's filters live in the URL (`?name=…&source=user&tree=1`), so a filtered
 * view is a link. Here: search params ⇄ form values, and form values → listEvents input.
 */
import { ListEventsInput } from "@commerce-api/schemas/2026-10";
import { type Checked, checkInput, dateTimeField, type FieldErrors, parsePairs } from "../../../lib/forms.js";

export interface EventFilters {
  name: string;
  source: string;
  customer_id: string;
  meter_id: string;
  start: string;
  end: string;
  metadata: string;
  query: string;
  /** "cursor" asks for `has_next_page` pages instead of `total_count`/`max_page`. */
  pagination: "offset" | "cursor";
  /** Root events only, each expandable into its children. */
  tree: boolean;
}

export const emptyEventFilters: EventFilters = {
  name: "",
  source: "",
  customer_id: "",
  meter_id: "",
  start: "",
  end: "",
  metadata: "",
  query: "",
  pagination: "offset",
  tree: false,
};

export const EVENTS_PAGE_SIZE = 20;

export function filtersFromParams(params: URLSearchParams): EventFilters {
  const text = (key: string) => params.get(key) ?? "";
  return {
    name: text("name"),
    source: text("source"),
    customer_id: text("customer_id"),
    meter_id: text("meter_id"),
    start: text("start"),
    end: text("end"),
    metadata: text("metadata"),
    query: text("query"),
    pagination: params.get("pagination") === "cursor" ? "cursor" : "offset",
    tree: params.get("tree") === "1",
  };
}

export function filtersToParams(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [
    "name",
    "source",
    "customer_id",
    "meter_id",
    "start",
    "end",
    "metadata",
    "query",
  ] as const) {
    if (filters[key].trim() !== "") params.set(key, filters[key].trim());
  }
  if (filters.pagination === "cursor") params.set("pagination", "cursor");
  if (filters.tree) params.set("tree", "1");
  return params;
}

/** The listEvents input (without `page`: the infinite query adds it), checked with `ListEventsInput`. */
export function eventsInput(
  filters: EventFilters,
  organizationId: string | undefined,
): Checked<Omit<ListEventsInput, "page">> {
  const metadata = parsePairs(filters.metadata);
  if (!metadata.ok) return { ok: false, errors: { metadata: metadata.error } };
  const range = checkRange(filters.start, filters.end);
  if (range) return { ok: false, errors: range };
  const query = filters.query.trim();
  const checked = checkInput(ListEventsInput, {
    name: eventNameOf(filters.name),
    source: filters.source,
    customer_id: filters.customer_id.trim(),
    meter_id: filters.meter_id.trim(),
    start_timestamp: dateTimeField(filters.start),
    end_timestamp: dateTimeField(filters.end),
    metadata: metadata.value,
    query,
    // The service needs the organization with a free-text query.
    organization_id: query && organizationId ? organizationId : undefined,
    depth: filters.tree ? 0 : undefined,
    cursor_pagination: filters.pagination === "cursor" ? true : undefined,
    limit: EVENTS_PAGE_SIZE,
  });
  return checked.ok ? checked : { ok: false, errors: toFormFields(checked.errors) };
}

/** A reversed range matches nothing: say so on the field instead of answering "no events". */
function checkRange(start: string, end: string): FieldErrors | undefined {
  const from = dateTimeField(start);
  const until = dateTimeField(end);
  if (!from || !until || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(until))) return undefined;
  return Date.parse(until) < Date.parse(from) ? { end: "Until must be after From." } : undefined;
}

/** Input fields → the form's own names (the dates are `start`/`end` in the form and the URL). */
export function toFormFields(errors: FieldErrors): FieldErrors {
  const { start_timestamp, end_timestamp, ...rest } = errors;
  return {
    ...rest,
    ...(start_timestamp ? { start: start_timestamp } : {}),
    ...(end_timestamp ? { end: end_timestamp } : {}),
  };
}

/**
 * The name the service filters by, from what a person types: the name itself (`order.paid`),
 * or the label every row shows (`Order Paid` → `order.paid`, `Subscription Past Due` →
 * `subscription.past_due`).
 */
export function eventNameOf(typed: string): string {
  const text = typed.trim();
  if (!/\s/.test(text) && text === text.toLowerCase()) return text;
  const [first = "", ...rest] = text.toLowerCase().split(/\s+/);
  return rest.length > 0 ? `${first}.${rest.join("_")}` : first;
}
