#!/usr/bin/env node
// Entry point for `npm start` and `npm test` on a machine that has only Node and npm:
// it installs pnpm and the workspace dependencies when they are missing, then hands over.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { failedTurboTasks, reportPaths, summarize, turboSummaryOnDisk } from "./test-summary.mjs";
import { packagesTestedTogether } from "./tested-together.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pinnedPnpm = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager;

function has(command) {
  return (
    spawnSync(command, ["--version"], { stdio: "ignore", shell: process.platform === "win32" }).status === 0
  );
}

/** The shell every script of `npm test` runs in: it records each one's CPU and wall time. */
const taskShell = join(root, "scripts", "task-shell.sh");
/** Where it writes them, for scripts/test-times.mjs; set by `npm test` only. */
const taskTimesDir = join(root, ".turbo", "task-times");

/**
 * How a shell command of the repo root is started. Under `npm test` the command, and every
 * package script it starts (pnpm's script-shell, which turbo passes on), runs through
 * scripts/task-shell.sh, which records its time under `name`.
 */
function started(command, name) {
  if (process.env.COMMERCE_TASK_TIMES && process.platform !== "win32") {
    const env = { ...process.env, COMMERCE_STEP: name };
    return ["sh", [taskShell, "-c", command], { cwd: root, stdio: "inherit", env }];
  }
  return [command, [], { cwd: root, stdio: "inherit", shell: true }];
}

/**
 * A workspace tool's command, from node_modules/.bin: what `pnpm exec` finds, without pnpm's
 * own start (about 0.6 s of CPU) before it.
 */
function bin(name) {
  return join("node_modules", ".bin", name);
}

/** Runs a shell command in the repo root and returns its exit status. */
function run(command, name = command) {
  console.log(`$ ${command}`);
  return spawnSync(...started(command, name)).status ?? 1;
}

