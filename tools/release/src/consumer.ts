/**
 * The npm user's side: a project outside the workspace that installs the published packages and
 * their peers from the registry with one `npm install`, then runs, type-checks and bundles
 * the files of consumer/, and runs its own Vitest test over the sandbox (test/).
 */
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PackageManifest } from "./checks.js";
import { run } from "./run.js";
import { type PublishedName, publishedPackages, readJson, repoRoot } from "./workspace.js";

const fixtureDir = join(import.meta.dirname, "..", "consumer");

/** The versions the workspace builds and tests with, so the consumer resolves what is cached. */
async function pinnedVersions(): Promise<Record<string, string>> {
  const react = await readJson<PackageManifest>(join(repoRoot, "packages/react/package.json"));
  const own = await readJson<PackageManifest>(join(import.meta.dirname, "..", "package.json"));
  const pick = (from: PackageManifest, names: string[]) =>
    Object.fromEntries(names.map((name) => [name, from.devDependencies?.[name] ?? missing(name)]));
  return {
    ...pick(react, [
      "react",
      "react-dom",
      "@tanstack/react-query",
      "zod",
      "@types/react",
      "@types/react-dom",
    ]),
    ...pick(own, ["typescript", "typescript-native", "vite"]),
    // The Vue page (src/vue-page.ts): Vue and Vue Query, as the Vue adapter is tested with.
    ...pick(await readJson<PackageManifest>(join(repoRoot, "packages/vue-query/package.json")), [
      "vue",
      "@tanstack/vue-query",
    ]),
    // The README examples of the other frameworks and of the framework-free core, type-checked
    // here, with what each package is tested with.
    ...pick(await readJson<PackageManifest>(join(repoRoot, "packages/svelte-query/package.json")), [
      "svelte",
      "@tanstack/svelte-query",
    ]),
    ...pick(await readJson<PackageManifest>(join(repoRoot, "packages/solid-query/package.json")), [
      "solid-js",
      "@tanstack/solid-query",
    ]),
    ...pick(await readJson<PackageManifest>(join(repoRoot, "packages/angular-query/package.json")), [
      "@angular/core",
      "@angular/common",
      "@tanstack/angular-query-experimental",
      "rxjs",
    ]),
    ...pick(await readJson<PackageManifest>(join(repoRoot, "packages/query/package.json")), [
      "@tanstack/query-core",
    ]),
  };
}

/**
 * What the user's own test (test/) runs with: Vitest, React Testing Library, MSW; and the MCP
 * Inspector's CLI, which lists the installed commerce-mcp's tools.
 */
async function testingVersions(): Promise<Record<string, string>> {
  const react = await readJson<PackageManifest>(join(repoRoot, "packages/react/package.json"));
  const sandbox = await readJson<PackageManifest>(join(repoRoot, "packages/sandbox/package.json"));
  const own = await readJson<PackageManifest>(join(import.meta.dirname, "..", "package.json"));
  const pick = (from: PackageManifest, names: string[]) =>
    Object.fromEntries(names.map((name) => [name, from.devDependencies?.[name] ?? missing(name)]));
  return {
    ...pick(react, ["vitest", "@testing-library/react", "@testing-library/dom", "happy-dom"]),
    ...pick(sandbox, ["msw"]),
    ...pick(own, ["@modelcontextprotocol/inspector-cli"]),
  };
}

function missing(name: string): never {
  throw new Error(`no pinned version of ${name} in the workspace manifests`);
}

