/**
 * `sandbox.clock` as a test drives it, on a time source the test moves itself (the
 * `now` option as a function), so a running clock is exact: each unit's length,
 * set/advance/resume on a running and a frozen clock, and the misuses refused.
 */
import { describe, expect, it, vi } from "vitest";
import { createSandbox } from "../src/index.js";

const START = Date.parse("2026-04-15T12:00:00.000Z");
let real = START;
const sandbox = createSandbox({ seed: false, now: () => new Date(real) });
const clock = sandbox.clock;

function fresh(): void {
  real = START;
  sandbox.reset();
}

const at = (ms: number) => new Date(ms).toISOString();

describe("advance", () => {
  it("counts each unit at its length, and milliseconds as a number", () => {
    fresh();
    expect(clock.advance({ days: 1 }).getTime()).toBe(START + 86_400_000);
    expect(clock.advance({ hours: 1 }).getTime()).toBe(START + 86_400_000 + 3_600_000);
    expect(clock.advance({ minutes: 1 }).getTime()).toBe(START + 86_400_000 + 3_600_000 + 60_000);
    expect(clock.advance({ seconds: 1 }).getTime()).toBe(START + 86_400_000 + 3_600_000 + 61_000);
    expect(clock.advance({ milliseconds: 1 }).getTime()).toBe(START + 86_400_000 + 3_600_000 + 61_001);
    expect(clock.advance(999).getTime()).toBe(START + 86_400_000 + 3_600_000 + 62_000);
    fresh();
    expect(clock.advance({ days: 2, hours: 3, minutes: 4, seconds: 5, milliseconds: 6 }).toISOString()).toBe(
      "2026-04-17T15:04:05.006Z",
    );
  });

  it("a running clock keeps running from where it was moved to", () => {
    fresh();
    clock.advance({ hours: 1 });
    real += 5000;
    expect(clock.now().getTime()).toBe(START + 3_600_000 + 5000);
    expect(clock.frozen).toBe(false);
  });

  it("a frozen clock moves and stays frozen", () => {
    fresh();
    clock.freeze();
    clock.advance({ minutes: 2 });
    real += 5000;
    expect(clock.now().getTime()).toBe(START + 120_000);
    expect(clock.frozen).toBe(true);
  });
});

describe("freeze, set and resume", () => {
  it("freeze() stops the clock where it is; freeze(at) stops it there", () => {
    fresh();
    real += 1000;
    expect(clock.freeze().getTime()).toBe(START + 1000);
    real += 1000;
    expect(clock.now().getTime()).toBe(START + 1000);
    expect(clock.freeze("2030-01-01T00:00:00.000Z").toISOString()).toBe("2030-01-01T00:00:00.000Z");
  });

  it("set on a running clock keeps it running from the instant set", () => {
    fresh();
    clock.set("2030-01-01T00:00:00.000Z");
    real += 2500;
    expect(clock.now().toISOString()).toBe("2030-01-01T00:00:02.500Z");
    expect(clock.frozen).toBe(false);
  });

  it("set on a frozen clock keeps it frozen at the instant set", () => {
    fresh();
    clock.freeze();
    clock.set(new Date("2030-01-01T00:00:00.000Z"));
    real += 2500;
    expect(clock.now().toISOString()).toBe("2030-01-01T00:00:00.000Z");
  });

  it("resume runs again from where the clock was frozen, not from the real time", () => {
    fresh();
    clock.freeze("2030-01-01T00:00:00.000Z");
    real += 60_000;
    expect(clock.resume().toISOString()).toBe("2030-01-01T00:00:00.000Z");
    real += 1000;
    expect(clock.now().toISOString()).toBe("2030-01-01T00:00:01.000Z");
    expect(clock.frozen).toBe(false);
    // Resuming a running clock changes nothing.
    expect(clock.resume().toISOString()).toBe("2030-01-01T00:00:01.000Z");
  });

  it("fixtures' now is where a driven clock is", () => {
    fresh();
    real += 42;
    expect(sandbox.fixtures.now).toBe(at(START + 42));
  });
});

describe("a clock started at an instant", () => {
  it("starts there exactly, and its fixtures say so, however long the process stalls while it is made", () => {
    // Each reading of the real time 20 ms after the last: a loaded machine between two lines.
    let realMs = 0;
    const stalled = vi.spyOn(performance, "now").mockImplementation(() => (realMs += 20));
    try {
      const running = createSandbox({ seed: false, now: "2026-04-15T12:00:00.000Z" });
      expect(running.clock.start.toISOString()).toBe("2026-04-15T12:00:00.000Z");
      expect(running.fixtures.now).toBe("2026-04-15T12:00:00.000Z");
      // It runs with real time from there.
      expect(running.clock.now().getTime()).toBeGreaterThan(START);
    } finally {
      stalled.mockRestore();
    }
  });
});

describe("misuse is refused, naming what to give", () => {
  it.each([
    [
      "an endless advance",
      () => clock.advance(Number.POSITIVE_INFINITY),
      "clock.advance: not a length of time: Infinity",
    ],
    [
      "a duration as text",
      () => clock.advance("1d" as never),
      'clock.advance: give milliseconds or an object of days, hours, minutes, seconds, milliseconds; got "1d"',
    ],
    [
      "a duration as null",
      () => clock.advance(null as never),
      "clock.advance: give milliseconds or an object of days, hours, minutes, seconds, milliseconds; got null",
    ],
    [
      "a unit given as text",
      () => clock.advance({ days: "1" } as never),
      'clock.advance: days must be a number, got "1"',
    ],
    [
      "a unit that is NaN",
      () => clock.advance({ hours: Number.NaN }),
      "clock.advance: hours must be a number, got null",
    ],
    [
      "an unknown unit",
      () => clock.advance({ weeks: 1 } as never),
      'clock.advance: unknown unit "weeks"; accepted units: days, hours, minutes, seconds, milliseconds (a week is { days: 7 })',
    ],
    [
      "set to a date that is not one",
      () => clock.set("tomorrow"),
      "set: not a valid date: tomorrow; give a Date or an ISO string",
    ],
    [
      "freeze at a date that is not one",
      () => clock.freeze("never"),
      "freeze: not a valid date: never; give a Date or an ISO string",
    ],
    [
      "a start that is not a date",
      () => createSandbox({ now: "soon" }),
      'createSandbox: "now": not a valid date: soon; give a Date or an ISO string',
    ],
  ])("%s is refused, and the clock stays", (_misuse, misuse, message) => {
    fresh();
    expect(misuse).toThrow(message);
    expect(clock.now().getTime()).toBe(START);
  });
});
