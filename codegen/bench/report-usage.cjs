// Preloaded by bench.js into every Node process it measures: appends, as the process exits,
// its CPU time (ms) and peak memory (KB), so a process tree's figures can be added up. The
// outermost process's CPU includes every descendant it waited for, Node or not (Biome's
// binary, for ours), read on Linux from /proc/self/stat; the Node processes under it report
// only their memory, so nothing is counted twice. Elsewhere each reports its own CPU.
const { appendFileSync, readFileSync } = require("node:fs");

const outermost = process.env.CODEGEN_BENCH_INNER !== "1";
process.env.CODEGEN_BENCH_INNER = "1";

process.on("exit", () => {
  const usage = process.resourceUsage();
  const own = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  const waitedFor = waitedForChildrenCpu();
  const cpu = waitedFor === undefined ? own : outermost ? own + waitedFor : 0;
  appendFileSync(process.env.CODEGEN_BENCH_USAGE, `${JSON.stringify({ cpu, rss: usage.maxRSS })}\n`);
});

/** cutime + cstime of /proc/self/stat, in ms (clock ticks of 10 ms), or undefined where there is no /proc. */
function waitedForChildrenCpu() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}
