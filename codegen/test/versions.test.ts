/**
 * Dated API versions: the spec says each change once (`info.versions`, and `since`/`until` on a
 * type or field); the loader checks them, each problem at its line; a view is the API as of
 * one version; what changes between two views is what a dated entry point prints.
 */
import { describe, expect, it } from "vitest";
import { SpecError } from "../src/diagnostics.ts";
import { driftReport } from "../src/drift/drift-report.ts";
import type { Schema } from "../src/drift/schema-view.ts";
import { openApiDocument } from "../src/emitters/openapi/document.ts";
import { openApiTarget } from "../src/emitters/openapi/target.ts";
import type { Api } from "../src/ir/types.ts";
import { apiAsOf, changedDeclarations, changedOperations, existsIn } from "../src/ir/versions.ts";
import { lowerText } from "../src/loader/load.ts";
import { readYaml } from "../src/loader/read-yaml.ts";

// biome-ignore format: the line numbers in the comments are what the expected positions refer to
const spec = (lines: string[]) =>
  [
    "info:",                                  //  1
    "  title: Keys API",                      //  2
    '  version: "2026-04"',                   //  3
    '  versions: ["2026-04", "2026-10", "2027-01"]', // 4
    "environments:",                          //  5
    "  production: https://api.example.com",  //  6
    "security:",                              //  7
    "  pat:",                                 //  8
    "    audience: organization",             //  9
    "errors: {}",                             // 10
    "types:",                                 // 11
    ...lines,                                 // 12…
  ].join("\n");

// biome-ignore format: line numbers
const keys = [
  "  Member:",                                // 12
  '    since: "2026-10"',                     // 13
  "    fields:",                              // 14
  "      id: uuid",                           // 15
  "  Key:",                                   // 16
  "    fields:",                              // 17
  "      id: uuid",                           // 18
  "      member:",                            // 19
  "        type: Member | null",              // 20
  '        since: "2026-10"',                 // 21
  "  ValidatedKey:",                          // 22
  "    extends: Key",                         // 23
  "    fields:",                              // 24
  "      valid: boolean",                     // 25
  "  Other:",                                 // 26
  "    fields:",                              // 27
  "      name: string",                       // 28
  "operations:",                              // 29
  "  validateKey:",                           // 30
  "    group: keys.validate",                 // 31
  "    summary: Validate a key.",             // 32
  "    method: POST",                         // 33
  "    path: /v1/keys/validate",              // 34
  "    auth: [pat]",                          // 35
  "    input:",                               // 36
  "      body:",                              // 37
  "        key: string",                      // 38
  "    responses:",                           // 39
  "      200: ValidatedKey",                  // 40
  "  getOther:",                              // 41
  "    group: others.get",                    // 42
  "    summary: Get the other.",              // 43
  "    method: GET",                          // 44
  "    path: /v1/other",                      // 45
  "    auth: [pat]",                          // 46
  "    responses:",                           // 47
  "      200: Other",                         // 48
];

function problems(text: string): string[] {
  try {
    lowerText(text, "spec.yaml");
  } catch (error) {
    if (error instanceof SpecError)
      return error.diagnostics
        .map((d) => `${d.line}:${d.column} ${d.message}`)
        .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    throw error;
  }
  return [];
}

const api = (): Api => lowerText(spec(keys), "spec.yaml");
const fieldNames = (view: Api, type: string) => {
  const declaration = view.declarations.find((d) => d.name === type);
  return declaration?.kind === "object" ? declaration.fields.map((f) => f.name) : undefined;
};