export async function createConsumer(dir: string, version: string): Promise<void> {
  await cp(fixtureDir, dir, { recursive: true });
  const pins = await pinnedVersions();
  const {
    typescript,
    "typescript-native": typescriptNative,
    vite,
    "@types/react": typesReact,
    "@types/react-dom": typesReactDom,
    ...peers
  } = pins;
  const manifest = {
    name: "commerce-api-consumer",
    private: true,
    type: "module",
    dependencies: {
      ...Object.fromEntries(Object.keys(publishedPackages).map((name) => [name, version])),
      ...peers,
    },
    devDependencies: {
      typescript,
      "typescript-native": typescriptNative,
      vite,
      "@types/react": typesReact,
      "@types/react-dom": typesReactDom,
      ...(await testingVersions()),
    },
  };
  await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * `--legacy-peer-deps`: the project lists the peers it uses, each framework's at the version
 * its package is tested with, rather than npm's choice of each.
 */
export async function installConsumer(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  await run("npm install --prefer-offline --legacy-peer-deps --no-audit --no-fund --loglevel=error", {
    cwd: dir,
    env,
  });
}

export function installedPackageDir(consumerDir: string, name: PublishedName): string {
  return join(consumerDir, "node_modules", name);
}

/**
 * The project's own tools, started with `node` from their installed bin files: what `npx` runs,
 * without npm's own start before each (half a second of CPU each, five times a rehearsal).
 */
const installedBin = {
  tsc: "node node_modules/typescript/bin/tsc",
  vite: "node node_modules/vite/bin/vite.js",
  vitest: "node node_modules/vitest/vitest.mjs",
  /** TypeScript 7, installed as the workspace names it. */
  tscNative: "node node_modules/typescript-native/bin/tsc",
} as const;

/** Runs one of the Node scripts and returns the JSON line it printed. */
export async function runScript(dir: string, script: string, env: NodeJS.ProcessEnv): Promise<unknown> {
  const { stdout } = await run(`node ${script}`, { cwd: dir, env });
  return JSON.parse(stdout.trim());
}

/**
 * Runs the user's own tests (consumer/test) with their Vitest, in a shuffled order with each
 * of three seeds (the README promises tests that pass in any order); one output per run.
 */
export async function runUserTests(dir: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const outputs: string[] = [];
  for (const seed of [1, 2, 3]) {
    const { stdout } = await run(
      `${installedBin.vitest} run test --sequence.shuffle --sequence.seed=${seed}`,
      {
        cwd: dir,
        env,
      },
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences of colours
    outputs.push(stdout.replace(/\u001b\[[0-9;]*m/g, ""));
  }
  return outputs;
}

/**
 * The compilers a user type-checks with: TypeScript 5.9, and TypeScript 7 (the native compiler,
 * what `npm install typescript` gives now), installed in the project as `typescript-native`.
 * TypeScript 7 checks the same program in about a seventh of 5.9's CPU.
 */
const compilers = {
  "5.9": installedBin.tsc,
  "7": installedBin.tscNative,
} as const;

export async function typecheck(
  dir: string,
  tsconfig: string,
  env: NodeJS.ProcessEnv,
  compiler: keyof typeof compilers,
): Promise<void> {
  await run(`${compilers[compiler]} -p ${tsconfig}`, { cwd: dir, env });
}

/**
 * The tools the installed `commerce-mcp --local-sandbox` lists, asked by the MCP Inspector's
 * CLI over stdio (`--cli ... --method tools/list`). Both run with `node` from the installed
 * packages' bin files rather than through `npx`, which would add a process and npm's own start
 * to the server's (the inspector gives the server 60 s to answer). The inspector-cli 1.0.3
 * reads its own package.json as `../package.json` when that path exists from the working
 * directory, else as `../../package.json` (its place inside the inspector's monorepo), which an
 * npm install does not have: run from a folder one level inside the project, the first is found.
 */
export async function inspectMcpTools(dir: string, env: NodeJS.ProcessEnv): Promise<{ name: string }[]> {
  const modules = join(dir, "node_modules");
  const inspector = join(modules, "@modelcontextprotocol", "inspector-cli", "build", "cli.js");
  const server = join(modules, "@commerce-api", "mcp", "bin", "commerce-mcp.js");
  const { stdout } = await run(`node ${inspector} --cli node ${server} --local-sandbox --method tools/list`, {
    cwd: join(dir, "test"),
    env,
  });
  return (JSON.parse(stdout) as { tools: { name: string }[] }).tools;
}

/** Builds the page and returns its JavaScript, every chunk. */
export async function buildPage(dir: string, env: NodeJS.ProcessEnv): Promise<string> {
  await run(`${installedBin.vite} build`, { cwd: dir, env });
  const assets = join(dir, "dist", "assets");
  const chunks = (await readdir(assets)).filter((file) => file.endsWith(".js"));
  return (await Promise.all(chunks.map((file) => readFile(join(assets, file), "utf8")))).join("\n");
}
