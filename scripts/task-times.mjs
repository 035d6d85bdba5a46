// The CPU and wall time of each step of one `npm test` and of each turbo task in it, from the
// lines scripts/task-shell.sh writes (one per step and per package script, into
// .turbo/task-times), and the share of each test file inside the suite's big packages.
// scripts/test-times.mjs prints them; the README's "Where the work is" table comes from there.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
export const taskTimesDir = join(root, ".turbo", "task-times");

/** The packages whose test files are each given their share of the package's test time. */
export const bigPackages = ["tools/release", "packages/sandbox", "apps/portal", "codegen"];

/** `0m12.340000s` (the shell's `times`) in seconds. */
function shellSeconds(text) {
  const match = /^(\d+)m([\d.]+)s$/.exec(text);
  if (!match) throw new Error(`not a time of the shell's \`times\`: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * One record of task-shell.sh: `what\tstart\tend\tstatus\tdepth\tstep\t<own user> <own sys>\n<children's
 * user> <children's sys>`; its CPU is its children's (every process the script waited for).
 */
export function parseRecord(text) {
  const [first, children] = text.trim().split("\n");
  const [what, start, end, status, depth, step] = first.split("\t");
  const [user, system] = children.trim().split(/\s+/).map(shellSeconds);
  return {
    what,
    start: Number(start),
    end: Number(end),
    status: Number(status),
    depth: Number(depth),
    step,
    cpu: user + system,
  };
}

export function recordsOnDisk(dir = taskTimesDir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".tsv"))
    .map((file) => parseRecord(readFileSync(join(dir, file), "utf8")));
}

/**
 * The run's steps (depth 0), in order, each with the scripts it ran (depth 1: a turbo run's
 * tasks, side by side; a script a task's script started is deeper and counts in that task).
 * Steps may run side by side too: a task belongs to the step it names.
 * `install` is the install; the run's CPU and wall leave it out.
 */
export function stepsOf(records) {
  const byStart = [...records].sort((a, b) => a.start - b.start);
  const steps = byStart.filter((r) => r.depth === 0).map((step) => ({ ...step, inside: [] }));
  for (const task of byStart.filter((r) => r.depth === 1)) {
    steps.find((step) => step.what === task.step)?.inside.push(task);
  }
  const install = steps.find((step) => step.what === "install");
  const run = steps.filter((step) => step !== install);
  return {
    steps,
    install,
    cpu: run.reduce((sum, step) => sum + step.cpu, 0),
    wall: run.length === 0 ? 0 : Math.max(...run.map((s) => s.end)) - Math.min(...run.map((s) => s.start)),
  };
}

/** Each file of a big package's vitest report, with its share of the package's test time. */
export function fileShares(reports, packages = bigPackages) {
  return packages.flatMap((dir) => {
    const report = reports.find((r) => r.dir === dir)?.report;
    if (!report) return [];
    const files = (report.testResults ?? []).map((file) => ({
      file: relative(join(root, dir), file.name),
      ms: file.endTime - file.startTime,
    }));
    const total = files.reduce((sum, f) => sum + f.ms, 0);
    return [
      {
        dir,
        files: files
          .sort((a, b) => b.ms - a.ms)
          .map((f) => ({ ...f, share: total === 0 ? 0 : f.ms / total })),
      },
    ];
  });
}

const s = (seconds) => `${seconds.toFixed(1)} s`;

/** The tables, as Markdown lines. */
export function taskTimesLines(records, reports, { filesPerPackage = 8 } = {}) {
  const { steps, install, cpu, wall } = stepsOf(records);
  const lines = [];
  if (steps.length > 0) {
    const first = Math.min(...steps.filter((x) => x !== install).map((x) => x.start));
    lines.push(
      `the run: ${s(cpu)} CPU, ${s(wall / 1000)} wall` +
        (install
          ? ` (the install apart: ${s(install.cpu)} CPU, ${s((install.end - install.start) / 1000)} wall)`
          : ""),
      "",
      "| step, then its tasks by CPU | CPU | wall | starts at |",
      "|---|---|---|---|",
    );
    for (const step of steps) {
      const at = step === install ? "" : s((step.start - first) / 1000);
      const failed = step.status === 0 ? "" : ` (exit ${step.status})`;
      lines.push(`| ${step.what}${failed} | ${s(step.cpu)} | ${s((step.end - step.start) / 1000)} | ${at} |`);
      for (const task of [...step.inside].sort((a, b) => b.cpu - a.cpu)) {
        const taskFailed = task.status === 0 ? "" : ` (exit ${task.status})`;
        lines.push(
          `| &nbsp;&nbsp;${task.what}${taskFailed} | ${s(task.cpu)} | ${s((task.end - task.start) / 1000)} | ${s((task.start - first) / 1000)} |`,
        );
      }
    }
    lines.push("");
  }
  for (const { dir, files } of fileShares(reports)) {
    lines.push(`| ${dir}: test file | takes | share |`, "|---|---|---|");
    for (const f of files.slice(0, filesPerPackage)) {
      lines.push(`| ${f.file} | ${s(f.ms / 1000)} | ${Math.round(f.share * 100)} % |`);
    }
    if (files.length > filesPerPackage) {
      const rest = files.slice(filesPerPackage);
      const share = rest.reduce((sum, f) => sum + f.share, 0);
      const ms = rest.reduce((sum, f) => sum + f.ms, 0);
      lines.push(`| the ${rest.length} others | ${s(ms / 1000)} | ${Math.round(share * 100)} % |`);
    }
    lines.push("");
  }
  return lines;
}
