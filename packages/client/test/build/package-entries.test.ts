import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * TypeScript with `moduleResolution: node10` (still the default of many
 * projects) ignores `exports`: it finds a subpath's types only through
 * `typesVersions`. (`attw --pack .` in `lint:package` checks the packed result
 * under every resolution mode; this keeps the manifest honest in the unit tests.)
 */

interface Manifest {
  exports: Record<string, string | { require?: { types?: string } }>;
  types: string;
  typesVersions?: Record<string, Record<string, string[]>>;
}

const manifest: Manifest = JSON.parse(
  await readFile(join(import.meta.dirname, "..", "..", "package.json"), "utf8"),
);

describe("package entries under moduleResolution node10", () => {
  const subpaths = Object.entries(manifest.exports).filter(
    ([subpath]) => subpath !== "." && subpath !== "./package.json",
  );

  it("has subpath exports to check (./core)", () => {
    expect(subpaths.map(([subpath]) => subpath)).toContain("./core");
  });

  it.each(subpaths)("%s has a typesVersions fallback to its CommonJS types", (subpath, target) => {
    const types = typeof target === "object" ? target.require?.types : undefined;
    expect(types).toMatch(/\.d\.cts$/);
    expect(manifest.typesVersions?.["*"]?.[subpath.slice(2)]).toEqual([types]);
  });

  it("leaves the main entry to `types`", () => {
    expect(manifest.types).toBe((manifest.exports["."] as { require: { types: string } }).require.types);
  });
});
