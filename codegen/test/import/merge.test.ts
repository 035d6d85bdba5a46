import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { lowerText } from "../../src/loader/load.ts";
import { codegenRoot, makeTempDir, removeTempDirs, runCli } from "../helpers.ts";

/** `import` into a spec that exists: what it lacks is added, what it says is never changed silently. */

const document = join(codegenRoot, "test", "import", "constructs.openapi.yaml");

afterAll(removeTempDirs);

function isSubsequence(lines: readonly string[], within: readonly string[]): boolean {
  let next = 0;
  for (const line of within) if (line === lines[next]) next += 1;
  return next === lines.length;
}

/** A spec made by importing getWidget, then edited by hand with `edit`. */
async function specWith(edit: (text: string) => string) {
  const dir = await makeTempDir("codegen-merge-");
  const spec = join(dir, "spec.yaml");
  const first = await runCli(
    ["import", "--openapi", document, "--operation", "widgets:get", "--spec", spec],
    dir,
  );
  expect(first.code, first.err.join("\n")).toBe(0);
  await writeFile(spec, edit(await readFile(spec, "utf8")));
  const before = await readFile(spec, "utf8");
  const merge = (...operations: string[]) =>
    runCli(
      ["import", "--openapi", document, ...operations.flatMap((id) => ["--operation", id]), "--spec", spec],
      dir,
    );
  return { spec, before, merge, read: () => readFile(spec, "utf8") };
}

describe("import into an existing spec", () => {
  it("adds what the spec lacks, keeping its own text, comments and order", async () => {
    const { before, merge, read } = await specWith((text) =>
      text.replace("  Widget:\n", "  # Our comment, kept.\n  Widget:\n"),
    );
    const run = await merge("widgets:delete", "widgets:list");
    expect(run.code, run.err.join("\n")).toBe(0);
    expect(run.out.at(-1)).toMatch(/^merged into spec\.yaml: added .*2 operations/);
    const after = await read();
    expect(
      isSubsequence(before.split("\n"), after.split("\n")),
      "every line of the spec kept, in order",
    ).toBe(true);
    expect(after).toContain("  # Our comment, kept.\n  Widget:\n");
    const spec = parse(after);
    expect(Object.keys(spec.operations)).toEqual(["getWidget", "deleteWidget", "listWidgets"]);
    expect(spec.types).toHaveProperty("Pagination");
    expect(() => lowerText(after, "spec.yaml")).not.toThrow();
  });

  it("adds nothing, and changes nothing, when the spec has it all", async () => {
    const { before, merge, read } = await specWith((text) => text);
    const run = await merge("widgets:get");
    expect(run.code).toBe(0);
    expect(run.out.at(-1)).toMatch(/added nothing/);
    expect(await read()).toBe(before);
  });

  it("reports a disagreement at its line, as drift does, and writes nothing (exit 1)", async () => {
    const { before, merge, read } = await specWith((text) =>
      text.replace("      created_at: datetime\n", "      created_at: string\n"),
    );
    const line = before.split("\n").indexOf("      created_at: string") + 1;
    const run = await merge("widgets:create");
    expect(run.code).toBe(1);
    expect(run.err[0]).toMatch(
      new RegExp(
        `^spec\\.yaml:${line}:1 error: type: field 'created_at' of Widget: .*constructs\\.openapi\\.yaml#/components/schemas/Widget/properties/created_at\\)$`,
      ),
    );
    expect(run.err.at(-1)).toMatch(/1 disagreement .*nothing was written/);
    expect(await read()).toBe(before);
  });

  it("reports a field the document has and the spec lacks, a status, a scope", async () => {
    const { merge, read, before } = await specWith((text) =>
      text
        .replace("      created_at: datetime\n", "")
        .replace("    scopes: [widgets:read]\n", "    scopes: [widgets:admin]\n")
        .replace("    errors: [ResourceNotFound]\n", ""),
    );
    const run = await merge("widgets:get");
    expect(run.code).toBe(1);
    const report = run.err.join("\n");
    expect(report).toMatch(/error: field: field 'created_at': the document only/);
    expect(report).toMatch(/error: status: status 404: the document only/);
    expect(report).toMatch(
      /error: security: scopes of 'pat': the spec widgets:admin, the document widgets:read/,
    );
    expect(await read()).toBe(before);
  });

  it("lets a difference the spec marks deliberate stand", async () => {
    const { merge } = await specWith((text) =>
      text.replace(
        "      created_at: datetime\n",
        "      created_at:\n        type: string\n        deliberate:\n          type: Kept as text on purpose.\n",
      ),
    );
    const run = await merge("widgets:create");
    expect(run.code, run.err.join("\n")).toBe(0);
  });

  it("renames an operation whose id the spec already uses elsewhere, visibly", async () => {
    const { merge, read } = await specWith((text) =>
      text.replace("    path: /v1/widgets/{id}\n", "    path: /v1/gizmos/{id}\n"),
    );
    const run = await merge("widgets:get");
    expect(run.code, run.err.join("\n")).toBe(0);
    expect(run.out.join("\n")).toMatch(
      /#\/paths\/~1v1~1widgets~1\{id\}\/get {2}note: named getWidget2: the spec's getWidget is GET \/v1\/gizmos\/\{id\}/,
    );
    const after = await read();
    expect(after).toMatch(/# import: named getWidget2: .*\n {2}getWidget2:\n {4}group: widgets\.get2\n/);
    expect(() => lowerText(after, "spec.yaml")).not.toThrow();
  });
});
