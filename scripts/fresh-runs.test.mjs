// The fresh-clone runs' report (scripts/fresh-runs.mjs): what it reads of a run's output and the
// table it prints, from outputs made here in the suite's own closing format (test-summary.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatDuration, readOutcome, table } from "./fresh-runs.mjs";
import { closingLines } from "./test-summary.mjs";

const nothingRan = [
  "$ pnpm generate --check",
  "…",
  ...closingLines([], [{ name: "biome check", ok: true }]).lines,
].join("\n");

test("a green run's counts come from its closing line", () => {
  const output = `build output\n\ntests: 2389 passed, 0 failed\n`;
  assert.deepEqual(readOutcome(output), { passed: 2389, failed: 0, failures: [] });
});

test("a red run's failures are the items listed under Failed:, the counts from the last closing line", () => {
  const output = [
    "tests: 1 passed, 0 failed", // an earlier line a test printed is not the suite's
    "",
    "Failed:",
    "  codegen/test/watch.test.ts > generate --watch > regenerates once per edit",
    "  step @commerce-api/portal#build failed (see its output above)",
    "",
    "tests: 2388 passed, 2 failed",
  ].join("\n");
  assert.deepEqual(readOutcome(output), {
    passed: 2388,
    failed: 2,
    failures: [
      "codegen/test/watch.test.ts > generate --watch > regenerates once per edit",
      "step @commerce-api/portal#build failed (see its output above)",
    ],
  });
});

test("a run cut off before its closing line has no counts", () => {
  assert.deepEqual(readOutcome("$ pnpm install --frozen-lockfile\nERR_PNPM_OUTDATED_LOCKFILE"), {
    passed: undefined,
    failed: undefined,
    failures: [],
  });
  // The suite's own words when nothing ran are no counts either.
  assert.equal(readOutcome(nothingRan).passed, undefined);
});

test("durations read as the README writes them", () => {
  assert.equal(formatDuration(159_400), "2 min 39 s");
  assert.equal(formatDuration(45_000), "45 s");
  assert.equal(formatDuration(120_000), "2 min 0 s");
});

test("the table has a row per run, green or red with why", () => {
  const rows = table([
    {
      load: "quiet",
      loadAverage: "0.4 → 3.1",
      code: 0,
      ms: 159_000,
      cpu: 301.4,
      suiteMs: 139_000,
      passed: 2389,
      failed: 0,
      failures: [],
    },
    {
      load: "busy",
      loadAverage: "4.0 → 6.2",
      code: 1,
      ms: 230_000,
      passed: 2388,
      failed: 1,
      failures: ["a > b"],
    },
    {
      load: "busy",
      loadAverage: "4.0 → 4.1",
      code: 1,
      ms: 5_000,
      passed: undefined,
      failed: undefined,
      failures: [],
    },
  ]).split("\n");
  assert.deepEqual(rows.slice(2), [
    "| 1 | quiet | 0.4 → 3.1 | 2 min 39 s | 301 s CPU, 2 min 19 s | green | 2389 passed, 0 failed |",
    "| 2 | busy | 4.0 → 6.2 | 3 min 50 s |  | red | 2388 passed, 1 failed (exit 1): a > b |",
    "| 3 | busy | 4.0 → 4.1 | 5 s |  | red | exit 1, no closing line |",
  ]);
});
