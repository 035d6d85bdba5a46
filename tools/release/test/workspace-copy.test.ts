/**
 * The rehearsal copies a live workspace: a test running beside it may remove an untracked file
 * between the listing and the copy (the sandbox's examples do), which must not fail the release.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyUnlessGone } from "../src/workspace.js";

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), "release-copy-"));
  dirs.push(dir);
  return dir;
}

describe("copying the workspace", () => {
  it("copies a file, and leaves out one gone since it was listed", async () => {
    const [root, target] = [await tempDir(), await tempDir()];
    await writeFile(join(root, "kept.txt"), "kept");
    await copyUnlessGone(root, target, "kept.txt");
    await expect(copyUnlessGone(root, target, "gone.txt")).resolves.toBeUndefined();
    expect(await readFile(join(target, "kept.txt"), "utf8")).toBe("kept");
  });

  it("still fails on any other error", async () => {
    const [root, target] = [await tempDir(), await tempDir()];
    await writeFile(join(root, "a.txt"), "a");
    await writeFile(join(target, "blocker"), "a file where a folder should be");
    await expect(copyUnlessGone(root, join(target, "blocker"), "a.txt")).rejects.toThrow();
  });
});
