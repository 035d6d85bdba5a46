/** Misuse of the kit fails at once, naming what is accepted (users' tests are rarely type-checked). */
import { describe, expect, it } from "vitest";
import { createSandbox, SandboxUsageError } from "../src/index.js";

describe("run-time checks of the kit's inputs", () => {
  it("an unknown option of createSandbox throws, suggesting the close one and listing all", () => {
    expect(() => createSandbox({ sed: false } as never)).toThrow(SandboxUsageError);
    expect(() => createSandbox({ sed: false } as never)).toThrow(
      /createSandbox: unknown option "sed" \(did you mean "seed"\?\); accepted: seed, now, validateResponses/,
    );
    expect(() => createSandbox({ seed: "7" as never })).toThrow(/seed must be a whole number or false/);
  });

  it("an unknown operation id for inject throws, naming the closest and the accepted ids", () => {
    const sandbox = createSandbox();
    expect(() => sandbox.inject("listProduct" as "listProducts", { status: 503 })).toThrow(
      /sandbox.inject: unknown operation id "listProduct" \(did you mean "listProducts"\?\); accepted: "\*" \(any\), listEvents/,
    );
    expect(() => sandbox.inject("listProducts", { status: 503 }, { time: 2 } as never)).toThrow(
      /unknown option "time" \(did you mean "times"\?\)/,
    );
  });

  it("an unknown duration unit throws instead of counting as nothing", () => {
    const sandbox = createSandbox();
    expect(() => sandbox.clock.advance({ weeks: 1 } as never)).toThrow(
      /clock.advance: unknown unit "weeks"; accepted units: days, hours, minutes, seconds, milliseconds \(a week is \{ days: 7 \}\)/,
    );
    expect(() => sandbox.clock.advance({ days: "2" } as never)).toThrow(/days must be a number/);
    expect(() => sandbox.clock.set("next tuesday")).toThrow(/not a valid date: next tuesday/);
  });
});
