#!/usr/bin/env node
// Where the last `npm test` spent its time: the CPU and wall time of each of its steps and turbo
// tasks (task-times.mjs, from what scripts/task-shell.sh recorded) and the share of each test
// file in the four big packages; each turbo task's wall time (from the run summary
// `--summarize` wrote), each package's vitest run and the slowest test files (from the vitest
// JSON reports). Run it after `npm test`, or after one package's tests (`pnpm --filter <pkg>
// test`, which leaves its report too): `node scripts/test-times.mjs [how many files, default 12]`.
// A file's time is its tests' only: vitest's start-up and imports for it count in its package's.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { recordsOnDisk, taskTimesLines } from "./task-times.mjs";
import { reportDirs, reportName, turboSummaryOnDisk } from "./test-summary.mjs";

const root = join(import.meta.dirname, "..");
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The tasks a turbo run summary says ran (a cache hit runs too, briefly), each with its start
 * and duration, and the run's wall time from the first start to the last end.
 */
export function turboTimes(summary) {
  const tasks = (summary.tasks ?? [])
    .filter((t) => t.execution)
    .map((t) => ({
      task: t.taskId,
      start: t.execution.startTime,
      ms: t.execution.endTime - t.execution.startTime,
      cache: t.cache?.status ?? "",
    }));
  const start = Math.min(...tasks.map((t) => t.start));
  const end = Math.max(...tasks.map((t) => t.start + t.ms));
  return { tasks, wall: end - start, start };
}

/** Each package's vitest run: its files, its tests and how long from its start to its last file's end. */
export function packageRuns(reports) {
  return reports.map(({ dir, report }) => {
    const files = report.testResults ?? [];
    const end = Math.max(report.startTime, ...files.map((file) => file.endTime));
    return { dir, files: files.length, tests: report.numTotalTests, ms: end - report.startTime };
  });
}

/** The `count` slowest test files of every report, slowest first, named from the repository. */
export function slowestFiles(reports, count) {
  return reports
    .flatMap(({ report }) => report.testResults ?? [])
    .map((file) => ({ file: relative(root, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

/** The three tables, as Markdown lines; no turbo table without a run summary. */
export function timesLines(summary, reports, count) {
  const lines = [];
  if (summary) {
    const turbo = turboTimes(summary);
    lines.push(
      `turbo tasks: ${seconds(turbo.wall)} wall`,
      "",
      "| task | starts at | takes | cache |",
      "|---|---|---|---|",
    );
    for (const t of turbo.tasks.sort((a, b) => b.ms - a.ms)) {
      lines.push(`| ${t.task} | ${seconds(t.start - turbo.start)} | ${seconds(t.ms)} | ${t.cache} |`);
    }
    lines.push("");
  }
  lines.push("| package (vitest run) | files | tests | takes |", "|---|---|---|---|");
  for (const run of packageRuns(reports).sort((a, b) => b.ms - a.ms)) {
    lines.push(`| ${runName(run.dir)} | ${run.files} | ${run.tests} | ${seconds(run.ms)} |`);
  }
  lines.push("", "| slowest test files | takes |", "|---|---|");
  for (const f of slowestFiles(reports, count)) lines.push(`| ${f.file} | ${seconds(f.ms)} |`);
  return lines;
}

/** A report's folder as the table names it: the root's is the packages' one Vitest run. */
function runName(dir) {
  return dir === "." ? "the root: test:packages (vitest.config.ts)" : dir;
}

function reportsOnDisk() {
  return reportDirs()
    .filter((dir) => existsSync(join(root, dir, reportName)))
    .map((dir) => ({ dir, report: JSON.parse(readFileSync(join(root, dir, reportName), "utf8")) }));
}

function main() {
  const reports = reportsOnDisk();
  const records = recordsOnDisk();
  if (reports.length === 0 && records.length === 0) {
    console.error(
      `no vitest reports (${reportName}) in the packages: run \`npm test\` or a package's tests first`,
    );
    process.exit(1);
  }
  console.log(
    [
      ...taskTimesLines(records, reports),
      ...timesLines(turboSummaryOnDisk(), reports, Number(process.argv[2] ?? 12)),
    ].join("\n"),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
