import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { codegenRoot, makeTempDir, removeTempDirs, runCli } from "../helpers.ts";
import { serviceDocument } from "./service-document.ts";

afterAll(removeTempDirs);

/** A folder with the fixture spec and `files` beside it; runs `drift` there. */
async function drift(files: Record<string, string>, args: string[]) {
  const dir = await makeTempDir("drift-");
  await copyFile(join(codegenRoot, "test", "drift", "spec.yaml"), join(dir, "spec.yaml"));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return runCli(["drift", "--spec", "spec.yaml", ...args], dir);
}

describe("commerce-codegen drift --openapi", () => {
  it("exits 0 and says so when the document agrees with the spec", async () => {
    const run = await drift({ "service.json": JSON.stringify(serviceDocument()) }, [
      "--openapi",
      "service.json",
    ]);
    expect(run.err).toEqual([]);
    expect(run.out[0]).toBe(
      "compared spec.yaml with service.json: 2 of our 2 operations are in it (matched by method and path), 5 types by name",
    );
    expect(run.out.at(-1)).toBe("0 differences of drift (none), 0 deliberate");
    expect(run.code).toBe(0);
  });

  it("exits 1 and lists each difference by spec line and the document's pointer; reads YAML too", async () => {
    const document = serviceDocument();
    document.components.schemas.Status.enum.push("paused");
    const run = await drift({ "service.yaml": stringify(document) }, ["--openapi", "service.yaml"]);
    expect(run.out).toContain("drift (1):");
    expect(run.out).toContain(
      "spec.yaml:14  service.yaml#/components/schemas/Status  enum: value 'paused': theirs only",
    );
    expect(run.out.at(-1)).toBe("1 difference of drift (enum 1), 0 deliberate");
    expect(run.code).toBe(1);
  });

  it.each([
    [
      ["--openapi", "absent.json"],
      {},
      "cannot read absent.json: it does not exist; pass the path of the OpenAPI document",
    ],
    [
      ["--openapi", "notes.json"],
      { "notes.json": '{"title": "notes"}' },
      "notes.json is not an OpenAPI 3 document",
    ],
    [
      ["--openapi", "old.json"],
      { "old.json": '{"swagger": "2.0"}' },
      "old.json is a Swagger 2 document; convert it",
    ],
    [["--openapi", "broken.json"], { "broken.json": '{"openapi": ' }, "broken.json is neither JSON nor YAML"],
    [[], {}, "'drift' needs --openapi <file>"],
  ])("exits 2 with a message naming the fix: %j", async (args, files, message) => {
    const run = await drift(files as Record<string, string>, args);
    expect(run.err.join("\n")).toContain(message);
    expect(run.code).toBe(2);
  });
});
