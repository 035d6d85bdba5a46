// The package lint (scripts/lint-packages.mjs) on small packages packed here: it passes a sound
// package and fails, naming the problem, one whose manifest or types would break its users.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { lintTarball, publishedPackageDirs, tarballName } from "./lint-packages.mjs";

const folders = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * A package of the given files and its tarball, laid out as npm packs one (the files under
 * `package/`, gzipped): made by tar, without an npm process of its own for each.
 */
function packed(files) {
  const folder = mkdtempSync(join(tmpdir(), "lint-packages-test-"));
  folders.push(folder);
  const dir = join(folder, "package");
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const tarball = join(folder, "package.tgz");
  execFileSync("tar", ["-czf", tarball, "-C", folder, "package"]);
  return { dir, tarball };
}

const manifest = (fields) =>
  JSON.stringify({ name: "sound-package", version: "1.0.0", type: "module", license: "MIT", ...fields });
const sound = {
  "package.json": manifest({ exports: { ".": { types: "./index.d.ts", default: "./index.js" } } }),
  "index.js": "export const answer = 42;\n",
  "index.d.ts": "export declare const answer: number;\n",
  // ESM only, as attw's esm-only profile says: require() from CommonJS is not offered.
  ".attw.json": JSON.stringify({ ignoreResolutions: ["node16-cjs"] }),
};

test("a sound package passes, with what its .attw.json allows", async () => {
  const { dir, tarball } = packed(sound);
  const { ok, report } = await lintTarball(dir, tarball);
  assert.equal(ok, true, report);
  assert.equal(report, "sound-package: ok");
  const strict = packed({ ...sound, ".attw.json": "{}" });
  assert.equal((await lintTarball(strict.dir, strict.tarball)).ok, false, "require() of an ESM-only package");
});

test("a manifest naming a file the tarball lacks fails publint, which names the file", async () => {
  // `main` beside `exports`: attw reads the exports and passes; publint checks every field.
  const { dir, tarball } = packed({
    ...sound,
    "package.json": manifest({
      main: "./dist/missing.cjs",
      exports: { ".": { types: "./index.d.ts", default: "./index.js" } },
    }),
  });
  const { ok, report } = await lintTarball(dir, tarball);
  assert.equal(ok, false);
  assert.match(report, /publint error: .*dist\/missing\.cjs/);
});

test("types that do not resolve fail attw, which says where", async () => {
  const { dir, tarball } = packed({ ...sound, "index.d.ts": 'export * from "./missing.js";\n' });
  const { ok, report } = await lintTarball(dir, tarball);
  assert.equal(ok, false);
  assert.match(report, /sound-package: problems/);
  assert.match(report, /missing\.js|Internal resolution error/i);
});

test("every published package of the workspace is linted, and none that is private", () => {
  const names = publishedPackageDirs().map((dir) => dir.split("/").slice(-2).join("/"));
  assert.ok(names.includes("packages/client") && names.includes("packages/sandbox"), names.join(", "));
  assert.ok(!names.includes("apps/portal"), "the private sample app is not published");
});

test("the suite's lint task waits for the build of every package it packs", () => {
  const turbo = JSON.parse(readFileSync(join(import.meta.dirname, "..", "turbo.json"), "utf8"));
  const builds = publishedPackageDirs().map(
    (dir) => `${JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name}#build`,
  );
  assert.deepEqual([...turbo.tasks["//#lint:packages"].dependsOn].sort(), builds.sort());
});

test("the tarball name is the one pnpm pack writes", () => {
  assert.equal(
    tarballName({ name: "@commerce-api/client", version: "1.2.3" }),
    "commerce-api-client-1.2.3.tgz",
  );
});
