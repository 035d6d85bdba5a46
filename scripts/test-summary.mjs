#!/usr/bin/env node
// The suite's closing lines: every vitest JSON report of the workspace added up, plus the
// steps that are not vitest's (generate --check, biome, turbo's build, typecheck and package
// lint tasks). A failure anywhere (a test, a hook, a file that did not load, a step) is named
// and counted, so a red run never ends with "0 failed".
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
export const reportName = ".test-results.json";

/** The workspace's package folders, relative to `at` (the repository, or a test's copy of its layout). */
export function packageDirs(at = root) {
  return [
    "codegen",
    ...["packages", "apps", "tools"].flatMap((d) => readdirSync(join(at, d)).map((p) => join(d, p))),
  ];
}

/**
 * Where vitest reports are written: each package's folder, and the root's, for the packages
 * whose tests run together in one Vitest run (`test:packages`, see vitest.config.ts).
 */
export function reportDirs(at = root) {
  return [".", ...packageDirs(at)];
}

export function reportPaths(at = root) {
  return reportDirs(at)
    .map((dir) => join(at, dir, reportName))
    .filter((path) => existsSync(path));
}

/** What one vitest JSON report says: its counts, and each failure with a name. */
export function readReport(report, where) {
  const failedTests = [];
  const failedElsewhere = [];
  for (const file of report.testResults ?? []) {
    const name = relative(root, file.name);
    const failing = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failing) failedTests.push(`${name} > ${test.fullName ?? test.title}`);
    // A file that failed outside its tests (a hook, an import, a syntax error) says why in its
    // message; with no failed test and no message, it still failed.
    if (file.status === "failed" && (failing.length === 0 || file.message)) {
      failedElsewhere.push(
        `${name}: ${String(file.message ?? "").split("\n")[0] || "failed outside any test"}`,
      );
    }
  }
  if (report.success === false && failedTests.length + failedElsewhere.length === 0) {
    failedElsewhere.push(`${where}: vitest reported errors outside the tests`);
  }
  return {
    passed: report.numPassedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failed: Math.max(report.numFailedTests, failedTests.length) + failedElsewhere.length,
    failures: [...failedTests, ...failedElsewhere],
  };
}

/**
 * The closing lines from what the run left: data in, lines out.
 * @param {{ dir: string, name?: string, report: object }[]} reports each package's vitest report
 * @param {{ name: string, ok: boolean, runsTasks?: boolean }[]} steps the suite's own steps and
 *   how they ended; `runsTasks` marks the turbo run, whose failure is its failed tasks' when any is known
 * @param {string[]} failedTasks turbo tasks that exited non-zero ("package#task")
 * @returns {{ lines: string[], failed: number }} the last line is the count
 */
export function closingLines(reports, steps = [], failedTasks = []) {
  let passed = 0;
  let skipped = 0;
  let failed = 0;
  const failures = [];
  const reported = new Set();
  for (const { dir, name, report } of reports) {
    const read = readReport(report, dir);
    passed += read.passed;
    skipped += read.skipped;
    failed += read.failed;
    failures.push(...read.failures);
    if (read.failures.length > 0) reported.add(name);
  }
  for (const task of failedTasks) {
    // A failed test task whose report names its failures is counted there already.
    const [pkg, name] = task.split("#");
    if (/^test(:|$)/.test(name) && reported.has(pkg)) continue;
    failed += 1;
    failures.push(`step ${task} failed (see its output above)`);
  }
  // A step that runs the tasks (turbo) failed because of them when any of them is named above.
  const itemized = failedTasks.length > 0 || reported.size > 0;
  for (const step of steps.filter((s) => !s.ok && !(s.runsTasks && itemized))) {
    failed += 1;
    failures.push(`step ${step.name} failed (see its output above)`);
  }
  const list = failures.length > 0 ? ["", "Failed:", ...failures.map((f) => `  ${f}`)] : [];
  const count =
    passed + failed === 0
      ? "none ran (a check before them failed; see above)"
      : `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
  return { lines: [...list, "", `tests: ${count}`], failed };
}

/**
 * The tasks a turbo run summary (`turbo run --summarize`) records as failed, as "package#task":
 * those that ran and did not exit 0 (a task killed by a signal has no exit code of 0 either).
 */
export function failedTurboTasks(summary) {
  return (summary?.tasks ?? []).filter((t) => t.execution && t.execution.exitCode !== 0).map((t) => t.taskId);
}

/**
 * The suite's turbo runs (the builds first, then the rest) as one summary: every task that ran,
 * a task replayed from the cache in a later run counted once, where it ran.
 */
export function mergeTurboSummaries(summaries) {
  const ran = new Map();
  for (const task of summaries.flatMap((summary) => summary?.tasks ?? [])) {
    if (!task.execution) continue;
    const seen = ran.get(task.taskId);
    if (!seen || (seen.cache?.status === "HIT" && task.cache?.status !== "HIT")) ran.set(task.taskId, task);
  }
  return { tasks: [...ran.values()] };
}

/** The run summaries `turbo run --summarize` left under `at` (.turbo/runs), merged. */
export function turboSummaryOnDisk(at = root) {
  const dir = join(at, ".turbo", "runs");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
  if (files.length === 0) return undefined;
  return mergeTurboSummaries(files.map((file) => JSON.parse(readFileSync(join(dir, file), "utf8"))));
}

/** `closingLines` over the reports on disk (under `at`, the repository unless a test says otherwise). */
export function summarize(steps = [], failedTasks = [], at = root) {
  const reports = reportDirs(at)
    .filter((dir) => existsSync(join(at, dir, reportName)))
    .map((dir) => ({
      dir,
      // Turbo names the root's tasks `//#task`.
      name: dir === "." ? "//" : JSON.parse(readFileSync(join(at, dir, "package.json"), "utf8")).name,
      report: JSON.parse(readFileSync(join(at, dir, reportName), "utf8")),
    }));
  return closingLines(reports, steps, failedTasks);
}
