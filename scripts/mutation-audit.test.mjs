// The mutation audit's own tests: it plants exactly what it is told, refuses what it cannot
// place, and leaves every file as it found it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { packageOf, plant, scoresByPackage } from "./mutation-audit.mjs";

const root = join(import.meta.dirname, "..");

test("plant replaces the one occurrence, and refuses a missing or repeated one with the fix", () => {
  const mutant = { id: "m", file: "f.ts", from: "a < b", to: "a <= b" };
  assert.equal(plant("if (a < b) go();", mutant), "if (a <= b) go();");
  assert.throws(() => plant("if (a > b) go();", mutant), /m: "a < b" is not in f.ts/);
  assert.throws(() => plant("a < b; a < b", mutant), /occurs more than once in f.ts; give more of the line/);
  // Overlapping occurrences are two places too.
  const overlapping = { id: "o", file: "f.ts", from: "== =", to: "!= =" };
  assert.throws(() => plant("a == == = b", overlapping), /occurs more than once/);
});

test("a run names what was caught and what survived, and restores each file", () => {
  const dir = join(root, ".tmp", "mutation-audit-test");
  mkdirSync(dir, { recursive: true });
  try {
    const target = join(dir, "target.js");
    writeFileSync(target, "export const limit = 10;\n");
    const file = ".tmp/mutation-audit-test/target.js";
    const list = join(dir, "mutants.json");
    writeFileSync(
      list,
      JSON.stringify([
        // "Caught": the test command fails while the mutant is in place.
        { id: "seen", file, from: "10", to: "11", test: `! grep -q 11 ${file}` },
        { id: "unseen", file, from: "10", to: "12", test: "true" },
      ]),
    );
    const run = spawnSync(process.execPath, [join(root, "scripts", "mutation-audit.mjs"), list], {
      cwd: root,
      encoding: "utf8",
    });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^caught {3}seen$/m);
    assert.match(run.stdout, /^SURVIVED unseen$/m);
    assert.match(run.stdout, /\| unseen \| `\.tmp\/mutation-audit-test\/target\.js` \| \*\*no\*\* \|/);
    assert.match(run.stdout, /caught per package:\n {2}\.: 1 of 2\n/);
    assert.match(run.stdout, /1 of 2 caught/);
    assert.equal(readFileSync(target, "utf8"), "export const limit = 10;\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Ctrl-C during a test stops the audit there, the file restored", () => {
  const dir = join(root, ".tmp", "mutation-audit-interrupt");
  mkdirSync(dir, { recursive: true });
  try {
    const target = join(dir, "target.js");
    writeFileSync(target, "export const limit = 10;\n");
    const file = ".tmp/mutation-audit-interrupt/target.js";
    const list = join(dir, "mutants.json");
    writeFileSync(
      list,
      JSON.stringify([
        { id: "interrupted", file, from: "10", to: "11", test: "kill -INT $$" },
        { id: "never run", file, from: "10", to: "12", test: "true" },
      ]),
    );
    const run = spawnSync(process.execPath, [join(root, "scripts", "mutation-audit.mjs"), list], {
      cwd: root,
      encoding: "utf8",
    });
    assert.equal(run.status, 130, run.stderr);
    assert.match(
      run.stderr,
      /stopped by SIGINT during interrupted; \.tmp\/mutation-audit-interrupt\/target\.js is restored/,
    );
    assert.doesNotMatch(run.stdout, /never run/);
    assert.equal(readFileSync(target, "utf8"), "export const limit = 10;\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs the audit over `mutants` (written into a scratch folder of the repo with `target.js`). */
function audit(name, mutants, args = []) {
  const dir = join(root, ".tmp", name);
  mkdirSync(join(dir, "sub"), { recursive: true });
  const target = join(dir, "target.js");
  writeFileSync(target, "export const limit = 10;\n");
  const list = join(dir, "mutants.json");
  writeFileSync(list, JSON.stringify(mutants));
  try {
    const run = spawnSync(process.execPath, [join(root, "scripts", "mutation-audit.mjs"), list, ...args], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, CI: "" },
    });
    return { ...run, target: readFileSync(target, "utf8"), dir };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("any failing exit of the test is a catch (a timeout's 124 too); the test runs in its cwd with CI set", () => {
  const file = ".tmp/mutation-audit-exits/target.js";
  const run = audit("mutation-audit-exits", [
    { id: "exit 2", file, from: "10", to: "11", test: "exit 2" },
    { id: "timed out", file, from: "10", to: "12", test: "exit 124" },
    {
      id: "in its cwd",
      file,
      from: "10",
      to: "13",
      cwd: ".tmp/mutation-audit-exits/sub",
      test: "test ! -f ../target.js",
    },
    { id: "under CI", file, from: "10", to: "14", test: 'test "$CI" != true' },
  ]);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^caught {3}exit 2$/m);
  assert.match(run.stdout, /^caught {3}timed out$/m);
  assert.match(run.stdout, /^caught {3}in its cwd$/m);
  assert.match(run.stdout, /^caught {3}under CI$/m);
  assert.match(run.stdout, /4 of 4 caught/);
});

test("--only runs the one mutant named", () => {
  const file = ".tmp/mutation-audit-only/target.js";
  const run = audit(
    "mutation-audit-only",
    [
      { id: "first", file, from: "10", to: "11", test: "false" },
      { id: "second", file, from: "10", to: "12", test: "true" },
    ],
    ["--only", "first"],
  );
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^caught {3}first$/m);
  assert.doesNotMatch(run.stdout, /second/);
  assert.match(run.stdout, /1 of 1 caught/);
});

test("a stale list fails before any mutant runs; an empty list is refused", () => {
  const file = ".tmp/mutation-audit-stale/target.js";
  const stale = audit("mutation-audit-stale", [
    { id: "fine", file, from: "10", to: "11", test: "echo ran" },
    { id: "stale", file, from: "limit = 99", to: "limit = 98", test: "true" },
  ]);
  assert.notEqual(stale.status, 0);
  assert.match(stale.stderr, /stale: "limit = 99" is not in \.tmp\/mutation-audit-stale\/target\.js/);
  assert.doesNotMatch(stale.stdout, /fine/);
  assert.equal(stale.target, "export const limit = 10;\n");
  const empty = audit("mutation-audit-empty", []);
  assert.equal(empty.status, 2);
  assert.match(empty.stderr, /the list is empty/);
});

test("the score of each package: the nearest folder of the mutant's file with a package.json", () => {
  assert.equal(packageOf("packages/query/src/generated/operations.ts"), "packages/query");
  assert.equal(packageOf("packages/sandbox/src/cli/trigger.ts"), "packages/sandbox");
  assert.equal(packageOf("scripts/mutate.mjs"), ".");
  const rows = [
    { file: "packages/query/src/keys.ts", caught: true },
    { file: "packages/vue-query/src/index.ts", caught: false },
    { file: "packages/query/src/pages.ts", caught: false },
    { file: "packages/vue-query/src/index.ts", caught: true },
    { file: "packages/query/src/queries.ts", caught: true },
  ];
  assert.deepEqual(scoresByPackage(rows), ["packages/query: 2 of 3", "packages/vue-query: 1 of 2"]);
});
