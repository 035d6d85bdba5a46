/**
 * Meter filter clauses over events: the `filter` parameter of list events and
 * the filter of a meter (`meter_id`).
 *
 * A property is one of the event's own fields (`name`, `source`, `timestamp`,
 * `label`, `customer_id`, `external_customer_id`, `member_id`, …) or a metadata
 * key, written `metadata.<key>` or just `<key>`. `like` and `not_like` are
 * case-insensitive substring matches; the comparisons compare numbers as
 * numbers and everything else as text (a timestamp compared with a number is
 * read as Unix seconds).
 */
import type { EventRecord, FilterClause } from "../state/records.js";

export function matchesFilter(event: EventRecord, filter: FilterClause): boolean {
  if ("clauses" in filter) {
    const results = filter.clauses.map((clause) => matchesFilter(event, clause));
    return filter.conjunction === "or" ? results.some(Boolean) : results.every(Boolean);
  }
  return compare(readProperty(event, filter.property), filter.operator, filter.value);
}

const OWN_FIELDS = new Set([
  "id",
  "name",
  "source",
  "timestamp",
  "label",
  "organization_id",
  "customer_id",
  "external_customer_id",
  "member_id",
  "external_member_id",
  "parent_id",
]);

function readProperty(event: EventRecord, property: string): unknown {
  if (OWN_FIELDS.has(property)) return event[property as keyof EventRecord];
  const path = property.startsWith("metadata.") ? property.slice("metadata.".length) : property;
  let value: unknown = event.metadata;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function compare(actual: unknown, operator: string, expected: string | number | boolean): boolean {
  if (actual === undefined || actual === null) return operator === "ne" || operator === "not_like";
  if (operator === "like" || operator === "not_like") {
    const found = String(actual).toLowerCase().includes(String(expected).toLowerCase());
    return operator === "like" ? found : !found;
  }
  const actualNumber = asNumber(actual);
  const numeric = typeof expected === "number" && !Number.isNaN(actualNumber);
  const a = numeric ? actualNumber : String(actual);
  const b = numeric ? expected : String(expected);
  switch (operator) {
    case "eq":
      return a === b;
    case "ne":
      return a !== b;
    case "gt":
      return a > b;
    case "gte":
      return a >= b;
    case "lt":
      return a < b;
    case "lte":
      return a <= b;
    default:
      return false;
  }
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T/;

function asNumber(value: unknown): number {
  if (typeof value === "string" && DATE_TIME.test(value)) return Date.parse(value) / 1000;
  return Number(value);
}
