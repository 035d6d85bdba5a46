import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../src/cli.ts";

export const codegenRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = join(codegenRoot, "..");
export const realSpec = join(repoRoot, "spec", "commerce.yaml");

export interface CliRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

/** Runs the CLI in-process with `cwd` as its working directory, capturing what it prints line by line. */
export async function runCli(argv: readonly string[], cwd: string): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const split = (into: string[]) => (text: string) => into.push(...text.split("\n"));
  const code = await main(argv, { out: split(out), err: split(err) }, cwd);
  return { code, out, err };
}

/** A fresh directory under the OS temp dir; `removeTempDirs` deletes every one made so far. */
const made: string[] = [];
export async function makeTempDir(prefix = "codegen-test-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Every file under `dir` (relative, '/'-separated, sorted); empty when `dir` does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .sort();
}

/** Every file under `dir` with its contents, keyed as `listFiles` names them. */
export async function readTree(dir: string): Promise<Map<string, string>> {
  const files = await listFiles(dir);
  return new Map(
    await Promise.all(files.map(async (file) => [file, await readFile(join(dir, file), "utf8")] as const)),
  );
}
