// The house reads top to bottom: the published packages (packages/) never reach into the sample
// app (apps/), neither by a relative import nor by a path into apps/, and apps/ holds only apps.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";

const root = join(import.meta.dirname, "..");
const tracked = (...globs) =>
  execFileSync("git", ["ls-files", ...globs], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);

test("nothing under packages/ imports from apps/", () => {
  const reachingUp = [];
  for (const file of tracked(
    "packages/**/*.ts",
    "packages/**/*.tsx",
    "packages/**/*.mjs",
    "packages/**/*.json",
  )) {
    const text = readFileSync(join(root, file), "utf8");
    // Import specifiers, and any other quoted relative path (a tsconfig's paths, a vite alias).
    for (const match of text.matchAll(
      /(?:from|import)\s*\(?\s*["']([^"']+)["']|["'](\.{1,2}\/[^"']*)["']/g,
    )) {
      const specifier = match[1] ?? match[2];
      if (!specifier.startsWith(".")) continue;
      const target = relative(root, resolve(dirname(join(root, file)), specifier));
      if (target.startsWith("apps/")) reachingUp.push(`${file}: ${specifier}`);
    }
  }
  assert.deepEqual(reachingUp, []);
});

test("apps/ holds only private apps: every published package is under packages/", () => {
  const manifests = tracked("apps/*/package.json").map((file) => ({
    file,
    manifest: JSON.parse(readFileSync(join(root, file), "utf8")),
  }));
  assert.deepEqual(
    manifests.filter(({ manifest }) => manifest.private !== true).map(({ file }) => file),
    [],
  );
});

test("the root tsconfig.json, which `pnpm typecheck` and `npm test` check, names every project with a typecheck", () => {
  const referenced = JSON.parse(
    readFileSync(join(root, "tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, ""),
  ).references.map((reference) => reference.path.replace(/^\.\//, ""));
  const checked = tracked("*/package.json", "*/*/package.json")
    .filter((file) => JSON.parse(readFileSync(join(root, file), "utf8")).scripts?.typecheck)
    .map((file) => dirname(file));
  assert.deepEqual([...referenced].sort(), [...checked].sort());
});