describe("the loader's version checks", () => {
  it("accepts a spec whose versions, lifetimes and references agree, and keeps them in the IR", () => {
    const lowered = api();
    expect(lowered.versions).toEqual(["2026-04", "2026-10", "2027-01"]);
    expect(lowered.declarations.find((d) => d.name === "Member")?.since).toBe("2026-10");
  });

  it("reports a since or until that names no version of info.versions, at its line, with the closest", () => {
    const text = spec(keys).replace('        since: "2026-10"', '        since: "2026-11"');
    expect(problems(text)).toEqual([
      `21:16 '2026-11' is not an API version of info.versions (2026-04, 2026-10, 2027-01) (did you mean '2026-10'?); name one of them`,
    ]);
  });

  it("reports a field gone before it appears", () => {
    const text = spec(keys).replace(
      '        since: "2026-10"',
      '        since: "2026-10"\n        until: "2026-04"',
    );
    expect(problems(text)).toEqual([
      "22:16 gone from 2026-04 before it appears in 2026-10: 'until' names a later version than 'since'",
    ]);
  });

  it("reports versions out of order and a roots' version that is not listed", () => {
    const text = spec(keys)
      .replace('versions: ["2026-04", "2026-10", "2027-01"]', 'versions: ["2026-10", "2026-04", "2027-01"]')
      .replace('version: "2026-04"', 'version: "2025-01"');
    expect(problems(text)).toEqual([
      "3:12 '2025-01' is not one of info.versions (2026-10, 2026-04, 2027-01); add it there or name one of them",
      "4:25 '2026-04' comes after '2026-10'; list the versions oldest first, each once",
    ]);
  });

  it("reports a field that exists in a version where the type it names does not, at the field", () => {
    const text = spec(keys).replace('        since: "2026-10"\n', "");
    expect(problems(text)).toEqual([
      "20:9 field 'member' refers to 'Member', which exists from 2026-10 only, not in 2026-04; give it a matching since/until",
    ]);
  });
});

describe("views", () => {
  it("keep what exists in their version: the roots' view has no member, 2026-10's has it, inherited too", () => {
    const lowered = api();
    const root = apiAsOf(lowered, "2026-04");
    expect(root.version).toBe("2026-04");
    expect(fieldNames(root, "ValidatedKey")).toEqual(["id", "valid"]);
    expect(root.declarations.map((d) => d.name)).not.toContain("Member");
    const dated = apiAsOf(lowered, "2026-10");
    expect(fieldNames(dated, "ValidatedKey")).toEqual(["id", "member", "valid"]);
    expect(dated.declarations.map((d) => d.name)).toContain("Member");
  });

  it("tell what a later version changes: new and changed types, what refers to them, and their operations", () => {
    const lowered = api();
    const root = apiAsOf(lowered, "2026-04");
    const dated = apiAsOf(lowered, "2026-10");
    const changed = changedDeclarations(root, dated);
    expect(changed.map((d) => d.name).sort()).toEqual(["Key", "Member", "ValidatedKey"]);
    expect(changedOperations(dated, changed).map((o) => o.id)).toEqual(["validateKey"]);
    expect(changedDeclarations(dated, apiAsOf(lowered, "2027-01"))).toEqual([]);
  });

  it("place a lifetime against the version list", () => {
    const versions = ["2026-04", "2026-10", "2027-01"];
    expect(existsIn({ since: "2026-10", until: "2027-01" }, "2026-10", versions)).toBe(true);
    expect(existsIn({ since: "2026-10", until: "2027-01" }, "2027-01", versions)).toBe(false);
    expect(existsIn({}, "2026-04", versions)).toBe(true);
    expect(() => existsIn({}, "2030-01", versions)).toThrow(/no API version 2030-01/);
  });
});

describe("the OpenAPI export", () => {
  it("writes the roots' version to openapi.json and each other version to openapi/<version>.json", () => {
    const written = new Map<string, string>();
    openApiTarget.emit(api(), { module: () => [], text: (path, contents) => written.set(path, contents) });
    expect([...written.keys()]).toEqual(["openapi.json", "openapi/2026-10.json", "openapi/2027-01.json"]);
    const schemas = (path: string) => JSON.parse(written.get(path)!).components.schemas;
    expect(JSON.parse(written.get("openapi.json")!).info.version).toBe("2026-04");
    expect(schemas("openapi.json").Key.properties).not.toHaveProperty("member");
    expect(schemas("openapi/2026-10.json").Key.properties).toHaveProperty("member");
    expect(JSON.parse(written.get("openapi/2026-10.json")!).info.version).toBe("2026-10");
  });
});

describe("drift", () => {
  const text = spec(keys);
  const { source } = readYaml("spec.yaml", text);
  const documentOf = (version: string) => openApiDocument(apiAsOf(api(), version)) as unknown as Schema;

  it("compares a document with the spec's view of the document's version", () => {
    expect(driftReport(api(), source!, documentOf("2026-10")).drift).toEqual([]);
    expect(driftReport(api(), source!, documentOf("2026-04")).drift).toEqual([]);
  });

  it("a document of a version the spec does not list is compared with the roots' view", () => {
    const later = { ...documentOf("2026-10"), info: { title: "Keys API", version: "2030-01" } } as Schema;
    const fields = driftReport(api(), source!, later).drift.map((difference) => difference.message);
    expect(fields.join("\n")).toMatch(/member/);
  });
});
