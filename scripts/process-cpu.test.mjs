// Every process's CPU from process accounting (scripts/process-cpu.mjs): dump-acct's lines read
// back, and each process counted in the task it ran in, or apart when its parent exited first.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { cpuByTask, parseDump, processCpuLines, taskShells } from "./process-cpu.mjs";

/** A dump-acct line: user and system time in ticks of 10 ms. */
const line = (command, user, system, pid, ppid) =>
  `${command.padEnd(16)}|v3|${user.toFixed(2).padStart(9)}|${system.toFixed(2).padStart(9)}|   100.00|     0|     0|  2592.00|  1109.00|${String(pid).padStart(8)}|${String(ppid).padStart(8)}|     |       0|__      |Sun Nov 29 08:12:27 2026`;

test("dump-acct's lines are read as command, CPU in seconds, pid and parent", () => {
  assert.deepEqual(parseDump(`${line("npm install", 1200, 215, 31080, 31079)}\n`), [
    { command: "npm install", cpu: 14.15, pid: 31080, ppid: 31079 },
  ]);
});

test("a process counts in its nearest task shell's task; one whose ancestor exited first counts apart", () => {
  const shells = new Map([
    [100, "@commerce-api/portal#test"],
    [200, "@commerce-api/sandbox#test"],
  ]);
  const processes = parseDump(
    [
      line("sh", 0, 0, 100, 50),
      line("node", 2000, 100, 101, 100), // vitest, under the portal's task shell
      line("chromium", 1500, 70, 102, 101), // the browser it launched
      line("chromium", 4800, 100, 103, 1), // a renderer adopted by init: its zygote exited first
      line("node", 300, 0, 201, 200), // under the sandbox's task shell
      line("chromium", 900, 0, 202, 999), // its parent was never recorded (still running)
    ].join("\n"),
  );
  const byTask = cpuByTask(processes, shells);
  // The task shell itself counts in its own task.
  assert.deepEqual(Object.fromEntries(byTask.get("@commerce-api/portal#test")), {
    sh: 0,
    node: 21,
    chromium: 15.7,
  });
  assert.deepEqual(Object.fromEntries(byTask.get("@commerce-api/sandbox#test")), { node: 3 });
  assert.deepEqual(Object.fromEntries(byTask.get("(parent gone)")), { chromium: 58 });
  const lines = processCpuLines(processes, shells);
  assert.equal(lines[0], "every process: 97.7 s of CPU");
  assert.ok(lines.includes("| chromium | 73.7 s |"), lines.join("\n"));
  assert.ok(lines.includes("| (parent gone): chromium | 58.0 s |"), lines.join("\n"));
});

test("parents that loop (a pid given out twice during the run) end the search: the process counts apart", () => {
  const processes = parseDump([line("node", 100, 0, 300, 301), line("node", 200, 0, 301, 300)].join("\n"));
  const byTask = cpuByTask(processes, new Map([[100, "@commerce-api/portal#test"]]));
  assert.deepEqual(Object.fromEntries(byTask.get("(parent gone)")), { node: 3 });
});

test("task shells are found by the pid their record's file is named with", () => {
  const dir = mkdtempSync(join(tmpdir(), "process-cpu-test-"));
  try {
    writeFileSync(
      join(dir, "1795939947067-7996.tsv"),
      "@commerce-api/codegen#test\t1\t2\t0\t1\tturbo\t0m0.01s 0m0.00s\n0m1.50s 0m0.20s\n",
    );
    assert.deepEqual(taskShells(dir), new Map([[7996, "@commerce-api/codegen#test"]]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
