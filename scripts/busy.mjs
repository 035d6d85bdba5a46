#!/usr/bin/env node
// Keeps the machine busy, to check that the suite passes under load (nothing in it may depend
// on wall-clock speed): N Node processes spin on the CPU for a bounded time, then stop by
// themselves, even when this script is killed first.
//
//   node scripts/busy.mjs                      # 4 busy processes for 15 minutes
//   node scripts/busy.mjs --procs 6 --minutes 30
//   node scripts/busy.mjs -- npm test          # busy while the command runs; its exit status
//
// With a command, the busy processes stop when it ends, or at the time limit (60 minutes by
// default then), whichever is first.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

const dashes = process.argv.indexOf("--");
const own = dashes === -1 ? process.argv.slice(2) : process.argv.slice(2, dashes);
const command = dashes === -1 ? [] : process.argv.slice(dashes + 1);
const { values } = parseArgs({
  args: own,
  options: { procs: { type: "string", default: "4" }, minutes: { type: "string" } },
});
const procs = Number(values.procs);
const minutes = Number(values.minutes ?? (command.length > 0 ? 60 : 15));
if (!Number.isInteger(procs) || procs < 1 || !(minutes > 0)) {
  console.error("usage: node scripts/busy.mjs [--procs N (whole, >= 1)] [--minutes M (> 0)] [-- command...]");
  process.exit(2);
}

const deadline = Date.now() + minutes * 60_000;
// Each process checks the deadline itself, so none outlives it whatever happens to this one.
const spin = `const end = ${deadline}; while (Date.now() < end) { for (let i = 0; i < 1e6; i++); }`;
const busy = Array.from({ length: procs }, () => spawn(process.execPath, ["-e", spin], { stdio: "ignore" }));
const stopBusy = () => {
  for (const child of busy) child.kill();
};
process.on("exit", stopBusy);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopBusy();
    process.exit(130);
  });
}
console.error(`busy: ${procs} spinning processes until ${new Date(deadline).toISOString()}`);

if (command.length === 0) {
  await Promise.all(busy.map((child) => new Promise((done) => child.on("exit", done))));
  console.error("busy: time is up");
} else {
  const run = spawn(command[0], command.slice(1), { stdio: "inherit", shell: process.platform === "win32" });
  const code = await new Promise((done) =>
    run.on("exit", (status, signal) => done(status ?? (signal ? 1 : 0))),
  );
  stopBusy();
  console.error(`busy: \`${command.join(" ")}\` exited ${code} under load; stopped`);
  process.exit(code);
}
