#!/usr/bin/env node
// Every process's CPU in one `npm test`, from Linux process accounting. The figures of
// scripts/test-times.mjs come from task-shell.sh's `times`: the CPU of the processes each script
// waited for. A process whose parent exits first is adopted by init and reaches no task's figure:
// Chromium's renderers outlive the zygote that forked them, and in one run they were 47 s of CPU
// that no task counted. This reads what the kernel recorded of every process instead.
//
//   apt-get install -y acct && touch /tmp/pacct && accton /tmp/pacct   # as root, before the run
//   CI=true npm test
//   accton off
//   node scripts/process-cpu.mjs /tmp/pacct                            # in the clone that ran
//
// It prints the CPU by command name, then by task: each process counts in the task whose
// task-shell.sh is its nearest ancestor, and in "(parent gone)" when an ancestor exited first.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseRecord, taskTimesDir } from "./task-times.mjs";

/** `dump-acct`'s lines (`command|v3|user|system|elapsed|uid|gid|memory|io|pid|ppid|…`, times in ticks of 10 ms). */
export function parseDump(text) {
  return text
    .split("\n")
    .filter((line) => line.includes("|"))
    .map((line) => {
      const fields = line.split("|").map((field) => field.trim());
      return {
        command: fields[0],
        cpu: (Number(fields[2]) + Number(fields[3])) / 100,
        pid: Number(fields[9]),
        ppid: Number(fields[10]),
      };
    });
}

/** Each task-shell.sh's pid (the `$$` its record's file is named with) and what it ran. */
export function taskShells(dir = taskTimesDir) {
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith(".tsv"))
      .map((file) => [
        Number(/-(\d+)\.tsv$/.exec(file)[1]),
        parseRecord(readFileSync(join(dir, file), "utf8")).what,
      ]),
  );
}

/** The task each process ran in: its nearest ancestor that is a task shell, else "(parent gone)". */
export function cpuByTask(processes, shells) {
  const byPid = new Map(processes.map((entry) => [entry.pid, entry]));
  const byTask = new Map();
  for (const entry of processes) {
    let task = "(parent gone)";
    // Up the recorded parents; a task shell counts even when it had not exited to be recorded.
    // A pid the kernel gave out twice can make the parents loop: each pid is visited once.
    const seen = new Set();
    for (let pid = entry.pid; pid !== undefined && !seen.has(pid); pid = byPid.get(pid)?.ppid) {
      seen.add(pid);
      if (shells.has(pid)) {
        task = shells.get(pid);
        break;
      }
    }
    const commands = byTask.get(task) ?? new Map();
    commands.set(entry.command, (commands.get(entry.command) ?? 0) + entry.cpu);
    byTask.set(task, commands);
  }
  return byTask;
}

/** The two tables, as Markdown lines: by command name, then by task (the `count` largest rows). */
export function processCpuLines(processes, shells, count = 30) {
  const byCommand = new Map();
  for (const { command, cpu } of processes) byCommand.set(command, (byCommand.get(command) ?? 0) + cpu);
  const seconds = (value) => `${value.toFixed(1)} s`;
  const rows = (entries) =>
    entries
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, cpu]) => `| ${name} | ${seconds(cpu)} |`);
  const taskRows = [...cpuByTask(processes, shells)].flatMap(([task, commands]) =>
    [...commands].map(([command, cpu]) => [`${task}: ${command}`, cpu]),
  );
  return [
    `every process: ${seconds(processes.reduce((sum, { cpu }) => sum + cpu, 0))} of CPU`,
    "",
    "| command | CPU |",
    "|---|---|",
    ...rows([...byCommand]),
    "",
    "| task: command | CPU |",
    "|---|---|",
    ...rows(taskRows),
  ];
}

function main() {
  const [file, count = "30"] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node scripts/process-cpu.mjs <process accounting file> [rows, default 30]");
    process.exit(2);
  }
  const processes = parseDump(execFileSync("dump-acct", [file], { encoding: "utf8", maxBuffer: 1 << 30 }));
  console.log(processCpuLines(processes, taskShells(), Number(count)).join("\n"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
