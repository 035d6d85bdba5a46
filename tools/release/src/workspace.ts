/** The real workspace, read but never written: its packages, its changesets config, a copy of it. */
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { parse } from "yaml";
import type { ChangesetConfig, PackageManifest } from "./checks.js";
import { run } from "./run.js";

export const repoRoot = join(import.meta.dirname, "..", "..", "..");

/** The packages the release publishes, by folder. */
export const publishedPackages = {
  "@commerce-api/schemas": "packages/schemas",
  "@commerce-api/client": "packages/client",
  "@commerce-api/react": "packages/react",
} as const;

export type PublishedName = keyof typeof publishedPackages;

export async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, "utf8")) as T;
}

export function readChangesetConfig(root: string): Promise<ChangesetConfig> {
  return readJson(join(root, ".changeset", "config.json"));
}

/** Every workspace package, from pnpm-workspace.yaml's `dir` and `dir/*` entries. */
export async function readWorkspacePackages(root: string): Promise<PackageManifest[]> {
  const { packages: patterns = [] } = parse(await readFile(join(root, "pnpm-workspace.yaml"), "utf8")) as {
    packages?: string[];
  };
  const dirs: string[] = [];
  for (const pattern of patterns) {
    if (pattern.endsWith("/*")) {
      const parent = pattern.slice(0, -2);
      for (const entry of await readdir(join(root, parent), { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.push(join(parent, entry.name));
      }
    } else dirs.push(pattern);
  }
  const manifests = dirs.filter((dir) => existsSync(join(root, dir, "package.json")));
  return Promise.all(manifests.map((dir) => readJson<PackageManifest>(join(root, dir, "package.json"))));
}

/**
 * Copies the files git knows of (tracked, and new ones not ignored: no node_modules, no dist)
 * into `target`, then makes it a repository of its own, so that `changeset version` and the
 * tags `changeset publish` creates stay there.
 */
export async function copyWorkspace(root: string, target: string): Promise<void> {
  const { stdout } = await run("git ls-files --cached --others --exclude-standard -z", { cwd: root });
  const files = stdout.split("\0").filter((file) => file && existsSync(join(root, file)));
  if (files.length === 0)
    throw new Error(`${root} lists no files: the rehearsal needs a git checkout of the repo`);
  for (const file of files) {
    await mkdir(dirname(join(target, file)), { recursive: true });
    await cp(join(root, file), join(target, file), { verbatimSymlinks: true });
  }
  const git =
    "git -c user.name=rehearsal -c user.email=rehearsal@localhost -c commit.gpgsign=false -c core.hooksPath=/dev/null";
  await run(`git init -q && git add -A && ${git} commit -q -m "release rehearsal copy"`, { cwd: target });
}
