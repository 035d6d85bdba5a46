/**
 * The release, rehearsed end to end: a local registry, a copy of the repo where a changeset
 * is versioned and published with the maintainer's commands (the workspace lends its
 * dependencies and its build of the same sources), and a project outside the workspace that
 * installs what was published. The real repo is only read.
 */
import { rmSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assertNoProblems, type PackageManifest, type PublishedPackage } from "./checks.js";
import { createConsumer, installConsumer, installedPackageDir } from "./consumer.js";
import { readPublishedPackage } from "./published.js";
import { type LocalRegistry, startRegistry } from "./registry.js";
import { run } from "./run.js";
import { checkReleaseScript, releaseCommands, releaseScript } from "./workflow.js";
import {
  copyWorkspace,
  lendBuild,
  type PublishedName,
  publishedPackages,
  readJson,
  repoRoot,
} from "./workspace.js";

export interface Rehearsal {
  registry: LocalRegistry;
  /** The versioned, built, published copy of the repo. */
  copyDir: string;
  /** The npm user's project. */
  consumerDir: string;
  /** Environment of the npm user: our scope from the local registry, the rest from npm's. */
  consumerEnv: NodeJS.ProcessEnv;
  /** The version the fixed group was released at. */
  version: string;
  /** Each package's version in the copy, before and after `changeset version`. */
  versionsBefore: Record<PublishedName, string>;
  versionsAfter: Record<PublishedName, string>;
  changelogs: Record<PublishedName, string>;
  /** The workspace's manifests (what was published from). */
  sources: Record<PublishedName, PackageManifest>;
  /** As npm installed them from the local registry. */
  published: Record<PublishedName, PublishedPackage>;
  /** Milliseconds per step, in order. */
  timings: [string, number][];
  cleanup(): Promise<void>;
}

/** What the rehearsal's changeset says; it names one package, the fixed group moves the rest. */
export const rehearsalChangeset = `---
"@commerce-api/schemas": patch
---

Release rehearsal: this changeset exists only in a temporary copy of the repo.
`;

const names = Object.keys(publishedPackages) as PublishedName[];

/**
 * Leaves out what the test runner and the outer pnpm/turbo set (NODE_ENV=test, npm_config_*),
 * so the commands behave as in a maintainer's shell.
 */
export function cleanEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([key]) => !/^(npm_|TURBO_|VITEST)/.test(key) && !["NODE_ENV", "TEST", "INIT_CWD"].includes(key),
    ),
  );
}

export interface RehearsalOptions {
  /** Where the temporary folder goes (default: the system's). */
  tmpRoot?: string;
}

