/**
 * The spec is read by js-yaml, and by the `yaml` library only where positions are needed or
 * js-yaml refuses the text (src/loader/read-yaml.ts). The two must give the same value, or a
 * spec would generate differently from what its diagnostics describe.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readWithPositions, readYaml } from "../src/loader/read-yaml.ts";
import { codegenRoot } from "./helpers.ts";

const repoRoot = join(codegenRoot, "..");
const trackedYaml = execFileSync("git", ["ls-files", "*.yaml", "*.yml"], { cwd: repoRoot, encoding: "utf8" })
  .split("\n")
  .filter((file) => file !== "" && file !== "pnpm-lock.yaml");

/** YAML 1.2 core-schema corners where two parsers could part ways. */
const corners = `
anchors:
  base: &base { name: Base, limit: 10 }
  copy: *base
  merged: { <<: *base, extra: 1 }
scalars: [~, null, true, false, yes, no, on, off, 0o17, 0x1F, 017, 1e3, .inf, -.inf, 2026-04-01, "2026-04", '12']
keys:
  200: ok
  "404": missing
  true: yes
  1.5: half
blocks:
  folded: >-
    one
    two

    three
  literal: |
    kept
      indented
  kept_trailing: |+
    end

quoted: "tab\\there, unicode \\u00e9, quote \\" inside"
single: 'it''s'
flow: [a, {b: [c, d]}, "e, f"]
empty_map: {}
empty_list: []
`;

describe("reading the spec", () => {
  it.each(trackedYaml)("js-yaml and the yaml library read %s alike", (file) => {
    const text = readFileSync(join(repoRoot, file), "utf8");
    expect(readYaml(file, text).source!.value).toEqual(readWithPositions(file, text).source!.value);
  });

  it("reads anchors, merge keys, scalars, keys and block scalars alike", () => {
    const quick = readYaml("corners.yaml", corners).source!.value;
    expect(quick).toEqual(readWithPositions("corners.yaml", corners).source!.value);
    // YAML 1.2's core schema: a date, yes/no and a leading-zero number stay as written.
    expect((quick as { scalars: unknown[] }).scalars).toContain("2026-04-01");
    expect((quick as { scalars: unknown[] }).scalars).toContain("yes");
  });

  it("places a problem in a spec js-yaml read, at its line", () => {
    const { source, diagnostics } = readYaml(
      "spec.yaml",
      "info:\n  title: T\ntypes:\n  Cat:\n    kind: dog\n",
    );
    expect(diagnostics).toEqual([]);
    expect(source!.diagnostic(["types", "Cat", "kind"], "no such kind")).toEqual({
      file: "spec.yaml",
      line: 5,
      column: 11,
      message: "no such kind",
    });
  });

  it("reports what js-yaml refuses as the yaml library words it: a duplicate key, a syntax error", () => {
    const duplicate = readYaml("spec.yaml", "info:\n  title: A\n  title: B\n");
    expect(duplicate.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [3, "'title' is written twice in the same mapping (first on line 2); keep one of them or rename one"],
    ]);
    // The later value wins, as before: the checks after this one still run.
    expect(duplicate.source!.value).toEqual({ info: { title: "B" } });
    const broken = readYaml("spec.yaml", "info: [unclosed\n");
    expect(broken.source).toBeUndefined();
    expect(broken.diagnostics[0]!.message).toMatch(/^YAML syntax: .*; fix the YAML so it parses$/);
  });
});
