// The suite's closing lines must tell the truth: `node --test scripts/` (a step of `npm test`).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import {
  closingLines,
  failedTurboTasks,
  mergeTurboSummaries,
  readReport,
  reportName,
  reportPaths,
  summarize,
} from "./test-summary.mjs";

const root = join(import.meta.dirname, "..");

/** A vitest JSON report of one file with the given tests. */
function report(tests, file = {}) {
  const failed = tests.filter((t) => t.status === "failed").length;
  return {
    success: failed === 0 && file.status !== "failed",
    numPassedTests: tests.filter((t) => t.status === "passed").length,
    numFailedTests: failed,
    numPendingTests: tests.filter((t) => t.status === "skipped").length,
    numTodoTests: 0,
    testResults: [
      {
        name: join(root, "codegen/test/a.test.ts"),
        status: failed > 0 ? "failed" : "passed",
        message: "",
        ...file,
        assertionResults: tests.map((t) => ({ fullName: t.name, title: t.name, status: t.status })),
      },
    ],
  };
}

const green = {
  dir: "codegen",
  name: "@commerce-api/codegen",
  report: report([{ name: "a", status: "passed" }]),
};

test("a green run counts its tests and names no failure", () => {
  const { lines, failed } = closingLines([green], [{ name: "biome check", ok: true }]);
  assert.equal(failed, 0);
  assert.deepEqual(lines, ["", "tests: 1 passed, 0 failed"]);
});

test("a failed hook in a file whose tests passed is a failure, named with its message", () => {
  const hook = report([{ name: "a", status: "passed" }], {
    status: "failed",
    message: "Hook timed out in 10000ms.\nIf this is a long-running hook...",
  });
  const { lines, failed } = closingLines([{ dir: "codegen", name: "@commerce-api/codegen", report: hook }]);
  assert.equal(failed, 1);
  assert.ok(lines.includes("  codegen/test/a.test.ts: Hook timed out in 10000ms."));
  assert.equal(lines.at(-1), "tests: 1 passed, 1 failed");
});

test("failed tests are named and counted once, with their task", () => {
  const red = report([
    { name: "works", status: "passed" },
    { name: "breaks", status: "failed" },
  ]);
  const { lines, failed } = closingLines(
    [{ dir: "codegen", name: "@commerce-api/codegen", report: red }],
    [],
    ["@commerce-api/codegen#test"],
  );
  assert.equal(failed, 1);
  assert.ok(lines.includes("  codegen/test/a.test.ts > breaks"));
});

test("a failed test fails the turbo run too, and is still counted once", () => {
  const red = report([{ name: "breaks", status: "failed" }]);
  const turbo = { name: "turbo run typecheck test lint:packages", ok: false, runsTasks: true };
  const { lines, failed } = closingLines(
    [{ dir: "codegen", name: "@commerce-api/codegen", report: red }],
    [{ name: "biome check", ok: true }, turbo],
    ["@commerce-api/codegen#test"],
  );
  assert.equal(failed, 1);
  assert.equal(lines.at(-1), "tests: 0 passed, 1 failed");
  // A turbo run that failed with no task to blame (turbo itself broke) is a failure of its own.
  assert.equal(closingLines([green], [turbo], []).failed, 1);
});

test("a turbo run failed by a test a report names is not counted again, even with no task list from turbo", () => {
  const red = report([{ name: "breaks", status: "failed" }]);
  const turbo = { name: "turbo run typecheck test lint:packages", ok: false, runsTasks: true };
  const { lines, failed } = closingLines(
    [{ dir: "codegen", name: "@commerce-api/codegen", report: red }],
    [turbo],
    [],
  );
  assert.equal(failed, 1);
  assert.ok(!lines.some((line) => line.includes("step turbo")));
});

test("a failed step outside vitest (a typecheck, biome, generate --check) is counted and named", () => {
  const { lines, failed } = closingLines(
    [green],
    [{ name: "pnpm generate --check", ok: false }],
    ["@commerce-api/client#typecheck", "@commerce-api/react#test"],
  );
  assert.equal(failed, 3);
  assert.ok(lines.includes("  step pnpm generate --check failed (see its output above)"));
  assert.ok(lines.includes("  step @commerce-api/client#typecheck failed (see its output above)"));
  // A test task that failed without a report saying why (it crashed) is a failure of its own.
  assert.ok(lines.includes("  step @commerce-api/react#test failed (see its output above)"));
  assert.notEqual(lines.at(-1), "tests: 1 passed, 0 failed");
});

