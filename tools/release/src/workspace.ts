/** The real workspace, read but never written: its packages, its changesets config, a copy of it. */
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, symlink } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { parse } from "yaml";
import type { ChangesetConfig, PackageManifest } from "./checks.js";
import { run } from "./run.js";

export const repoRoot = join(import.meta.dirname, "..", "..", "..");

/** The packages the release publishes, by folder. */
export const publishedPackages = {
  "@commerce-api/schemas": "packages/schemas",
  "@commerce-api/client": "packages/client",
  "@commerce-api/react": "packages/react",
  "@commerce-api/sandbox": "packages/sandbox",
  "@commerce-api/mcp": "packages/mcp",
  "@commerce-api/query": "packages/query",
  "@commerce-api/vue-query": "packages/vue-query",
  "@commerce-api/svelte-query": "packages/svelte-query",
  "@commerce-api/solid-query": "packages/solid-query",
  "@commerce-api/angular-query": "packages/angular-query",
} as const;

export type PublishedName = keyof typeof publishedPackages;

export async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, "utf8")) as T;
}

export function readChangesetConfig(root: string): Promise<ChangesetConfig> {
  return readJson(join(root, ".changeset", "config.json"));
}

/** The folder of every workspace package, from pnpm-workspace.yaml's `dir` and `dir/*` entries. */
async function workspacePackageDirs(root: string): Promise<string[]> {
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
  return dirs.filter((dir) => existsSync(join(root, dir, "package.json")));
}

/** Every workspace package's manifest. */
export async function readWorkspacePackages(root: string): Promise<PackageManifest[]> {
  const dirs = await workspacePackageDirs(root);
  return Promise.all(dirs.map((dir) => readJson<PackageManifest>(join(root, dir, "package.json"))));
}

/**
 * Copies the files git knows of (tracked, and new ones not ignored: no node_modules, no dist)
 * into `target`, then makes it a repository of its own, so that `changeset version` and the
 * tags `changeset publish` creates stay there.
 */
/**
 * A file listed but gone by the time it is copied is left out: the workspace is live, and a
 * test running beside the rehearsal (the sandbox's examples write and remove a scratch folder
 * in their package) may remove an untracked file between the listing and the copy.
 */
export async function copyUnlessGone(root: string, target: string, file: string): Promise<void> {
  try {
    await cp(join(root, file), join(target, file), { verbatimSymlinks: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

export async function copyWorkspace(root: string, target: string): Promise<void> {
  const { stdout } = await run("git ls-files --cached --others --exclude-standard -z", { cwd: root });
  const files = stdout.split("\0").filter((file) => file && existsSync(join(root, file)));
  if (files.length === 0)
    throw new Error(`${root} lists no files: the rehearsal needs a git checkout of the repo`);
  for (const dir of new Set(files.map((file) => dirname(join(target, file))))) {
    await mkdir(dir, { recursive: true });
  }
  // A few dozen at a time: thousands of files one after the other take seconds on a busy machine.
  for (let start = 0; start < files.length; start += 64) {
    await Promise.all(files.slice(start, start + 64).map((file) => copyUnlessGone(root, target, file)));
  }
  const git =
    "git -c user.name=rehearsal -c user.email=rehearsal@localhost -c commit.gpgsign=false -c core.hooksPath=/dev/null";
  await run(`git init -q && git add -A && ${git} commit -q -m "release rehearsal copy"`, { cwd: target });
}

/**
 * Gives the copy what `pnpm install` and the build half of `pnpm release` would give it,
 * from the workspace, where the suite has just made them from the same sources: the
 * dependencies (a link to the workspace's node_modules) and each published package's dist/
 * (a build does not depend on the version `changeset version` changes, so it is the same).
 * Installing and building again in the copy took most of the rehearsal's time.
 */
export async function lendBuild(root: string, target: string): Promise<void> {
  await symlink(join(root, "node_modules"), join(target, "node_modules"), "junction");
  await linkWorkspaceRanges(target);
  for (const dir of Object.values(publishedPackages)) {
    const dist = join(root, dir, "dist");
    if (!existsSync(dist)) {
      throw new Error(
        `${dir}/dist is missing: build the published packages first (pnpm turbo run build --filter=./packages/*)`,
      );
    }
    await cp(dist, join(target, dir, "dist"), { recursive: true });
  }
}

/**
 * Links each published package's `workspace:` dependencies to their folders in the copy, as
 * `pnpm install` would: `pnpm publish` reads the linked package's (new) version to replace
 * the range.
 */
async function linkWorkspaceRanges(target: string): Promise<void> {
  const dirs = await workspacePackageDirs(target);
  const manifests = await Promise.all(
    dirs.map(
      async (dir) => [dir, await readJson<PackageManifest>(join(target, dir, "package.json"))] as const,
    ),
  );
  const dirOf = new Map(manifests.map(([dir, manifest]) => [manifest.name, dir]));
  for (const dir of Object.values(publishedPackages)) {
    const manifest = manifests.find(([candidate]) => candidate === dir)?.[1];
    const ranges = { ...manifest?.devDependencies, ...manifest?.peerDependencies, ...manifest?.dependencies };
    for (const [name, range] of Object.entries(ranges)) {
      const dependencyDir = dirOf.get(name);
      if (!range.startsWith("workspace:") || !dependencyDir) continue;
      const link = join(target, dir, "node_modules", name);
      await mkdir(dirname(link), { recursive: true });
      await symlink(relative(dirname(link), join(target, dependencyDir)), link, "junction");
    }
  }
}