export async function rehearseRelease({ tmpRoot = tmpdir() }: RehearsalOptions = {}): Promise<Rehearsal> {
  const workDir = await mkdtemp(join(tmpRoot, "commerce-release-"));
  // A process killed mid-way still removes its folders; the registry stops when its parent goes.
  const removeOnExit = () => rmSync(workDir, { recursive: true, force: true });
  process.once("exit", removeOnExit);
  let registry: LocalRegistry | undefined;
  const cleanup = async () => {
    await registry?.stop();
    await rm(workDir, { recursive: true, force: true });
    process.off("exit", removeOnExit);
  };
  const timings: [string, number][] = [];
  const step = async <T>(name: string, action: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    try {
      const result = await action();
      timings.push([name, Math.round(performance.now() - started)]);
      return result;
    } catch (error) {
      const done = timings.map(([step, ms]) => `${step} (${(ms / 1000).toFixed(1)} s)`).join(", ");
      throw new Error(
        `release rehearsal: "${name}" failed after ${seconds()} s (done before it: ${done || "nothing"}):\n${(error as Error).message}`,
        { cause: error },
      );
    }
  };
  try {
    const env = cleanEnvironment();
    // Asked with the caller's environment: a registry set there (npm_config_registry) counts.
    const upstream = await npmConfig("registry", workDir);
    const caFile = await npmConfig("cafile", workDir);
    if (!upstream) throw new Error("npm has no registry configured (npm config get registry)");
    registry = await step("start the local registry", async () => {
      await mkdir(join(workDir, "registry"));
      return startRegistry(join(workDir, "registry"));
    });
    const host = registry.url.replace(/^https?:/, "");
    // The maintainer publishes to the local registry, as to npm's with their token.
    const publishConfig = join(workDir, "npmrc-publish");
    await writeFile(publishConfig, `registry=${registry.url}\n${host}:_authToken=${registry.token}\n`);
    const publishEnv = { ...env, NPM_CONFIG_USERCONFIG: publishConfig, npm_config_registry: registry.url };
    // The user installs as after the release: our scope from where it was published, every
    // other package from npm's own registry (and npm's cache, which a local registry's
    // ephemeral address would defeat).
    const consumerConfig = join(workDir, "npmrc-consumer");
    await writeFile(
      consumerConfig,
      [
        `registry=${upstream}`,
        `@commerce-api:registry=${registry.url}`,
        caFile ? `cafile=${caFile}` : "",
      ].join("\n"),
    );
    const consumerEnv = { ...env, NPM_CONFIG_USERCONFIG: consumerConfig, npm_config_registry: upstream };
    await assertReachable(upstream, consumerEnv, workDir);

    const copyDir = join(workDir, "repo");
    await step("copy the repo, with the workspace's dependencies and build", async () => {
      await copyWorkspace(repoRoot, copyDir);
      await lendBuild(repoRoot, copyDir);
    });
    const versionsBefore = await versionsIn(copyDir);
    await writeFile(join(copyDir, ".changeset", "release-rehearsal.md"), rehearsalChangeset);
    await step(releaseCommands.version, () => run(releaseCommands.version, { cwd: copyDir, env }));
    const versionsAfter = await versionsIn(copyDir);
    const version = versionsAfter["@commerce-api/schemas"];
    const changelogs = await changelogsIn(copyDir);
    await step(`${releaseCommands.publish} (its publish half: ${releaseScript.publish})`, async () => {
      const { scripts } = await readJson<{ scripts?: Record<string, string> }>(join(copyDir, "package.json"));
      assertNoProblems("package.json", checkReleaseScript(scripts?.release));
      await run(`pnpm exec ${releaseScript.publish}`, { cwd: copyDir, env: publishEnv });
    });

    const consumerDir = join(workDir, "consumer");
    await step("npm install in a project outside the workspace", async () => {
      await createConsumer(consumerDir, version);
      await installConsumer(consumerDir, consumerEnv);
    });
    const published = Object.fromEntries(
      await Promise.all(
        names.map(async (name) => [name, await readPublishedPackage(installedPackageDir(consumerDir, name))]),
      ),
    ) as Record<PublishedName, PublishedPackage>;
    const sources = Object.fromEntries(
      await Promise.all(
        names.map(async (name) => [
          name,
          await readJson<PackageManifest>(join(repoRoot, publishedPackages[name], "package.json")),
        ]),
      ),
    ) as Record<PublishedName, PackageManifest>;
    return {
      registry,
      copyDir,
      consumerDir,
      consumerEnv,
      version,
      versionsBefore,
      versionsAfter,
      changelogs,
      sources,
      published,
      timings,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Fails early and clearly when npm cannot reach its registry, instead of as npm's ERESOLVE later. */
async function assertReachable(upstream: string, env: NodeJS.ProcessEnv, cwd: string): Promise<void> {
  try {
    await run("npm view zod version --prefer-online", { cwd, env });
  } catch (error) {
    throw new Error(
      `npm cannot reach its registry ${upstream} (npm view zod): check npm's registry, proxy and cafile settings, and the environment (NODE_EXTRA_CA_CERTS, HTTPS_PROXY) the test runs with\n${(error as Error).message}`,
    );
  }
}

/** A setting of npm's configuration, or undefined when unset. */
async function npmConfig(key: string, cwd: string): Promise<string | undefined> {
  const value = (await run(`npm config get ${key}`, { cwd })).stdout.trim();
  return value === "" || value === "null" || value === "undefined" ? undefined : value;
}

async function versionsIn(root: string): Promise<Record<PublishedName, string>> {
  const entries = await Promise.all(
    names.map(async (name) => {
      const manifest = await readJson<PackageManifest>(join(root, publishedPackages[name], "package.json"));
      return [name, manifest.version] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<PublishedName, string>;
}

async function changelogsIn(root: string): Promise<Record<PublishedName, string>> {
  const entries = await Promise.all(
    names.map(async (name) => {
      const path = join(root, publishedPackages[name], "CHANGELOG.md");
      return [name, await readFile(path, "utf8").catch(() => "")] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<PublishedName, string>;
}
