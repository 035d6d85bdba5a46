// The mutation audit's own tests: it plants exactly what it is told, refuses what it cannot
// place, and leaves every file as it found it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { plant } from "./mutation-audit.mjs";

const root = join(import.meta.dirname, "..");

test("plant replaces the one occurrence, and refuses a missing or repeated one with the fix", () => {
  const mutant = { id: "m", file: "f.ts", from: "a < b", to: "a <= b" };
  assert.equal(plant("if (a < b) go();", mutant), "if (a <= b) go();");
  assert.throws(() => plant("if (a > b) go();", mutant), /m: "a < b" is not in f.ts/);
  assert.throws(() => plant("a < b; a < b", mutant), /occurs more than once in f.ts; give more of the line/);
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
