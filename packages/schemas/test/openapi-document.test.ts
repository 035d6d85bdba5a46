import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/** The OpenAPI document is published: exported by name, listed in the package's files. */
describe("@commerce-api/schemas/openapi.json", () => {
  it("resolves by its export and is the spec's OpenAPI 3.1 document (the README's example)", () => {
    const document = createRequire(import.meta.url)("@commerce-api/schemas/openapi.json");
    expect(document.openapi).toBe("3.1.0");
    expect(document["x-generated-from"]).toMatch(/^spec\/commerce\.yaml /);
    expect(document.paths["/v1/license-keys/validate"].post.operationId).toBe("validateLicenseKey");
  });

  it("is among the files the package publishes", async () => {
    const manifest = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
    expect(manifest.files).toContain("openapi.json");
    expect(manifest.exports["./openapi.json"]).toBe("./openapi.json");
  });
});
