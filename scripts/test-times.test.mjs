// Where the suite's time went (scripts/test-times.mjs): the tables it prints from a turbo run
// summary and the vitest reports, read from data made here.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { packageRuns, slowestFiles, timesLines, turboTimes } from "./test-times.mjs";

const root = join(import.meta.dirname, "..");

/** A vitest JSON report whose files ran at the given [start, end] times (ms). */
function report(dir, files, { startTime = 1000, numTotalTests = files.length * 2 } = {}) {
  return {
    dir,
    report: {
      startTime,
      numTotalTests,
      testResults: files.map(([name, start, end]) => ({
        name: join(root, dir, "test", name),
        startTime: start,
        endTime: end,
      })),
    },
  };
}

// In turbo's order (by name), which is not the order they started in.
const summary = {
  tasks: [
    {
      taskId: "@commerce-api/client#test",
      execution: { startTime: 14_000, endTime: 40_500 },
      cache: { status: "MISS" },
    },
    {
      taskId: "@commerce-api/codegen#typecheck",
      execution: { startTime: 11_000, endTime: 12_000 },
      cache: { status: "HIT" },
    },
    { taskId: "@commerce-api/react#test" }, // never ran (a dependency failed): no execution
    {
      taskId: "@commerce-api/schemas#build",
      execution: { startTime: 10_000, endTime: 14_000 },
      cache: { status: "MISS" },
    },
  ],
};

test("turbo's tasks: each one that ran, from the run's first start; the wall time is first start to last end", () => {
  const turbo = turboTimes(summary);
  assert.equal(turbo.wall, 30_500);
  assert.equal(turbo.start, 10_000);
  assert.deepEqual(
    turbo.tasks.map((t) => [t.task, t.ms, t.cache]),
    [
      ["@commerce-api/client#test", 26_500, "MISS"],
      ["@commerce-api/codegen#typecheck", 1000, "HIT"],
      ["@commerce-api/schemas#build", 4000, "MISS"],
    ],
  );
});

test("a package's run lasts from its start to its last file's end, whichever file ends last", () => {
  const client = report("packages/client", [
    ["late.test.ts", 1500, 9000],
    ["early.test.ts", 1200, 4000],
  ]);
  assert.deepEqual(packageRuns([client]), [{ dir: "packages/client", files: 2, tests: 4, ms: 8000 }]);
  // A run that loaded no file took no time, not minus infinity.
  const empty = { dir: "packages/schemas", report: { startTime: 500, numTotalTests: 0 } };
  assert.deepEqual(packageRuns([empty]), [{ dir: "packages/schemas", files: 0, tests: 0, ms: 0 }]);
});

test("the root's report is named as the packages' one Vitest run, not as a bare dot", () => {
  const lines = timesLines(undefined, [report(".", [["a.test.ts", 1000, 3000]])], 1);
  assert.ok(
    lines.includes("| the root: test:packages (vitest.config.ts) | 1 | 2 | 2.0 s |"),
    lines.join("\n"),
  );
});

test("the slowest files across packages, slowest first, as many as asked, named from the repository", () => {
  const reports = [
    report("codegen", [
      ["features.test.ts", 0, 51_000],
      ["quick.test.ts", 0, 200],
    ]),
    report("packages/sandbox", [["fuzz.test.ts", 100, 20_100]]),
  ];
  assert.deepEqual(slowestFiles(reports, 2), [
    { file: "codegen/test/features.test.ts", ms: 51_000 },
    { file: "packages/sandbox/test/fuzz.test.ts", ms: 20_000 },
  ]);
});

test("the printed tables: turbo's tasks longest first with their start in the run, then packages and files", () => {
  const reports = [
    report("packages/client", [["retry.test.ts", 1000, 3500]]),
    report("codegen", [["features.test.ts", 1000, 12_000]], { numTotalTests: 296 }),
  ];
  assert.deepEqual(timesLines(summary, reports, 12), [
    "turbo tasks: 30.5 s wall",
    "",
    "| task | starts at | takes | cache |",
    "|---|---|---|---|",
    "| @commerce-api/client#test | 4.0 s | 26.5 s | MISS |",
    "| @commerce-api/schemas#build | 0.0 s | 4.0 s | MISS |",
    "| @commerce-api/codegen#typecheck | 1.0 s | 1.0 s | HIT |",
    "",
    "| package (vitest run) | files | tests | takes |",
    "|---|---|---|---|",
    "| codegen | 1 | 296 | 11.0 s |",
    "| packages/client | 1 | 2 | 2.5 s |",
    "",
    "| slowest test files | takes |",
    "|---|---|",
    "| codegen/test/features.test.ts | 11.0 s |",
    "| packages/client/test/retry.test.ts | 2.5 s |",
  ]);
  // After one package's tests there is no turbo run summary: the vitest tables alone.
  assert.equal(timesLines(undefined, reports, 1)[0], "| package (vitest run) | files | tests | takes |");
  assert.equal(timesLines(undefined, reports, 1).length, 8);
});
