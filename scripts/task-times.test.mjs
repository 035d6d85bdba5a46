// The CPU table of one run (scripts/task-times.mjs): the records scripts/task-shell.sh writes,
// read back, nested step > task, and the file shares of the big packages.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileShares, parseRecord, recordsOnDisk, stepsOf, taskTimesLines } from "./task-times.mjs";

const root = join(import.meta.dirname, "..");
const record = (what, start, end, cpu, { status = 0, depth = 0, step = what } = {}) => ({
  what,
  start,
  end,
  cpu,
  status,
  depth,
  step,
});

test("task-shell.sh runs the script, keeps its exit status and records the CPU of the processes it waited for", () => {
  const dir = mkdtempSync(join(tmpdir(), "task-times-test-"));
  try {
    // Spins until it has used 300 ms of CPU itself, however busy the machine is.
    const spin = `node -e "while (process.cpuUsage().user < 300000);"; exit 3`;
    let status = 0;
    try {
      execFileSync("sh", [join(root, "scripts", "task-shell.sh"), "-c", spin], {
        env: { ...process.env, COMMERCE_TASK_TIMES: dir, COMMERCE_STEP: "spin" },
        stdio: "ignore",
      });
    } catch (error) {
      status = error.status;
    }
    assert.equal(status, 3);
    const [spun] = recordsOnDisk(dir);
    assert.equal(spun.what, "spin");
    assert.equal(spun.status, 3);
    assert.ok(spun.cpu >= 0.3, `the spinning child's CPU is counted: ${spun.cpu} s`);
    assert.ok(spun.end - spun.start >= 300);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a record's CPU is its children's user and system time, not the shell's own", () => {
  assert.deepEqual(
    parseRecord(
      "@commerce-api/client#test\t1000\t9000\t0\t1\tturbo run test\t0m0.01s 0m0.02s\n1m2.500000s 0m0.500000s\n",
    ),
    {
      what: "@commerce-api/client#test",
      start: 1000,
      end: 9000,
      status: 0,
      depth: 1,
      step: "turbo run test",
      cpu: 63,
    },
  );
});

test("steps hold the tasks that ran inside them, side by side; a script a task started stays in that task; the install is apart", () => {
  const records = [
    record("turbo run build", 10_000, 40_000, 90),
    record("install", 0, 9_000, 20),
    record("@commerce-api/schemas#build", 11_000, 39_000, 12, { depth: 1, step: "turbo run build" }),
    // a script schemas#build ran
    record("consumer#prepare", 12_000, 13_000, 1, { depth: 2, step: "turbo run build" }),
    // beside schemas#build
    record("@commerce-api/client#build", 20_500, 30_000, 30, { depth: 1, step: "turbo run build" }),
    record("biome check", 9_500, 10_000, 2),
    // two steps side by side, each with its own task
    record("turbo run test (the walk)", 41_000, 90_000, 40),
    record("turbo run test (the rest)", 41_000, 60_000, 50),
    record("@commerce-api/client#test", 42_000, 59_000, 45, { depth: 1, step: "turbo run test (the rest)" }),
    record("@commerce-api/portal#test", 42_000, 89_000, 38, { depth: 1, step: "turbo run test (the walk)" }),
  ];
  const { steps, install, cpu, wall } = stepsOf(records);
  assert.deepEqual(
    steps.map((step) => [step.what, step.inside.map((task) => task.what)]),
    [
      ["install", []],
      ["biome check", []],
      ["turbo run build", ["@commerce-api/schemas#build", "@commerce-api/client#build"]],
      ["turbo run test (the walk)", ["@commerce-api/portal#test"]],
      ["turbo run test (the rest)", ["@commerce-api/client#test"]],
    ],
  );
  assert.equal(install.cpu, 20);
  assert.equal(cpu, 182);
  assert.equal(wall, 80_500);
});

/** A vitest JSON report whose files ran for the given milliseconds. */
const report = (dir, files) => ({
  dir,
  report: {
    testResults: files.map(([name, ms]) => ({
      name: join(root, dir, "test", name),
      startTime: 0,
      endTime: ms,
    })),
  },
});

test("each file of a big package gets its share of the package's test time, largest first", () => {
  const shares = fileShares([
    report("codegen", [
      ["quick.test.ts", 1000],
      ["features.test.ts", 3000],
    ]),
    report("packages/client", [["a.test.ts", 5]]),
  ]);
  assert.deepEqual(shares, [
    {
      dir: "codegen",
      files: [
        { file: "test/features.test.ts", ms: 3000, share: 0.75 },
        { file: "test/quick.test.ts", ms: 1000, share: 0.25 },
      ],
    },
  ]);
});

test("the printed tables: the run's CPU and wall, the install apart, each step and its tasks by CPU, then the shares", () => {
  const lines = taskTimesLines(
    [
      record("install", 0, 9_000, 20),
      record("turbo run test", 10_000, 70_000, 100, { status: 1 }),
      record("@commerce-api/client#test", 10_000, 30_000, 20, { depth: 1, step: "turbo run test" }),
      record("@commerce-api/codegen#test", 10_500, 69_000, 70, {
        status: 1,
        depth: 1,
        step: "turbo run test",
      }),
    ],
    [
      report("codegen", [
        ["features.test.ts", 3000],
        ["a.test.ts", 1000],
        ["b.test.ts", 1000],
      ]),
    ],
    { filesPerPackage: 1 },
  );
  assert.deepEqual(lines, [
    "the run: 100.0 s CPU, 60.0 s wall (the install apart: 20.0 s CPU, 9.0 s wall)",
    "",
    "| step, then its tasks by CPU | CPU | wall | starts at |",
    "|---|---|---|---|",
    "| install | 20.0 s | 9.0 s |  |",
    "| turbo run test (exit 1) | 100.0 s | 60.0 s | 0.0 s |",
    "| &nbsp;&nbsp;@commerce-api/codegen#test (exit 1) | 70.0 s | 58.5 s | 0.5 s |",
    "| &nbsp;&nbsp;@commerce-api/client#test | 20.0 s | 20.0 s | 0.0 s |",
    "",
    "| codegen: test file | takes | share |",
    "|---|---|---|",
    "| test/features.test.ts | 3.0 s | 60 % |",
    "| the 2 others | 2.0 s | 40 % |",
    "",
  ]);
});