/** `run`, for a command that runs beside others: its exit status, once it has exited. */
function runBeside(command, name = command) {
  console.log(`$ ${command}`);
  const child = spawn(...started(command, name));
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/** Runs each command once the one before it has exited, whatever its status: their exit statuses, in order. */
async function runOneAfterAnother(steps) {
  const statuses = [];
  for (const step of steps) statuses.push(await runBeside(step.command, step.name));
  return statuses;
}

/** From here on, every step and package script records its CPU and wall time (test-times.mjs). */
function recordTaskTimes() {
  if (process.platform === "win32") return;
  rmSync(taskTimesDir, { recursive: true, force: true });
  mkdirSync(taskTimesDir, { recursive: true });
  process.env.COMMERCE_TASK_TIMES = taskTimesDir;
  process.env.npm_config_script_shell = taskShell;
}

function runOrExit(command) {
  const status = run(command);
  if (status !== 0) process.exit(status);
}

function ensurePnpm() {
  if (has("pnpm")) return;
  // Corepack's signature check fails on some machines, so pnpm comes from the npm registry.
  runOrExit(`npm install --global ${pinnedPnpm}`);
}

function newestMtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function ensureDependencies() {
  const marker = join(root, "node_modules", ".modules.yaml");
  const manifests = [join(root, "pnpm-lock.yaml"), join(root, "package.json")];
  for (const dir of [
    "codegen",
    ...["packages", "apps", "tools"].flatMap((d) => readdirSync(join(root, d)).map((p) => join(d, p))),
  ]) {
    manifests.push(join(root, dir, "package.json"));
  }
  const stale = !existsSync(marker) || manifests.some((m) => newestMtime(m) > newestMtime(marker));
  if (!stale) return;
  const status = run(process.env.CI ? "pnpm install --frozen-lockfile" : "pnpm install", "install");
  if (status !== 0) process.exit(status);
}

/**
 * The dev server's own Node side (its webhook receiver, apps/portal/server/webhooks.mjs) imports
 * the built `@commerce-api/client/webhooks`, which Vite's source aliases do not reach: on a fresh
 * clone that one package (and the schemas it imports) is built once, by turbo, cached after.
 */
function ensureServerBuild() {
  if (existsSync(join(root, "packages", "client", "dist", "webhooks.js"))) return;
  console.log("npm start: building @commerce-api/client once, for the portal server's webhook receiver…");
  runOrExit("pnpm exec turbo run build --filter=@commerce-api/client --output-logs=errors-only");
}

/**
 * Serves the sample app and the sandbox at one URL, from their sources (Vite's dev server over
 * the workspace packages' TypeScript): nothing is built first, so the app is up within seconds
 * of the install. The production build is for the release and the e2e walk (apps/portal README).
 * Ctrl-C stops quietly with status 0: the server is a direct child and stops cleanly by itself.
 * (`npm start` execs this script, so no shell in between reports the interrupt either.)
 */
function start() {
  ensureServerBuild();
  // The terminal sends Ctrl-C to every process in the foreground group; the child handles it.
  process.on("SIGINT", () => {});
  const server = spawn(process.execPath, [join(root, "apps", "portal", "server", "dev.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  process.on("SIGTERM", () => server.kill("SIGTERM"));
  server.on("exit", (code, signal) => process.exit(signal === "SIGINT" ? 0 : (code ?? 1)));
}

/**
 * The whole suite, as CI runs it: the checks that are not turbo tasks (eslint among them: React's
 * and TanStack Query's rules over the React code, see eslint.config.js), then every package's
 * build, tests and package lint under turbo (`--continue`: one failure does not hide the others)
 * and one type check of every project. Each step's outcome feeds the closing lines, so a failed
 * step is named and counted there even when every vitest test passed.
 */
async function test() {
  for (const report of reportPaths()) rmSync(report);
  rmSync(join(root, ".turbo", "runs"), { recursive: true, force: true });
  // The generated files are compared with the spec before the build's own `generate` step
  // could rewrite them; alone, first.
  const generateCheck = "pnpm generate --check";
  const steps = [{ name: generateCheck, command: generateCheck, ok: run(generateCheck) === 0 }];
  // The builds, on every core: every test and the package lint wait for some build, and in one
  // run the long tests took the task slots while the builds the app's walk and the release
  // rehearsal need queued behind them. Beside them, the checks that are not turbo tasks (eslint
  // among them: React's and TanStack Query's rules over the React code, see eslint.config.js),
  // one after another: none reads what a build writes (dist/, .types/, and the bundled configs
  // tsup and Vite write and remove, which git and so Biome ignore), and one after the other they
  // kept a core idle for 25 s before any build started.
  const checks = [
    { name: "node --test scripts", command: "node --test scripts/*.test.mjs" },
    { name: "biome check", command: `${bin("biome")} check .` },
    { name: "eslint (React's and TanStack Query's rules)", command: "pnpm run --silent lint:eslint" },
  ];
  const build = {
    name: "turbo run build",
    command: `${bin("turbo")} run build --continue --summarize --concurrency=${taskSlots()}`,
    runsTasks: true,
  };
  const [checkStatuses, buildStatus] = await Promise.all([
    runOneAfterAnother(checks),
    runBeside(build.command, build.name),
  ]);
  steps.push(...checks.map((step, i) => ({ ...step, ok: checkStatuses[i] === 0 })));
  steps.push({ ...build, ok: buildStatus === 0 });
  // Then the rest, every task without its builds (`--only`: the step above made them), in two
  // turbo runs side by side. The release rehearsal and the portal's browser walk wait more than
  // they compute and take the longest: in one run with everything else they queued behind the
  // short tests for more than two minutes (a run's turbo summary: the rehearsal started at 209 s,
  // the walk at 224 s), so the suite's wall time was theirs plus that. With those two apart, the
  // sandbox's tests, the next longest, started 303 s in and ended the run: they go apart too.
  // Beside both, every project's type check in one `tsc -b` (the root tsconfig.json), where
  // thirteen turbo tasks each started pnpm and a compiler of their own. One checker per project
  // (`--checkers 1`; TypeScript 7 starts four, each resolving the standard library's types
  // again): 10.9 s of CPU against 13.5 s, and less wall time, since the projects are checked side
  // by side (farm-bench -n 5, `tsc -b --force` with and without).
  const apart = ["@commerce-api/release", "@commerce-api/portal", "@commerce-api/sandbox"];
  // The packages whose tests run together in the root's one Vitest run (`test:packages`, see
  // vitest.config.ts), rather than each in a turbo task and a Vitest of its own.
  const together = packagesTestedTogether().map((pkg) => pkg.name);
  const only = "--only --continue --summarize";
  const sideBySide = [
    {
      name: "typecheck (tsc -b, every project)",
      command: "node node_modules/typescript-native/bin/tsc -b --checkers 1",
    },
    {
      name: "turbo run test (the release rehearsal, the portal's walk, the sandbox)",
      command: `${bin("turbo")} run test ${only} --concurrency=${apart.length} ${apart.map((p) => `--filter=${p}`).join(" ")}`,
      runsTasks: true,
    },
    {
      name: "turbo run test test:packages lint:packages (the rest)",
      command: `${bin("turbo")} run test test:packages lint:packages ${only} --concurrency=${taskSlots()} ${[...apart, ...together].map((p) => `--filter=!${p}`).join(" ")}`,
      runsTasks: true,
    },
  ];
  const statuses = await Promise.all(sideBySide.map((step) => runBeside(step.command, step.name)));
  steps.push(...sideBySide.map((step, i) => ({ ...step, ok: statuses[i] === 0 })));
  const { lines, failed } = summarize(steps, failedTurboTasksOnDisk());
  // Printed on failure too, so a red run still says how far it got and what failed.
  console.log(lines.join("\n"));
  process.exit(failed > 0 || steps.some((step) => !step.ok) ? 1 : 0);
}

/**
 * How many turbo tasks run at once: two more than the cores. Turbo's default (10) on 2 cores ran
 * a dozen processes side by side, and the longest task (codegen's tests, one 210-operation type
 * check among them) got a third of a core until the others were done, then ran alone on one:
 * 2 min 59 s. Two more than the cores keeps both busy: 2 min 36 s then (scripts/test-times.mjs;
 * today's figures are in the README's Testing section).
 */
function taskSlots() {
  return availableParallelism() + 2;
}

/** The failed tasks of the turbo runs' summaries (`--summarize`, see test-summary.mjs). */
function failedTurboTasksOnDisk() {
  return failedTurboTasks(turboSummaryOnDisk());
}

const task = process.argv[2];
if (task === "test") recordTaskTimes();
ensurePnpm();
ensureDependencies();
if (task === "test") await test();
else if (task === "start") start();
else {
  console.error(`usage: node scripts/run.mjs start|test (got ${task ?? "nothing"})`);
  process.exit(2);
}
