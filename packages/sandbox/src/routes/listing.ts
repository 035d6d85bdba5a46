/**
 * Filtering, sorting and paging of in-memory lists, shared by every list operation.
 */
import type { MetadataFilter, Paging, SortCriterion } from "../http/query.js";

export type SortValue = string | number | boolean | null | undefined;

/** How to read each sorting key from an item. */
export type SortReaders<T, K extends string> = Record<K, (item: T) => SortValue>;

export interface OffsetPage<T> {
  items: T[];
  pagination: { total_count: number; max_page: number };
}

export interface CursorPage<T> {
  items: T[];
  pagination: { has_next_page: boolean };
}

/**
 * Sorts by each criterion in order, then by id so pages never overlap.
 * Like PostgreSQL, nulls come last ascending and first descending.
 */
export function sortItems<T extends { id: string }, K extends string>(
  items: readonly T[],
  criteria: readonly SortCriterion<K>[],
  readers: SortReaders<T, K>,
): T[] {
  return [...items].sort((a, b) => {
    for (const { key, descending } of criteria) {
      const order = compareValues(readers[key](a), readers[key](b));
      if (order !== 0) return descending ? -order : order;
    }
    return compareValues(a.id, b.id);
  });
}

function compareValues(a: SortValue, b: SortValue): number {
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The offset form: `{items, pagination: {total_count, max_page}}`. */
export function offsetPage<T>(items: readonly T[], { page, limit }: Paging): OffsetPage<T> {
  const start = (page - 1) * limit;
  return {
    items: items.slice(start, start + limit),
    pagination: { total_count: items.length, max_page: Math.ceil(items.length / limit) },
  };
}

/** The cursor form of list events: `{items, pagination: {has_next_page}}`. */
export function cursorPage<T>(items: readonly T[], { page, limit }: Paging): CursorPage<T> {
  const start = (page - 1) * limit;
  return {
    items: items.slice(start, start + limit),
    pagination: { has_next_page: items.length > start + limit },
  };
}

/** True when no filter is given, or when `value` is one of the given values. */
export function isOneOf<T>(value: T, allowed: readonly T[] | undefined): boolean {
  return allowed === undefined || allowed.includes(value);
}

/** True when `flag` is not given or equals `value`. */
export function matchesFlag(value: boolean, flag: boolean | undefined): boolean {
  return flag === undefined || value === flag;
}

/**
 * `metadata[key]=value` filters: every key must be present with one of its values,
 * compared as text (so `metadata[seats]=5` matches the integer 5, `=true` the boolean).
 */
export function matchesMetadata(
  metadata: Record<string, unknown>,
  filter: MetadataFilter | undefined,
): boolean {
  if (filter === undefined) return true;
  return Object.entries(filter).every(([key, values]) => {
    if (!(key in metadata)) return false;
    const stored = metadata[key];
    const candidates = Array.isArray(stored) ? stored : [stored];
    return candidates.some((candidate) => values.includes(String(candidate)));
  });
}

/** Case-insensitive substring search over several fields. */
export function containsText(fields: readonly (string | null | undefined)[], needle: string): boolean {
  const lowered = needle.toLowerCase();
  return fields.some((field) => field?.toLowerCase().includes(lowered));
}