test("a failed file with no message and no failed test is still named, and counted once", () => {
  for (const message of ["", undefined]) {
    const silent = report([{ name: "a", status: "passed" }], { status: "failed", message });
    const { lines, failed } = closingLines([
      { dir: "codegen", name: "@commerce-api/codegen", report: silent },
    ]);
    assert.equal(failed, 1);
    assert.deepEqual(lines.slice(0, 3), ["", "Failed:", "  codegen/test/a.test.ts: failed outside any test"]);
    assert.equal(lines.at(-1), "tests: 1 passed, 1 failed");
  }
});

test("a failed typecheck of a package whose tests failed too is named and counted, once each", () => {
  const red = report([{ name: "breaks", status: "failed" }]);
  const { lines, failed } = closingLines(
    [{ dir: "codegen", name: "@commerce-api/codegen", report: red }],
    [],
    ["@commerce-api/codegen#test", "@commerce-api/codegen#typecheck"],
  );
  assert.deepEqual(lines, [
    "",
    "Failed:",
    "  codegen/test/a.test.ts > breaks",
    "  step @commerce-api/codegen#typecheck failed (see its output above)",
    "",
    "tests: 0 passed, 2 failed",
  ]);
  assert.equal(failed, 2);
});

test("a failed test inside a describe block is named with its block, as vitest's fullName has it", () => {
  const nested = report([{ name: "breaks", status: "failed" }]);
  nested.testResults[0].assertionResults = [
    { fullName: "totals > breaks", title: "breaks", status: "failed" },
  ];
  const { lines } = closingLines([{ dir: "codegen", name: "@commerce-api/codegen", report: nested }]);
  assert.ok(lines.includes("  codegen/test/a.test.ts > totals > breaks"), lines.join("\n"));
});

test("the failed count is never below the report's own count nor below the failures it names", () => {
  // vitest counted two failures but listed one (a test that failed twice, retried): two failed.
  const undercounted = { ...report([{ name: "breaks", status: "failed" }]), numFailedTests: 2 };
  assert.equal(readReport(undercounted, "codegen").failed, 2);
  // A report that lists a failure its counts left out: still a failure.
  const unlisted = { ...report([{ name: "breaks", status: "failed" }]), numFailedTests: 0 };
  const { lines, failed } = closingLines([
    { dir: "codegen", name: "@commerce-api/codegen", report: unlisted },
  ]);
  assert.equal(failed, 1);
  assert.equal(lines.at(-1), "tests: 0 passed, 1 failed");
});

test("a run where no test ran and nothing is named says so instead of counting zeros", () => {
  const { lines, failed } = closingLines([], []);
  assert.equal(failed, 0);
  assert.deepEqual(lines, ["", "tests: none ran (a check before them failed; see above)"]);
});

test("summarize reads the report of every package folder (codegen, packages, apps, tools), matching turbo's task names by package name", () => {
  const at = mkdtempSync(join(tmpdir(), "test-summary-tree-"));
  try {
    const write = (dir, name, tests) => {
      mkdirSync(join(at, dir), { recursive: true });
      writeFileSync(join(at, dir, "package.json"), JSON.stringify({ name }));
      if (!tests) return;
      const its = report(tests);
      its.testResults[0].name = join(root, dir, "test/a.test.ts");
      writeFileSync(join(at, dir, reportName), JSON.stringify(its));
    };
    write("codegen", "@commerce-api/codegen", [{ name: "c", status: "passed" }]);
    write("packages/client", "@commerce-api/client", [{ name: "p", status: "passed" }]);
    write("apps/portal", "@commerce-api/portal", [{ name: "s", status: "passed" }]);
    write("tools/release", "@commerce-api/release", [{ name: "rehearses", status: "failed" }]);
    write("packages/react", "@commerce-api/react"); // no report: its tests did not run
    assert.equal(reportPaths(at).length, 4);
    const { lines, failed } = summarize(
      [{ name: "biome check", ok: true }],
      ["@commerce-api/release#test", "@commerce-api/react#test"],
      at,
    );
    assert.deepEqual(lines, [
      "",
      "Failed:",
      "  tools/release/test/a.test.ts > rehearses",
      "  step @commerce-api/react#test failed (see its output above)",
      "",
      "tests: 3 passed, 2 failed",
    ]);
    assert.equal(failed, 2);
  } finally {
    rmSync(at, { recursive: true, force: true });
  }
});

