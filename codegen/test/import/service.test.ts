import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listFiles, makeTempDir, removeTempDirs, runCli } from "../helpers.ts";
import { serviceLikeDocument } from "./service-document.ts";

/**
 * A document of the service's shape and a few dozen operations, imported whole: the spec
 * checks, and the code generated from it type-checks against the packages' runtime.
 */

afterAll(removeTempDirs);

describe("import --all --webhooks of a document shaped like the service's", () => {
  it("gives a spec whose generated packages type-check", async () => {
    const dir = await makeTempDir("codegen-import-service-");
    const document = serviceLikeDocument();
    await writeFile(join(dir, "openapi.json"), JSON.stringify(document));
    const imported = await runCli(
      ["import", "--openapi", "openapi.json", "--all", "--webhooks", "--spec", "spec.yaml"],
      dir,
    );
    expect(imported.err).toEqual([]);
    expect(imported.code).toBe(0);
    expect(imported.out.at(-1)).toMatch(
      /^wrote spec\.yaml: 36 operations, \d+ types and enums, 12 webhook events/,
    );

    const generated = await runCli(["generate", "--verify", "--spec", "spec.yaml", "--out", "out"], dir);
    expect(generated.err).toEqual([]);
    expect(generated.code).toBe(0);
    const files = await listFiles(join(dir, "out"));
    expect(files).toEqual(
      expect.arrayContaining([
        "client/src/generated/operations.ts",
        "react/src/generated/queries.ts",
        "schemas/src/generated/webhooks.ts",
      ]),
    );
  }, 240_000);
});
