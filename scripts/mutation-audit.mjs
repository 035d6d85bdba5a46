#!/usr/bin/env node
// Plants one-line bugs one at a time, runs the tests that should catch each, and tells which
// survived: a way to find the behaviour no test guards. Nothing is left changed: each file is
// restored after its run, Ctrl-C included.
//
//   node scripts/mutation-audit.mjs mutants.json [--only <id>]
//
// mutants.json (kept outside the repo: it is a one-off audit's list) is an array of
//   { "id": "client: retry refuses the last attempt",
//     "file": "packages/client/src/retry.ts",            (from the repo root)
//     "from": "attempt < retries", "to": "attempt <= retries",   (`from` must occur once)
//     "cwd": "packages/client",                             (where to run the tests)
//     "test": "pnpm exec vitest run test/runtime" }         (a non-zero exit = caught)
// A package's build is not redone: plant in what the tests import from source, or build in `test`.
// A planted bug can make a test wait out its limits (minutes): bound the command, e.g.
// "timeout -k 10 300 pnpm exec vitest run --bail=1" (GNU timeout ends the whole run; exit 124 = caught).
// Prints one line per mutant as it goes, then a Markdown table and the score of each package
// (the nearest folder of the mutant's file with a package.json); exits 1 when any survived.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function usage(message) {
  console.error(`${message}\nusage: node scripts/mutation-audit.mjs <mutants.json> [--only <id>]`);
  process.exit(2);
}

/** The file's text with `from` replaced by `to`; refuses a `from` that is missing or ambiguous. */
export function plant(text, { id, file, from, to }) {
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`${id}: "${from}" is not in ${file} (was the code changed?)`);
  if (text.indexOf(from, at + 1) >= 0)
    throw new Error(`${id}: "${from}" occurs more than once in ${file}; give more of the line`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The package a file (from the repo root) belongs to: its nearest folder with a package.json. */
export function packageOf(file, repoRoot = root) {
  for (let dir = dirname(join(repoRoot, file)); dir.startsWith(repoRoot); dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return relative(repoRoot, dir) || ".";
    if (dir === repoRoot) break;
  }
  return ".";
}

/** "<package>: <caught> of <planted>" per package, in the order the list first names them. */
export function scoresByPackage(rows, repoRoot = root) {
  const scores = new Map();
  for (const row of rows) {
    const name = packageOf(row.file, repoRoot);
    const score = scores.get(name) ?? { caught: 0, planted: 0 };
    score.planted += 1;
    if (row.caught) score.caught += 1;
    scores.set(name, score);
  }
  return [...scores].map(([name, { caught, planted }]) => `${name}: ${caught} of ${planted}`);
}

/**
 * Plants the mutant, runs its test, restores the file whatever happened. The run is synchronous,
 * so Ctrl-C reaches the test (same process group) and ends it; the file is restored here and
 * the audit stops, rather than going on to the next mutant.
 */
function runOne(mutant) {
  const path = join(root, mutant.file);
  const original = readFileSync(path, "utf8");
  writeFileSync(path, plant(original, mutant));
  let result;
  try {
    result = spawnSync(mutant.test, {
      cwd: join(root, mutant.cwd ?? "."),
      shell: true,
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    });
  } finally {
    writeFileSync(path, original);
  }
  if (result.signal === "SIGINT" || result.signal === "SIGTERM") {
    console.error(`stopped by ${result.signal} during ${mutant.id}; ${mutant.file} is restored`);
    process.exit(130);
  }
  return result.status !== 0;
}

function main() {
  const args = process.argv.slice(2);
  const listPath = args.find((a) => !a.startsWith("--"));
  if (!listPath) usage("no list of mutants given");
  const onlyAt = args.indexOf("--only");
  const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
  let mutants = JSON.parse(readFileSync(listPath, "utf8"));
  if (only) mutants = mutants.filter((m) => m.id === only);
  if (mutants.length === 0) usage(only ? `no mutant has the id "${only}"` : "the list is empty");
  // Every `from` is checked before anything runs, so a stale list fails at once.
  for (const m of mutants) plant(readFileSync(join(root, m.file), "utf8"), m);
  const rows = [];
  for (const mutant of mutants) {
    const caught = runOne(mutant);
    console.log(`${caught ? "caught  " : "SURVIVED"} ${mutant.id}`);
    rows.push({ ...mutant, caught });
  }
  const survived = rows.filter((r) => !r.caught);
  console.log(`\n| mutant | file | caught |\n|---|---|---|`);
  for (const r of rows) console.log(`| ${r.id} | \`${r.file}\` | ${r.caught ? "yes" : "**no**"} |`);
  console.log(
    `\ncaught per package:\n${scoresByPackage(rows)
      .map((line) => `  ${line}`)
      .join("\n")}`,
  );
  console.log(`\n${rows.length - survived.length} of ${rows.length} caught`);
  process.exit(survived.length > 0 ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