test("summarize reads the root's report too (the packages' one Vitest run, `//#test:packages`), and counts its failed task once", () => {
  const at = mkdtempSync(join(tmpdir(), "test-summary-root-"));
  try {
    for (const dir of ["codegen", "packages/client", "apps/portal", "tools/release"]) {
      mkdirSync(join(at, dir), { recursive: true });
      writeFileSync(join(at, dir, "package.json"), JSON.stringify({ name: dir }));
    }
    const together = report([
      { name: "passes", status: "passed" },
      { name: "breaks", status: "failed" },
    ]);
    together.testResults[0].name = join(root, "packages/client/test/a.test.ts");
    writeFileSync(join(at, reportName), JSON.stringify(together));
    assert.deepEqual(reportPaths(at), [join(at, reportName)]);
    const { lines, failed } = summarize([], ["//#test:packages"], at);
    assert.deepEqual(lines, [
      "",
      "Failed:",
      "  packages/client/test/a.test.ts > breaks",
      "",
      "tests: 1 passed, 1 failed",
    ]);
    assert.equal(failed, 1);
  } finally {
    rmSync(at, { recursive: true, force: true });
  }
});

test("errors vitest reports outside any file still fail the package", () => {
  const unhandled = { ...report([{ name: "a", status: "passed" }]), success: false };
  assert.deepEqual(readReport(unhandled, "packages/sandbox").failures, [
    "packages/sandbox: vitest reported errors outside the tests",
  ]);
});

test("skipped and todo tests are counted apart", () => {
  const some = report([
    { name: "a", status: "passed" },
    { name: "b", status: "skipped" },
  ]);
  assert.equal(
    closingLines([{ dir: "x", name: "x", report: some }]).lines.at(-1),
    "tests: 1 passed, 0 failed, 1 skipped",
  );
  // A todo is a test not run either: counted with the skipped.
  const todo = { ...some, numTodoTests: 2 };
  assert.equal(
    closingLines([{ dir: "x", name: "x", report: todo }]).lines.at(-1),
    "tests: 1 passed, 0 failed, 3 skipped",
  );
});

/**
 * What vitest itself writes for each kind of failure, not a hand-made report: the test files
 * below run under the workspace's vitest (codegen's) (a hook that never settles times out after 50 ms
 * whatever the machine's load), and its JSON report goes through the same code as npm test's.
 * Both runs start at once, when this file loads.
 */
