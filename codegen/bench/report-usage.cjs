// Preloaded by bench.js into every Node process it measures: appends, as the process exits,
// its CPU time (ms) and peak memory (KB), so a process tree's figures can be added up.
const { appendFileSync } = require("node:fs");

process.on("exit", () => {
  const usage = process.resourceUsage();
  const cpu = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  appendFileSync(process.env.CODEGEN_BENCH_USAGE, `${JSON.stringify({ cpu, rss: usage.maxRSS })}\n`);
});
