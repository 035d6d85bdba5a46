/**
 * `generate --watch` in a real child process: it regenerates once per edit of the spec,
 * reports a broken spec without stopping, and never retriggers itself with its own writes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { watch } from "node:fs";
import { appendFile, copyFile, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it, vi } from "vitest";
import { watchFolder } from "../src/cli.ts";
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
  const wakeAll = () => {
    for (const wake of waiters.splice(0)) wake();
  };
  let exited: string | undefined;
  child.once("exit", (code, signal) => {
    exited = `the watcher exited (${signal ?? `status ${code}`})`;
    wakeAll();
  });
  for (const stream of [child.stdout, child.stderr]) {
    // Whole lines, however the output was chunked.
    createInterface({ input: stream! }).on("line", (line) => {
      if (line) lines.push(line);
      wakeAll();
    });
  }

  /**
   * Waits until `count(lines)` reaches `atLeast`; fails at once if the watcher exits, and after
   * `withinMs` otherwise, showing what it printed so far.
   */
  async function waitFor(
    count: (lines: string[]) => number,
    atLeast: number,
    withinMs: number,
  ): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (count(lines) < atLeast) {
      if (exited) throw new Error(`${exited}; printed:\n${lines.join("\n")}`);
      await new Promise<void>((wake, fail) => {
        const timer = setTimeout(
          () => fail(new Error(`nothing after ${withinMs / 1000} s; printed so far:\n${lines.join("\n")}`)),
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

/**
 * A run's generation may take minutes on a loaded machine (it formats and writes every file),
 * but seeing an edit takes the watcher a debounce and one read of the folder: a lost edit fails
 * within seconds, with what was printed.
 */
const generating = 240_000;
const noticing = 20_000;
const generated = (lines: string[]) => lines.filter((line) => line.startsWith("generated ")).length;
const noticed = (lines: string[]) => lines.filter((line) => line.endsWith(" changed: regenerating")).length;
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
      await watcher.waitFor(
        (lines) => lines.filter((line) => line.startsWith("watching ")).length,
        1,
        generating,
      );
      expect(generated(watcher.lines)).toBe(1);

      await appendFile(spec, "\n# an edit\n");
      await watcher.waitFor(noticed, 1, noticing);
      expect(watcher.lines.at(-1)).toBe("spec.yaml changed: regenerating");
      await watcher.waitFor(generated, 2, generating);
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
      await watcher.waitFor(noticed, 2, noticing);
      await watcher.waitFor(generated, 3, generating);
      expect(noticed(watcher.lines)).toBe(2);
      expect(watcher.lines.filter((line) => line.startsWith("generated ")).at(-1)).not.toMatch(/\(0 changed/);

      await appendFile(spec, "operations: {}\n");
      await watcher.waitFor(noticed, 3, noticing);
      await watcher.waitFor(refusals, 1, generating);
      expect(watcher.lines).toContainEqual(
        expect.stringMatching(/spec\.yaml:\d+:1 error: 'operations' is written twice/),
      );
    } finally {
      expect(await watcher.stop()).toBe(0);
    }
  });
});

describe("watching a folder where the system refuses another watcher", () => {
  it("says so and reads the folder every second instead", async () => {
    vi.useFakeTimers();
    try {
      const errors: string[] = [];
      let changes = 0;
      const refuse = (() => {
        throw Object.assign(new Error("EMFILE: too many open files, watch"), { code: "EMFILE" });
      }) as unknown as typeof watch;
      const stop = watchFolder(
        "spec",
        () => changes++,
        { out: () => {}, err: (line) => errors.push(line) },
        refuse,
      );
      expect(errors).toEqual([
        "cannot watch spec (EMFILE: the system's limit of file watchers); reading it every second instead",
      ]);
      vi.advanceTimersByTime(3000);
      expect(changes).toBe(3);
      stop();
      vi.advanceTimersByTime(3000);
      expect(changes).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets any other refusal (a missing folder) through", () => {
    const missing = (() => {
      throw Object.assign(new Error("ENOENT: no such file or directory, watch"), { code: "ENOENT" });
    }) as unknown as typeof watch;
    expect(() => watchFolder("spec", () => {}, { out: () => {}, err: () => {} }, missing)).toThrow(/ENOENT/);
  });
});
