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

/** A length of time: milliseconds, or days, hours, minutes and seconds. */
export type Duration = number | { days?: number; hours?: number; minutes?: number; seconds?: number };

/**
 * The sandbox's clock, as a test drives it: `freeze()` stops it (at now or at a
 * given instant), `set()` moves it to an instant, `advance()` moves it forward,
 * `resume()` lets it run with real time again from where it is.
 */
export interface SandboxClock extends Clock {
  freeze(at?: Date | string): Date;
  set(at: Date | string): Date;
  advance(by: Duration): Date;
  resume(): Date;
  readonly frozen: boolean;
}

export function createClock(option: NowOption = DEFAULT_NOW): SandboxClock {
  const source = clockSource(option);
  const start = source();
  let frozenAt: number | null = null;
  let offset = 0;
  const now = () => new Date(frozenAt ?? source().getTime() + offset);
  return {
    start,
    now,
    get frozen() {
      return frozenAt !== null;
    },
    freeze(at) {
      frozenAt = at === undefined ? now().getTime() : instant(at, "freeze");
      return now();
    },
    set(at) {
      const target = instant(at, "set");
      if (frozenAt !== null) frozenAt = target;
      else offset = target - source().getTime();
      return now();
    },
    advance(by) {
      const ms = durationMs(by);
      if (frozenAt !== null) frozenAt += ms;
      else offset += ms;
      return now();
    },
    resume() {
      if (frozenAt !== null) offset = frozenAt - source().getTime();
      frozenAt = null;
      return now();
    },
  };
}

/** Time as the option gives it: a function as it is; an instant, then running with real time. */
function clockSource(option: NowOption): () => Date {
  if (typeof option === "function") return option;
  const start = instant(option, 'createSandbox: "now"');
  const startedAt = performance.now();
  return () => new Date(start + Math.floor(performance.now() - startedAt));
}

function instant(value: Date | string, what: string): number {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new Error(`${what}: not a valid date: ${String(value)}`);
  return time;
}

export function durationMs(by: Duration): number {
  const ms =
    typeof by === "number"
      ? by
      : (by.days ?? 0) * DAY +
        (by.hours ?? 0) * 60 * MINUTE +
        (by.minutes ?? 0) * MINUTE +
        (by.seconds ?? 0) * 1000;
  if (!Number.isFinite(ms))
    throw new RangeError(`clock.advance: not a length of time: ${JSON.stringify(by)}`);
  return ms;
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
