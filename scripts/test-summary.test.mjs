// The suite's closing lines must tell the truth: `node --test scripts/` (a step of `npm test`).
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { closingLines, readReport } from "./test-summary.mjs";

const root = join(import.meta.dirname, "..");

/** A vitest JSON report of one file with the given tests. */
function report(tests, file = {}) {
  const failed = tests.filter((t) => t.status === "failed").length;
  return {
    success: failed === 0 && file.status !== "failed",
    numPassedTests: tests.filter((t) => t.status === "passed").length,
    numFailedTests: failed,
    numPendingTests: tests.filter((t) => t.status === "skipped").length,
    numTodoTests: 0,
    testResults: [
      {
        name: join(root, "codegen/test/a.test.ts"),
        status: failed > 0 ? "failed" : "passed",
        message: "",
        ...file,
        assertionResults: tests.map((t) => ({ fullName: t.name, title: t.name, status: t.status })),
      },
    ],
  };
}

const green = {
  dir: "codegen",
  name: "@commerce-api/codegen",
  report: report([{ name: "a", status: "passed" }]),
};

test("a green run counts its tests and names no failure", () => {
  const { lines, failed } = closingLines([green], [{ name: "biome check", ok: true }]);
  assert.equal(failed, 0);
  assert.deepEqual(lines, ["", "tests: 1 passed, 0 failed"]);
});

test("a failed hook in a file whose tests passed is a failure, named with its message", () => {
  const hook = report([{ name: "a", status: "passed" }], {
    status: "failed",
    message: "Hook timed out in 10000ms.\nIf this is a long-running hook...",
  });
  const { lines, failed } = closingLines([{ dir: "codegen", name: "@commerce-api/codegen", report: hook }]);
  assert.equal(failed, 1);
  assert.ok(lines.includes("  codegen/test/a.test.ts: Hook timed out in 10000ms."));
  assert.equal(lines.at(-1), "tests: 1 passed, 1 failed");
});

test("failed tests are named and counted once, with their task", () => {
  const red = report([
    { name: "works", status: "passed" },
    { name: "breaks", status: "failed" },
  ]);
  const { lines, failed } = closingLines(
    [{ dir: "codegen", name: "@commerce-api/codegen", report: red }],
    [],
    ["@commerce-api/codegen#test"],
  );
  assert.equal(failed, 1);
  assert.ok(lines.includes("  codegen/test/a.test.ts > breaks"));
});

test("a failed step outside vitest (a typecheck, biome, generate --check) is counted and named", () => {
  const { lines, failed } = closingLines(
    [green],
    [{ name: "pnpm generate --check", ok: false }],
    ["@commerce-api/client#typecheck", "@commerce-api/react#test"],
  );
  assert.equal(failed, 3);
  assert.ok(lines.includes("  step pnpm generate --check failed (see its output above)"));
  assert.ok(lines.includes("  step @commerce-api/client#typecheck failed (see its output above)"));
  // A test task that failed without a report saying why (it crashed) is a failure of its own.
  assert.ok(lines.includes("  step @commerce-api/react#test failed (see its output above)"));
  assert.notEqual(lines.at(-1), "tests: 1 passed, 0 failed");
});

test("errors vitest reports outside any file still fail the package", () => {
  const unhandled = { ...report([{ name: "a", status: "passed" }]), success: false };
  assert.deepEqual(readReport(unhandled, "apps/sandbox").failures, [
    "apps/sandbox: vitest reported errors outside the tests",
  ]);
});

test("skipped tests are counted apart", () => {
  const some = report([
    { name: "a", status: "passed" },
    { name: "b", status: "skipped" },
  ]);
  assert.equal(
    closingLines([{ dir: "x", name: "x", report: some }]).lines.at(-1),
    "tests: 1 passed, 0 failed, 1 skipped",
  );
});
