/**
 * `generate --watch` in a real child process: it regenerates once per edit of the spec,
 * reports a broken spec without stopping, and never retriggers itself with its own writes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { appendFile, copyFile, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { codegenRoot, makeTempDir, removeTempDirs } from "./helpers.ts";

afterAll(removeTempDirs);

/** A running watcher whose printed lines (stdout and stderr, in order) can be awaited. */
function startWatcher(dir: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(codegenRoot, "bin", "commerce-codegen.js"),
      "generate",
      "--watch",
      "--spec",
      "spec.yaml",
      "--out",
      "out",
    ],
    { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    // Whole lines, however the output was chunked.
    createInterface({ input: stream! }).on("line", (line) => {
      if (line) lines.push(line);
      for (const wake of waiters.splice(0)) wake();
    });
  }

  async function waitFor(count: (lines: string[]) => number, atLeast: number): Promise<void> {
    // Far above a busy machine's slowest start; under the test limit, so the lines printed so far are shown.
    const deadline = Date.now() + 240_000;
    while (count(lines) < atLeast) {
      await new Promise<void>((wake, fail) => {
        const timer = setTimeout(
          () => fail(new Error(`timed out; printed so far:\n${lines.join("\n")}`)),
          Math.max(0, deadline - Date.now()),
        );
        waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  }
  const stop = () =>
    new Promise<number | null>((resolveExit) => {
      child.once("exit", (code) => resolveExit(code));
      child.kill("SIGINT");
    });
  return { lines, waitFor, stop };
}

const generated = (lines: string[]) => lines.filter((line) => line.startsWith("generated ")).length;
const refusals = (lines: string[]) =>
  lines.filter((line) => /in the spec; nothing was written$/.test(line)).length;
/** Saves as editors do: a temporary file renamed over the old one. */
const saveAs = async (path: string, text: string) => {
  await writeFile(`${path}.tmp`, text);
  await rename(`${path}.tmp`, path);
};
const settle = (ms: number) => new Promise((resolveLater) => setTimeout(resolveLater, ms));

describe("generate --watch", () => {
  it("regenerates once per edit, survives a broken spec, and exits 0 on Ctrl-C", async () => {
    const dir = await makeTempDir("codegen-watch-");
    const spec = join(dir, "spec.yaml");
    await copyFile(join(codegenRoot, "test", "features", "enum", "spec.yaml"), spec);
    const watcher = startWatcher(dir);
    try {
      await watcher.waitFor((lines) => lines.filter((line) => line.startsWith("watching ")).length, 1);
      expect(generated(watcher.lines)).toBe(1);

      await appendFile(spec, "\n# an edit\n");
      await watcher.waitFor(generated, 2);
      // Its own writes (the JSON Schema beside the spec) must not start another run.
      await settle(1500);
      expect(generated(watcher.lines)).toBe(2);
      // A comment changes no output, so no file is rewritten.
      expect(watcher.lines.filter((line) => line.startsWith("generated ")).at(-1)).toMatch(
        /\(0 changed, 0 removed\)/,
      );

      // Saving the same text again (as editors save: a new file renamed over the old) is no
      // edit: the next run is the real edit's, and only it.
      await saveAs(spec, await readFile(spec, "utf8"));
      await settle(300); // past a debounce, which would take that save for an edit
      await saveAs(spec, (await readFile(spec, "utf8")).replace("[red, green]", "[red, green, blue]"));
      await watcher.waitFor(generated, 3);
      expect(watcher.lines.filter((line) => line.startsWith("generated ")).at(-1)).not.toMatch(/\(0 changed/);

      await appendFile(spec, "operations: {}\n");
      await watcher.waitFor(refusals, 1);
      expect(watcher.lines).toContainEqual(
        expect.stringMatching(/spec\.yaml:\d+:1 error: 'operations' is written twice/),
      );
    } finally {
      expect(await watcher.stop()).toBe(0);
    }
  });
});
