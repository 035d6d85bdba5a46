#!/usr/bin/env node
// Where the last `npm test` spent its time: each turbo task's wall time (from the run summary
// `--summarize` wrote), each package's vitest run and the slowest test files (from the vitest
// JSON reports). Run it after `npm test`, or after one package's tests (`pnpm --filter <pkg>
// test`, which leaves its report too): `node scripts/test-times.mjs [how many files, default 12]`.
// A file's time is its tests' only: vitest's start-up and imports for it count in its package's.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { packageDirs, reportName } from "./test-summary.mjs";

const root = join(import.meta.dirname, "..");
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function turboTasks() {
  const dir = join(root, ".turbo", "runs");
  const [summary] = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
  if (!summary) return undefined;
  const run = JSON.parse(readFileSync(join(dir, summary), "utf8"));
  const tasks = (run.tasks ?? [])
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

function reports() {
  return packageDirs()
    .filter((dir) => existsSync(join(root, dir, reportName)))
    .map((dir) => ({ dir, report: JSON.parse(readFileSync(join(root, dir, reportName), "utf8")) }));
}

function packageRuns() {
  return reports().map(({ dir, report }) => {
    const files = report.testResults ?? [];
    const end = Math.max(report.startTime, ...files.map((file) => file.endTime));
    return { dir, files: files.length, tests: report.numTotalTests, ms: end - report.startTime };
  });
}

function slowestFiles(count) {
  return reports()
    .flatMap(({ report }) => report.testResults ?? [])
    .map((file) => ({ file: relative(root, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

const turbo = turboTasks();
if (turbo) {
  console.log(`turbo tasks: ${seconds(turbo.wall)} wall\n`);
  console.log("| task | starts at | takes | cache |\n|---|---|---|---|");
  for (const t of turbo.tasks.sort((a, b) => b.ms - a.ms)) {
    console.log(`| ${t.task} | ${seconds(t.start - turbo.start)} | ${seconds(t.ms)} | ${t.cache} |`);
  }
  console.log("");
}
const runs = packageRuns();
if (runs.length === 0) {
  console.error(
    `no vitest reports (${reportName}) in the packages: run \`npm test\` or a package's tests first`,
  );
  process.exit(1);
}
console.log("| package (vitest run) | files | tests | takes |\n|---|---|---|---|");
for (const run of runs.sort((a, b) => b.ms - a.ms)) {
  console.log(`| ${run.dir} | ${run.files} | ${run.tests} | ${seconds(run.ms)} |`);
}
console.log("\n| slowest test files | takes |\n|---|---|");
for (const f of slowestFiles(Number(process.argv[2] ?? 12))) console.log(`| ${f.file} | ${seconds(f.ms)} |`);
