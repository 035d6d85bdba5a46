#!/usr/bin/env node
// Stryker's mutation testing over one package: it plants every small bug it knows (a flipped
// comparison, a dropped condition, an emptied string...) in the package's sources, runs the
// tests that reach each one, and lists the ones no test noticed. Slow (minutes per folder):
// a tool for finding unguarded behaviour, not a step of `npm test`.
//
//   node scripts/mutate.mjs <package dir> [--concurrency=N] [--ignore-static] [file or glob ...]
//   node scripts/mutate.mjs packages/sandbox --ignore-static 'src/control/*.ts'
//
// Files are mutated in place (Stryker's copies cannot follow a pnpm workspace's links) and the
// whole package folder is restored when the run ends: an edit made there during a run is lost.
// The report is <package>/reports/mutation/ (HTML and JSON). --concurrency sets the test
// processes (default 2). --ignore-static skips mutants in code run at import time (module-level
// constants): each would rerun the package's whole suite, hours for the sandbox. Generated code
// is left out: its emitter is what a bug would be planted in.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { Stryker } from "@stryker-mutator/core";

const [packageDir, ...rest] = process.argv.slice(2);
if (!packageDir || !existsSync(join(packageDir, "package.json"))) {
  console.error(
    "usage: node scripts/mutate.mjs <package dir> [--concurrency=N] [--ignore-static] [file or glob ...]",
  );
  process.exit(2);
}
const concurrencyFlag = rest.find((argument) => argument.startsWith("--concurrency="));
const concurrency = concurrencyFlag ? Number(concurrencyFlag.slice("--concurrency=".length)) : 2;
const ignoreStatic = rest.includes("--ignore-static");
const files = rest.filter((argument) => argument !== concurrencyFlag && argument !== "--ignore-static");
const packageRoot = resolve(packageDir);

/** Stryker restores files by rewriting them, which drops the executable bit: put it back. */
function executableFiles() {
  const listing = execFileSync("git", ["ls-files", "-s", "."], { cwd: packageRoot, encoding: "utf8" });
  return listing
    .split("\n")
    .filter((line) => line.startsWith("100755"))
    .map((line) => join(packageRoot, line.split("\t")[1]));
}

const executables = executableFiles();
process.chdir(packageRoot);
try {
  const stryker = new Stryker({
    testRunner: "vitest",
    plugins: ["@stryker-mutator/vitest-runner"],
    coverageAnalysis: "perTest",
    inPlace: true,
    mutate: files.length > 0 ? files : ["src/**/*.{ts,tsx}", "!src/generated/**", "!**/*.d.ts"],
    concurrency,
    ignoreStatic,
    reporters: ["clear-text", "progress", "html", "json"],
    tempDirName: join(packageRoot, "node_modules/.cache/stryker"),
    timeoutMS: 60_000,
    // No `// @ts-nocheck` put in every file: vitest does not type-check, and tests that compare a
    // file with the README's copy of it (the React package's examples) would fail on the line.
    disableTypeChecks: false,
  });
  const results = await stryker.runMutationTest();
  const survived = results.filter((mutant) => mutant.status === "Survived" || mutant.status === "NoCoverage");
  process.exitCode = survived.length > 0 ? 1 : 0;
} finally {
  for (const file of executables) chmodSync(file, 0o755);
}
