#!/usr/bin/env node
// Lints what we publish, as users receive it: every published package packed once (`pnpm pack`,
// as `changeset publish` packs them), then publint (strict) and Are the Types Wrong? on each
// tarball, in this one process. Each package's attw options are in its `.attw.json`, the file
// `attw --pack .` reads too.
//
//   node scripts/lint-packages.mjs            every published package
//   node scripts/lint-packages.mjs <dir>...   those packages only (a package's `lint:package`)
//
// Why one process: ten `publint && attw --pack .` scripts each started npm, npx and a TypeScript
// compiler of their own; on 2 cores they took 430 s of the suite's task time. Exit status 1 when
// any package has a problem; every package is still checked and reported.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { getExitCode } from "@arethetypeswrong/cli/internal/getExitCode";
import { typed as renderAttw } from "@arethetypeswrong/cli/internal/render";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { checkEntryExports, installTarballs } from "./entry-exports.mjs";

const root = join(import.meta.dirname, "..");

/** The workspace's published packages: every non-private package under packages/ and apps/. */
export function publishedPackageDirs() {
  return ["packages", "apps"]
    .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
    .filter((dir) => existsSync(join(dir, "package.json")) && !readJson(join(dir, "package.json")).private);
}

function readJson(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** The tarball name `pnpm pack` gives a package (`@scope/name` 1.0.0 → `scope-name-1.0.0.tgz`). */
export function tarballName({ name, version }) {
  return `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
}

/** The package's `.attw.json` (attw's own config file), or none. */
function attwOptions(dir) {
  const path = join(dir, ".attw.json");
  return existsSync(path) ? readJson(path) : {};
}

/** Packs every given package into `destination` with one pnpm call; throws with pnpm's output. */
function packAll(dirs, destination) {
  const filters = dirs.flatMap((dir) => ["--filter", `./${relative(root, dir)}`]);
  const packed = spawnSync("pnpm", ["-r", ...filters, "pack", "--pack-destination", destination], {
    cwd: root,
    encoding: "utf8",
  });
  if (packed.status !== 0) throw new Error(`pnpm pack failed:\n${packed.stdout}${packed.stderr}`);
}

/** publint's and attw's findings for one packed package: its report and whether it passes. */
export async function lintTarball(dir, tarball) {
  const manifest = readJson(join(dir, "package.json"));
  const data = readFileSync(tarball);
  const { messages } = await publint({
    pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
    strict: true,
  });
  const publintLines = messages.map((m) => `  publint ${m.type}: ${formatMessage(m, manifest)}`);
  const options = attwOptions(dir);
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(data)), options);
  const attwFails = getExitCode(analysis, options) !== 0;
  // strict: publint reports warnings as errors; suggestions are printed, never fatal.
  const publintFails = messages.some((m) => m.type === "error");
  const report = [
    `${manifest.name}: ${publintFails || attwFails ? "problems" : "ok"}`,
    ...publintLines,
    ...(attwFails ? [await renderAttw(analysis, { ...options, emoji: false })] : []),
  ];
  return { ok: !publintFails && !attwFails, report: report.join("\n") };
}

async function main(args) {
  const dirs = args.length > 0 ? args.map((dir) => resolve(dir)) : publishedPackageDirs();
  const destination = mkdtempSync(join(tmpdir(), "lint-packages-"));
  try {
    // Every published package is packed and installed, so the linted ones load with ours they import.
    const everyDir = publishedPackageDirs();
    packAll(everyDir, destination);
    const installed = everyDir.map((dir) => {
      const manifest = readJson(join(dir, "package.json"));
      return { workspaceDir: dir, manifest, tarball: join(destination, tarballName(manifest)) };
    });
    const packages = installed.filter(({ workspaceDir }) => dirs.includes(workspaceDir));
    const project = join(destination, "project");
    installTarballs(installed, project);
    const entryProblems = checkEntryExports(
      project,
      packages.map(({ manifest }) => readJson(join(project, "node_modules", manifest.name, "package.json"))),
    );
    let failed = 0;
    for (const { workspaceDir, manifest, tarball } of packages) {
      const { ok, report } = await lintTarball(workspaceDir, tarball);
      const problems = entryProblems[manifest.name];
      console.log([report, ...problems.map((problem) => `  exports: ${problem}`)].join("\n"));
      if (!ok || problems.length > 0) failed++;
    }
    console.log(
      `${dirs.length - failed} of ${dirs.length} packages pass publint --strict, attw and the entry exports check`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2));