async function vitestReport(files) {
  const dir = mkdtempSync(join(tmpdir(), "test-summary-"));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const vitest = join(
      dirname(createRequire(join(root, "codegen", "package.json")).resolve("vitest/package.json")),
      "vitest.mjs",
    );
    const args = ["run", "--root", dir, "--globals", "--reporter=json", "--outputFile=report.json"];
    const run = await new Promise((resolve) => {
      execFile(process.execPath, [vitest, ...args], { cwd: dir }, (error, stdout, stderr) =>
        resolve({ status: error ? error.code : 0, stdout, stderr }),
      );
    });
    assert.equal(run.status, 1, `vitest should fail on these files:\n${run.stdout}\n${run.stderr}`);
    const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8"));
    // Named relative to the repository, as a package's files are.
    for (const file of report.testResults) file.name = join(root, "fixture", file.name.slice(dir.length + 1));
    return report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const eachKindOfFailure = vitestReport({
  "hook.test.js": 'afterAll(() => new Promise(() => {}), 50);\ntest("passes", () => {});\n',
  "hook-and-test.test.js":
    'afterAll(() => new Promise(() => {}), 50);\ntest("breaks", () => { expect(1).toBe(2); });\n',
  "import.test.js": 'import "./missing.js";\ntest("never runs", () => {});\n',
  "setup.test.js": 'beforeAll(() => { throw new Error("setup broke"); });\ntest("skipped", () => {});\n',
  "red.test.js": 'test("fails", () => { expect(1).toBe(2); });\ntest("passes", () => {});\n',
});
const lateError = vitestReport({
  "late.test.js":
    'test("passes, leaving an error behind", () => { setTimeout(() => { throw new Error("late"); }); });\n' +
    'test("waits for it", () => new Promise((resolve) => setTimeout(resolve, 20)));\n',
});
// Awaited by the tests below; a rejection before then is theirs to report.
eachKindOfFailure.catch(() => {});
lateError.catch(() => {});

test("vitest's own report of a timed-out hook, a file that cannot load, a failed setup and a failed test: each counted and named", async () => {
  const report = await eachKindOfFailure;
  const { lines, failed } = closingLines([{ dir: "fixture", name: "fixture", report }]);
  const named = (text) => lines.some((line) => line.includes(text));
  assert.ok(named("fixture/hook.test.js: Hook timed out in 50ms."), lines.join("\n"));
  assert.ok(named("fixture/hook-and-test.test.js > breaks"), lines.join("\n"));
  assert.ok(named("fixture/hook-and-test.test.js: Hook timed out in 50ms."), lines.join("\n"));
  assert.ok(named("fixture/import.test.js: Cannot find module './missing.js'"), lines.join("\n"));
  assert.ok(named("fixture/setup.test.js: setup broke"), lines.join("\n"));
  assert.ok(named("fixture/red.test.js > fails"), lines.join("\n"));
  assert.equal(failed, 6);
  assert.equal(lines.at(-1), "tests: 2 passed, 6 failed, 1 skipped");
});

test("an error thrown after its test passed: vitest's report says success, its exit status (the turbo task) does not", async () => {
  const report = await lateError;
  const sandbox = { dir: "packages/sandbox", name: "@commerce-api/sandbox", report };
  const { lines, failed } = closingLines([sandbox], [], ["@commerce-api/sandbox#test"]);
  assert.equal(failed, 1);
  assert.ok(
    lines.includes("  step @commerce-api/sandbox#test failed (see its output above)"),
    lines.join("\n"),
  );
  assert.doesNotMatch(lines.at(-1), /\b0 failed/);
});

test("turbo's run summary: a task that exited non-zero or was killed is failed; cache hits and tasks never run are not", () => {
  const summary = {
    execution: { exitCode: 1 },
    tasks: [
      { taskId: "//#generate", execution: { exitCode: 0 }, cache: { status: "HIT" } },
      { taskId: "@commerce-api/client#typecheck", execution: { exitCode: 2 }, cache: { status: "MISS" } },
      { taskId: "@commerce-api/portal#test", execution: { exitCode: null }, cache: { status: "MISS" } },
      { taskId: "@commerce-api/react#test", cache: { status: "MISS" } },
    ],
  };
  assert.deepEqual(failedTurboTasks(summary), [
    "@commerce-api/client#typecheck",
    "@commerce-api/portal#test",
  ]);
  assert.deepEqual(failedTurboTasks(undefined), []);
});

test("a failing run never ends with 0 failed, whatever failed", () => {
  const failures = [
    { reports: [], steps: [{ name: "pnpm generate --check", ok: false }], tasks: [] },
    { reports: [], steps: [], tasks: ["@commerce-api/schemas#build"] },
    { reports: [green], steps: [{ name: "biome check", ok: false }], tasks: [] },
    { reports: [green], steps: [], tasks: ["@commerce-api/codegen#test"] },
    { reports: [{ ...green, report: { ...green.report, success: false } }], steps: [], tasks: [] },
  ];
  for (const { reports, steps, tasks } of failures) {
    const { lines, failed } = closingLines(reports, steps, tasks);
    assert.ok(failed > 0, lines.join("\n"));
    assert.doesNotMatch(lines.at(-1), /\b0 failed/);
    assert.ok(lines.includes("Failed:"), lines.join("\n"));
  }
});

test("the builds' run and the tests' run read as one: a build replayed from the cache counts where it ran", () => {
  const task = (taskId, status, exitCode = 0) => ({
    taskId,
    cache: { status },
    execution: { startTime: 0, endTime: 1, exitCode },
  });
  const builds = { tasks: [task("a#build", "MISS"), task("b#build", "MISS", 1)] };
  const tests = { tasks: [task("a#build", "HIT"), task("b#build", "MISS", 1), task("a#test", "MISS", 1)] };
  const merged = mergeTurboSummaries([builds, tests]);
  assert.deepEqual(
    merged.tasks.map((t) => [t.taskId, t.cache.status]),
    [
      ["a#build", "MISS"],
      ["b#build", "MISS"],
      ["a#test", "MISS"],
    ],
  );
  assert.deepEqual(failedTurboTasks(merged), ["b#build", "a#test"]);
});
