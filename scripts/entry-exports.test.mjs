// The entry exports check (scripts/entry-exports.mjs) on small installed packages: it passes an
// entry whose code exports what its declarations promise, and names the entry, the condition
// and the names of each way a build breaks that promise.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { checkEntryExports, entryConditions } from "./entry-exports.mjs";

const projects = [];
after(() => {
  for (const project of projects) rmSync(project, { recursive: true, force: true });
});

const exportsOf = {
  ".": {
    import: { types: "./index.d.ts", default: "./index.js" },
    require: { types: "./index.d.cts", default: "./index.cjs" },
  },
  "./package.json": "./package.json",
};

/** A project with one package installed from the given files: the problems the check finds. */
function problemsOf(files, exportsField = exportsOf) {
  const project = mkdtempSync(join(tmpdir(), "entry-exports-test-"));
  projects.push(project);
  const manifest = { name: "sound-package", version: "1.0.0", type: "module", exports: exportsField };
  const folder = join(project, "node_modules", manifest.name);
  for (const [name, text] of Object.entries({ "package.json": JSON.stringify(manifest), ...files })) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  return checkEntryExports(project, [manifest])[manifest.name];
}

// A value and a type of one name, as the schemas declare `Product`; the entry re-exports the type only.
const thing = {
  "thing.d.ts": "export declare const Thing: { parse(x: unknown): string };\nexport type Thing = string;\n",
};
const sound = {
  ...thing,
  "index.js": "export const answer = 42;\nexport function ask() { return answer; }\n",
  "index.cjs": "exports.answer = 42;\nexports.ask = function ask() { return exports.answer; };\n",
  "index.d.ts":
    'export declare const answer: number;\nexport declare function ask(): number;\nexport type { Thing } from "./thing.js";\nexport interface Shape { side: number }\n',
  "index.d.cts":
    'export declare const answer: number;\nexport declare function ask(): number;\nexport type { Thing } from "./thing.js";\n',
};

test("an entry whose code exports its declared values passes, in both conditions, type-only exports aside", () => {
  assert.deepEqual(problemsOf(sound), []);
});

test("an entry built into a side-effect import of a chunk lacks every name, named with its condition", () => {
  const problems = problemsOf({
    ...sound,
    "chunk.js": "export const answer = 42;\n",
    "index.js": 'import "./chunk.js";\n',
  });
  assert.deepEqual(problems, [". (import) lacks at run time 2 declared: answer, ask"]);
});

test("a re-export whose `type` the declaration bundler dropped is a value the code lacks", () => {
  const problems = problemsOf({
    ...sound,
    "index.d.cts": sound["index.d.cts"].replace("export type { Thing }", "export { Thing }"),
  });
  assert.deepEqual(problems, [". (require) lacks at run time 1 declared: Thing"]);
});

test("a name the code exports and the declarations do not is named too", () => {
  const problems = problemsOf({ ...sound, "index.js": `${sound["index.js"]}export const secret = 1;\n` });
  assert.deepEqual(problems, [". (import) exports 1 its types do not declare: secret"]);
});

test("a condition that cannot load is a problem, with the error's first line", () => {
  const problems = problemsOf({ ...sound, "index.cjs": 'require("some-missing-package");\n' });
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^\. \(require\) cannot load: Cannot find module 'some-missing-package'/);
});

test("an ESM-only entry ({ types, default }) is checked as import; JSON entries are not code", () => {
  const esmOnly = { ".": { types: "./index.d.ts", default: "./index.js" }, "./data.json": "./data.json" };
  assert.deepEqual(
    entryConditions({ exports: esmOnly }).map(({ subpath, condition }) => `${subpath} ${condition}`),
    [". import"],
  );
  assert.deepEqual(problemsOf({ ...sound, "index.js": "export const answer = 1;\n" }, esmOnly), [
    ". (import) lacks at run time 1 declared: ask",
  ]);
});
