import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, describe, expect, it } from "vitest";
import { openApiText } from "../../src/emitters/openapi/document.ts";
import { loadSpec } from "../../src/loader/load.ts";
import { codegenRoot, makeTempDir, realSpec, removeTempDirs, repoRoot } from "../helpers.ts";

/**
 * The real spec's OpenAPI document is valid OpenAPI 3.1 (the specification's JSON Schema, through
 * swagger-parser) and Redocly's recommended rules find no error in it. Redocly runs through its
 * bin, once: its in-process API is not a dependency we may import.
 */

afterAll(removeTempDirs);

async function writeDocument(): Promise<string> {
  const api = await loadSpec(realSpec, repoRoot);
  const file = join(await makeTempDir("openapi-"), "openapi.json");
  await writeFile(file, openApiText(api));
  return file;
}

describe("the real spec's OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const file = await writeDocument();
    const parsed = await SwaggerParser.validate(file);
    expect((parsed as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("passes redocly lint with no error", async () => {
    const file = await writeDocument();
    const bin = join(codegenRoot, "node_modules", "@redocly", "cli", "bin", "cli.js");
    const config = join(codegenRoot, "test", "openapi", "redocly.yaml");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [bin, "lint", file, "--config", config, "--format", "json"],
      { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout) as {
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const errors = report.problems.filter((problem) => problem.severity === "error");
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.problems.length).toBeGreaterThan(0); // the report was read: it lists warnings
  }, 60_000);
});
