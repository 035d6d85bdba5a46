/**
 * Time in the sandbox. The seed data is laid out around one fixed instant
 * (`DEFAULT_NOW` unless told otherwise), so expiry dates, trials and "recent"
 * orders mean the same thing on every run. At run time the clock starts at
 * that instant and moves forward with real time, so timestamps written by
 * requests (e.g. `last_validated_at`) still increase.
 */
export const DEFAULT_NOW = "2026-04-15T12:00:00.000Z";

/** `Date` or ISO string: a clock that starts there; a function: a clock you drive yourself. */
export type NowOption = Date | string | (() => Date);

export interface Clock {
  /** The instant the seed data is laid out around. */
  readonly start: Date;
  now(): Date;
}

export function createClock(option: NowOption = DEFAULT_NOW): Clock {
  if (typeof option === "function") return { start: option(), now: option };
  const start = new Date(option);
  if (Number.isNaN(start.getTime()))
    throw new Error(`createSandbox: "now" is not a valid date: ${String(option)}`);
  const startedAt = performance.now();
  return { start, now: () => new Date(start.getTime() + Math.floor(performance.now() - startedAt)) };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * MINUTE);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY);
}

/** ISO 8601 with offset, as the service writes timestamps. */
export function iso(date: Date): string {
  return date.toISOString();
}
