#!/usr/bin/env node
// Where the last `npm test` spent its time: each turbo task's wall time (from the run summary
// `--summarize` wrote) and the slowest test files (from the vitest JSON reports). Run it after
// `npm test`: `node scripts/test-times.mjs [how many files, default 12]`.
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

function slowestFiles(count) {
  return packageDirs()
    .filter((dir) => existsSync(join(root, dir, reportName)))
    .flatMap((dir) => JSON.parse(readFileSync(join(root, dir, reportName), "utf8")).testResults ?? [])
    .map((file) => ({ file: relative(root, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

const turbo = turboTasks();
if (!turbo) {
  console.error("no turbo run summary in .turbo/runs: run `npm test` first");
  process.exit(1);
}
console.log(`turbo tasks: ${seconds(turbo.wall)} wall\n`);
console.log("| task | starts at | takes | cache |\n|---|---|---|---|");
for (const t of turbo.tasks.sort((a, b) => b.ms - a.ms)) {
  console.log(`| ${t.task} | ${seconds(t.start - turbo.start)} | ${seconds(t.ms)} | ${t.cache} |`);
}
console.log("\n| slowest test files | takes |\n|---|---|");
for (const f of slowestFiles(Number(process.argv[2] ?? 12))) console.log(`| ${f.file} | ${seconds(f.ms)} |`);
