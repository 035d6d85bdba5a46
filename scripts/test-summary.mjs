#!/usr/bin/env node
// Adds up the vitest JSON reports of every workspace package into one closing line.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
export const reportName = ".test-results.json";

export function reportPaths() {
  const dirs = [
    "codegen",
    ...["packages", "apps", "tools"].flatMap((d) => readdirSync(join(root, d)).map((p) => join(d, p))),
  ];
  return dirs.map((dir) => join(root, dir, reportName)).filter((path) => existsSync(path));
}

export function summarize() {
  const reports = reportPaths();
  if (reports.length === 0) return "none ran (a check before them failed; see above)";
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const path of reports) {
    const report = JSON.parse(readFileSync(path, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
}
