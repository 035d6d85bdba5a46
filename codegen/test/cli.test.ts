/**
 * The CLI's answers a user reads: which options each command takes (exit 2 naming the fix),
 * what `check` counts, what `generate --check` says when nothing changed, and a broken spec
 * met by `drift`. bad-specs.test.ts has the spec errors, drift/cli.test.ts the drift report.
 */
import { copyFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codegenRoot, listFiles, makeTempDir, removeTempDirs, runCli } from "./helpers.ts";

afterAll(removeTempDirs);

const webhooksSpec = join(codegenRoot, "test", "features", "webhooks", "spec.yaml");

async function folderWith(spec: string): Promise<string> {
  const dir = await makeTempDir("codegen-cli-");
  await copyFile(spec, join(dir, "spec.yaml"));
  return dir;
}

describe("options a command does not take exit 2, name the command's own and write nothing", () => {
  it.each([
    [["check", "--spec", "spec.yaml", "--watch"], "'check' only takes --spec"],
    [["check", "--spec", "spec.yaml", "--verify"], "'check' only takes --spec"],
    [["drift", "--openapi", "x.json", "--check"], "'drift' only takes --openapi and --spec"],
    [["drift", "--openapi", "x.json", "--watch"], "'drift' only takes --openapi and --spec"],
    [["drift", "--openapi", "x.json", "--verify"], "'drift' only takes --openapi and --spec"],
    [["drift", "--openapi", "x.json", "--out", "out"], "'drift' only takes --openapi and --spec"],
    [
      ["generate", "--spec", "spec.yaml", "--openapi", "x.json"],
      "--openapi is an option of 'drift' and 'import'",
    ],
    [["check", "--openapi", "x.json"], "--openapi is an option of 'drift' and 'import'"],
  ])("%j", async (argv, message) => {
    const dir = await folderWith(webhooksSpec);
    const run = await runCli(argv, dir);
    expect(run.err[0]).toBe(`commerce-codegen: ${message}`);
    expect(run.err).toContain("usage:");
    expect(run.out).toEqual([]);
    expect(run.code).toBe(2);
    expect(await listFiles(dir)).toEqual(["spec.yaml"]);
  });
});

describe("check", () => {
  it("counts operations, types and webhook events, each in the singular when there is one", async () => {
    const dir = await folderWith(webhooksSpec);
    expect(await runCli(["check", "--spec", "spec.yaml"], dir)).toEqual({
      code: 0,
      out: ["spec.yaml: ok (1 operation, 4 types, 2 webhook events)"],
      err: [],
    });
    expect(await listFiles(dir)).toEqual(["spec.yaml"]);
  });

  it("says '1 webhook event' for one, and nothing of webhooks for none", async () => {
    const dir = await folderWith(webhooksSpec);
    const spec = join(dir, "spec.yaml");
    const text = await readFile(spec, "utf8");
    const webhooks = text.indexOf("\nwebhooks:");
    await writeFile(spec, `${text.slice(0, webhooks)}\nwebhooks:\n  order.paid:\n    data: Order\n`);
    expect((await runCli(["check", "--spec", "spec.yaml"], dir)).out).toEqual([
      "spec.yaml: ok (1 operation, 4 types, 1 webhook event)",
    ]);
    await writeFile(spec, text.slice(0, webhooks + 1));
    expect((await runCli(["check", "--spec", "spec.yaml"], dir)).out).toEqual([
      "spec.yaml: ok (1 operation, 4 types)",
    ]);
  });
});

describe("generate --check", () => {
  it("exits 0 and counts the files when everything is up to date, writing nothing", async () => {
    const dir = await folderWith(webhooksSpec);
    const generate = await runCli(["generate", "--spec", "spec.yaml", "--out", "out"], dir);
    expect(generate.code).toBe(0);
    const files = await listFiles(dir);
    // Each target's files where its descriptor says: a package's generated folder, a package's own
    // folder (the OpenAPI document it publishes), beside the spec (the editor schema).
    expect(files).toEqual(
      expect.arrayContaining([
        "out/schemas/openapi.json",
        "commerce.schema.json",
        "out/schemas/src/generated/webhooks.ts",
        "out/client/src/generated/validators.ts",
        "out/react/src/generated/queries.ts",
      ]),
    );
    expect(JSON.parse(await readFile(join(dir, "out/schemas/openapi.json"), "utf8")).openapi).toBe("3.1.0");
    expect(generate.out[0]).toMatch(
      new RegExp(
        `^generated ${files.length - 1} files \\(${files.length - 1} changed, 0 removed\\) in \\d+\\.\\ds$`,
      ),
    );

    // The packages exist now, so no scaffold: the generated files, the OpenAPI document, the editor
    // schema and the agents' instructions.
    const generated = files.filter((file) =>
      /\/src\/generated\/|openapi\.json$|schema\.json$|\/mcp\/(llms\.txt|SKILL\.md)$/.test(file),
    );
    const check = await runCli(["generate", "--check", "--spec", "spec.yaml", "--out", "out"], dir);
    expect(check).toEqual({
      code: 0,
      out: [`generated files are up to date (${generated.length} files)`],
      err: [],
    });
    expect(await listFiles(dir)).toEqual(files);

    const again = await runCli(["generate", "--spec", "spec.yaml", "--out", "out"], dir);
    expect(again.out[0]).toMatch(/^generated \d+ files \(0 changed, 0 removed\)/);
  });

  it("exits 1 on a stale generated file alone, naming it, and leaves it for generate to remove", async () => {
    const dir = await folderWith(webhooksSpec);
    expect((await runCli(["generate", "--spec", "spec.yaml", "--out", "out"], dir)).code).toBe(0);
    await writeFile(join(dir, "out/client/src/generated/old.ts"), "export {};\n");
    const check = await runCli(["generate", "--check", "--spec", "spec.yaml", "--out", "out"], dir);
    expect(check).toEqual({
      code: 1,
      out: [],
      err: [
        "no longer generated: out/client/src/generated/old.ts",
        "the generated files are out of date with the spec; run `pnpm generate` and commit the result",
      ],
    });
    expect(await listFiles(join(dir, "out/client/src/generated"))).toContain("old.ts");
  });
});

describe("drift with a broken spec", () => {
  it("reports the spec's problems at their place and exits 1", async () => {
    const dir = await folderWith(webhooksSpec);
    const spec = join(dir, "spec.yaml");
    await writeFile(spec, (await readFile(spec, "utf8")).replace("data: Order", "data: Ordr"));
    await writeFile(join(dir, "service.json"), JSON.stringify({ openapi: "3.1.0", paths: {} }));
    const run = await runCli(["drift", "--openapi", "service.json", "--spec", "spec.yaml"], dir);
    expect(run.err).toEqual([
      expect.stringMatching(/^spec\.yaml:\d+:\d+ error: unknown resource 'Ordr' \(did you mean 'Order'\?\)/),
      "1 problem in the spec; nothing was written",
    ]);
    expect(run.code).toBe(1);
  });
});
