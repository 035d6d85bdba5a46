/**
 * Time in the sandbox. The seed data is laid out around one fixed instant
 * (`DEFAULT_NOW` unless told otherwise), so expiry dates, trials and "recent"
 * orders mean the same thing on every run. At run time the clock starts at
 * that instant and moves forward with real time, so timestamps written by
 * requests (e.g. `last_validated_at`) still increase.
 */
import { SandboxUsageError, suggestion } from "../kit/usage.js";

export const DEFAULT_NOW = "2026-04-15T12:00:00.000Z";

/** `Date` or ISO string: a clock that starts there; a function: a clock you drive yourself. */
export type NowOption = Date | string | (() => Date);

export interface Clock {
  /** The instant the seed data is laid out around. */
  readonly start: Date;
  now(): Date;
}

/** A length of time: milliseconds, or days, hours, minutes, seconds and milliseconds. */
export type Duration =
  | number
  | { days?: number; hours?: number; minutes?: number; seconds?: number; milliseconds?: number };

/** The units a `Duration` object may use, and their length in milliseconds. */
const UNIT_MS = {
  days: 86_400_000,
  hours: 3_600_000,
  minutes: 60_000,
  seconds: 1000,
  milliseconds: 1,
} as const;

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

/** The sandbox's clock with what `reset()` needs: back to the start instant, running, as when created. */
export interface ResettableClock extends SandboxClock {
  reset(): void;
  /**
   * Where the clock was put: its start, or the instant it was last frozen at, set or advanced
   * to, without the real time that ran since (so the fixtures read twice agree).
   */
  anchor(): Date;
}

export function createClock(option: NowOption = DEFAULT_NOW): ResettableClock {
  const start = startOf(option);
  let source = clockSource(option, start);
  let frozenAt: number | null = null;
  let offset = 0;
  /** Where a running clock was last put (start, set, advance, resume), for `anchor()`. */
  let putAt = start.getTime();
  const now = () => new Date(frozenAt ?? source().getTime() + offset);
  return {
    start,
    now,
    // A clock the test drives itself (a function) is where it says it is.
    anchor: () => new Date(frozenAt ?? (typeof option === "function" ? now().getTime() : putAt)),
    reset() {
      source = clockSource(option, start);
      frozenAt = null;
      offset = 0;
      putAt = start.getTime();
    },
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
      putAt = target;
      return now();
    },
    advance(by) {
      const ms = durationMs(by);
      if (frozenAt !== null) frozenAt += ms;
      else offset += ms;
      putAt += ms;
      return now();
    },
    resume() {
      if (frozenAt !== null) {
        offset = frozenAt - source().getTime();
        putAt = frozenAt;
      }
      frozenAt = null;
      return now();
    },
  };
}

/**
 * The instant the seed data is laid out around: the option's instant exactly (not a first reading
 * of the running clock, which a process stalled between two lines would put milliseconds later),
 * or where the test's own clock says it is.
 */
function startOf(option: NowOption): Date {
  return typeof option === "function" ? option() : new Date(instant(option, 'createSandbox: "now"'));
}

/** Time as the option gives it: a function as it is; an instant, then running with real time from `start`. */
function clockSource(option: NowOption, start: Date): () => Date {
  if (typeof option === "function") return option;
  const startedAt = performance.now();
  return () => new Date(start.getTime() + Math.floor(performance.now() - startedAt));
}

function instant(value: Date | string, what: string): number {
  const time = new Date(value).getTime();
  if (Number.isNaN(time))
    throw new SandboxUsageError(`${what}: not a valid date: ${String(value)}; give a Date or an ISO string`);
  return time;
}

/**
 * A duration in milliseconds. An unknown unit (`{ weeks: 1 }`) or a value that is
 * not a finite number throws, naming the units accepted, instead of counting as 0.
 */
export function durationMs(by: Duration, what = "clock.advance"): number {
  if (typeof by === "number") {
    if (!Number.isFinite(by)) throw new SandboxUsageError(`${what}: not a length of time: ${by}`);
    return by;
  }
  if (typeof by !== "object" || by === null) {
    throw new SandboxUsageError(
      `${what}: give milliseconds or an object of ${Object.keys(UNIT_MS).join(", ")}; got ${JSON.stringify(by)}`,
    );
  }
  let ms = 0;
  for (const [unit, amount] of Object.entries(by)) {
    if (!(unit in UNIT_MS)) {
      throw new SandboxUsageError(
        `${what}: unknown unit ${JSON.stringify(unit)}${suggestion(unit, Object.keys(UNIT_MS))}; accepted units: ${Object.keys(UNIT_MS).join(", ")} (a week is { days: 7 })`,
      );
    }
    if (typeof amount !== "number" || !Number.isFinite(amount))
      throw new SandboxUsageError(`${what}: ${unit} must be a number, got ${JSON.stringify(amount)}`);
    ms += amount * UNIT_MS[unit as keyof typeof UNIT_MS];
  }
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
