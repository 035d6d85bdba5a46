#!/usr/bin/env node
// Runs the suite as CI does, N times in a row, each on a fresh clone (`git clone`, then
// `CI=true npm test`, which installs what it needs), quiet or under load, and reports each
// run's outcome and time: the proof that the suite is green on every run, not on a good one.
//
//   node scripts/fresh-runs.mjs                       # 5 quiet runs, then 5 under load
//   node scripts/fresh-runs.mjs --runs 3 --load busy  # 3 runs beside 4 spinning processes
//   node scripts/fresh-runs.mjs --load quiet --ref main
//
// Under load, each run is `node scripts/busy.mjs --procs N -- npm test` in the clone. A failed
// run's whole output stays in its log (the path is printed); a green run's clone is removed.
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { recordsOnDisk, stepsOf } from "./task-times.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * What a run's output says of it: the counts of the suite's closing line (`tests: 12 passed,
 * 1 failed`) and the items listed under `Failed:`; `undefined` counts when the run ended before
 * printing them.
 */
export function readOutcome(output) {
  const lines = output.split("\n");
  const count = lines.findLast((line) => /^tests: /.test(line));
  const numbers = count?.match(/^tests: (\d+) passed, (\d+) failed/);
  const failedAt = lines.lastIndexOf("Failed:");
  const failures = [];
  if (failedAt !== -1) {
    for (const line of lines.slice(failedAt + 1)) {
      if (!line.startsWith("  ")) break;
      failures.push(line.trim());
    }
  }
  return {
    passed: numbers ? Number(numbers[1]) : undefined,
    failed: numbers ? Number(numbers[2]) : undefined,
    failures,
  };
}

/** `2 min 39 s` */
export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** One Markdown table row per run, as the README's Testing section records them. */
export function table(runs) {
  const rows = runs.map((run, index) => {
    const result =
      run.passed === undefined
        ? `exit ${run.code}, no closing line`
        : `${run.passed} passed, ${run.failed} failed${run.code === 0 ? "" : ` (exit ${run.code})`}`;
    const failures = run.failures.length > 0 ? `: ${run.failures.join("; ")}` : "";
    const suite = run.cpu === undefined ? "" : `${Math.round(run.cpu)} s CPU, ${formatDuration(run.suiteMs)}`;
    return `| ${index + 1} | ${run.load} | ${run.loadAverage} | ${formatDuration(run.ms)} | ${suite} | ${run.code === 0 ? "green" : "red"} | ${result}${failures} |`;
  });
  return [
    "| run | load | load average (start → end) | wall | the suite after the install | | result |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

function exec(command, args, options) {
  return new Promise((resolveExit) => {
    const child = spawn(command, args, options);
    child.on("exit", (code, signal) => resolveExit(code ?? (signal ? 1 : 0)));
  });
}

/** One fresh clone of `ref`, its suite run quiet or beside `procs` busy processes. */
async function freshRun(ref, load, procs) {
  const clone = await mkdtemp(join(tmpdir(), "fresh-run-"));
  await exec("git", ["clone", "--quiet", "--no-checkout", root, clone], { stdio: "inherit" });
  await exec("git", ["checkout", "--quiet", ref], { cwd: clone, stdio: "inherit" });
  const logPath = `${clone}.log`;
  const log = createWriteStream(logPath);
  const command =
    load === "busy"
      ? ["node", ["scripts/busy.mjs", "--procs", String(procs), "--", "npm", "test"]]
      : ["npm", ["test"]];
  const started = Date.now();
  const loadAtStart = loadavg()[0];
  const code = await new Promise((resolveExit) => {
    const child = spawn(command[0], command[1], {
      cwd: clone,
      env: { ...process.env, CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on("exit", (status, signal) => resolveExit(status ?? (signal ? 1 : 0)));
  });
  const ms = Date.now() - started;
  // The machine's own load (other work included, busy processes too), a minute's average.
  const loadAverage = `${loadAtStart.toFixed(1)} → ${loadavg()[0].toFixed(1)}`;
  await new Promise((done) => log.end(done));
  const outcome = readOutcome(await readFile(logPath, "utf8"));
  // What the suite itself took, the install apart (scripts/task-shell.sh's records).
  const records = recordsOnDisk(join(clone, ".turbo", "task-times"));
  const suite = records.length > 0 ? stepsOf(records) : undefined;
  await rm(clone, { recursive: true, force: true });
  if (code === 0) await rm(logPath, { force: true });
  return {
    load,
    loadAverage,
    code,
    ms,
    cpu: suite?.cpu,
    suiteMs: suite?.wall,
    log: code === 0 ? undefined : logPath,
    ...outcome,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "5" },
      load: { type: "string", default: "both" },
      procs: { type: "string", default: "4" },
      ref: { type: "string", default: "HEAD" },
    },
  });
  const runs = Number(values.runs);
  const loads = { quiet: ["quiet"], busy: ["busy"], both: ["quiet", "busy"] }[values.load];
  if (!Number.isInteger(runs) || runs < 1 || !loads) {
    console.error(
      "usage: node scripts/fresh-runs.mjs [--runs N] [--load quiet|busy|both] [--procs N] [--ref REF]",
    );
    process.exit(2);
  }
  const results = [];
  for (const load of loads) {
    for (let i = 1; i <= runs; i++) {
      const run = await freshRun(values.ref, load, values.procs);
      results.push(run);
      const outcome =
        run.passed === undefined ? "no closing line" : `${run.passed} passed, ${run.failed} failed`;
      console.log(
        `${load} run ${i}/${runs}: ${run.code === 0 ? "green" : "RED"} in ${formatDuration(run.ms)} (load average ${run.loadAverage}${run.cpu === undefined ? "" : `; the suite after the install: ${Math.round(run.cpu)} s CPU, ${formatDuration(run.suiteMs)}`}), ${outcome}${run.log ? ` (log: ${run.log})` : ""}`,
      );
      for (const failure of run.failures) console.log(`  ${failure}`);
    }
  }
  console.log(`\n${table(results)}`);
  process.exit(results.every((run) => run.code === 0) ? 0 : 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
