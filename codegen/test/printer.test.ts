/**
 * The printer writes the emitters' ts-morph structures as final text, without TypeScript:
 * its kinds must be ts-morph's, its layout TypeScript's formatter's (the `--verify` runs of
 * the other suites check whole files; these pin the rules), and generating must not load
 * the compiler at all, which is what keeps it fast.
 */
import { execFile } from "node:child_process";
import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { StructureKind as TsMorphStructureKind } from "ts-morph";
import { afterAll, describe, expect, it } from "vitest";
import { StructureKind } from "../src/emitters/emitter.ts";
import { layOut } from "../src/emitters/layout.ts";
import { printStatements } from "../src/emitters/printer.ts";
import { codegenRoot, makeTempDir, removeTempDirs } from "./helpers.ts";

afterAll(removeTempDirs);

describe("the printer", () => {
  it("uses ts-morph's own StructureKind values", () => {
    for (const [name, value] of Object.entries(StructureKind)) {
      expect(value, name).toBe(TsMorphStructureKind[name as keyof typeof TsMorphStructureKind]);
    }
  });

  it("indents multi-line code one level per line of brackets left open, ignoring strings and comments", () => {
    const code = [
      "z.strictObject({",
      "a: z.array(z.union([",
      'z.literal("{"),',
      "z.string(), // ) not a bracket",
      "])),",
      "/* { */ b: 1,",
      "})",
    ].join("\n");
    expect(layOut(code).map((line) => "  ".repeat(line.level) + line.text)).toEqual([
      "z.strictObject({",
      "  a: z.array(z.union([",
      '    z.literal("{"),',
      "    z.string(), // ) not a bracket",
      "  ])),",
      "  /* { */ b: 1,",
      "})",
    ]);
  });

  it("prints structures as TypeScript's formatter lays them out", () => {
    const text = printStatements([
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: "zod/mini", namespaceImport: "z" },
      {
        kind: StructureKind.Interface,
        name: "Thing",
        isExported: true,
        docs: ["A thing.\n@deprecated"],
        properties: [
          { name: "id", type: "string" },
          { name: "parts", type: "{\nname: string;\n}", hasQuestionToken: true },
        ],
      },
      {
        kind: StructureKind.VariableStatement,
        isExported: true,
        declarationKind: "const" as never,
        declarations: [{ name: "Thing", initializer: "z.object({\nid: z.string(),\n})" }],
      },
      {
        kind: StructureKind.Function,
        name: "get",
        parameters: [
          { name: "id", type: "string" },
          { name: "options", type: "Options", hasQuestionToken: true },
        ],
        returnType: "Thing",
        statements: "return {\nid,\n};",
      },
    ]);
    expect(text).toBe(
      [
        'import * as z from "zod/mini";',
        "",
        "/**",
        " * A thing.",
        " * @deprecated",
        " */",
        "export interface Thing {",
        "  id: string;",
        "  parts?: {",
        "    name: string;",
        "  };",
        "}",
        "",
        "export const Thing = z.object({",
        "  id: z.string(),",
        "});",
        "",
        "function get(id: string, options?: Options): Thing {",
        "  return {",
        "    id,",
        "  };",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("breaks statements and lists past 100 columns where a person would, leaving short ones whole", () => {
    const long = "a".repeat(40);
    const text = printStatements([
      {
        kind: StructureKind.VariableStatement,
        declarationKind: "const" as never,
        declarations: [
          {
            name: "variants",
            initializer: `/* @__PURE__ */ new Map<unknown, Check>([["${long}", check], ["b", other]])`,
          },
        ],
      },
      {
        kind: StructureKind.Function,
        name: "check",
        returnType: "unknown",
        statements: [
          "const start = problems.length;",
          `if ("${long}" in value) output.${long} = value.${long} === undefined ? undefined : string(value.${long}, problems);`,
          `return rejectUnknownKeys(output, value, ["${long}", "${long}", "${long}"], problems, start);`,
        ].join("\n"),
      },
    ]);
    expect(text).toBe(
      [
        "const variants = /* @__PURE__ */ new Map<unknown, Check>([",
        `  ["${long}", check],`,
        '  ["b", other],',
        "]);",
        "",
        "function check(): unknown {",
        "  const start = problems.length;",
        `  if ("${long}" in value) {`,
        `    output.${long} = value.${long} === undefined`,
        "      ? undefined",
        `      : string(value.${long}, problems);`,
        "  }",
        "  return rejectUnknownKeys(",
        "    output,",
        "    value,",
        "    [",
        `      "${long}",`,
        `      "${long}",`,
        `      "${long}",`,
        "    ],",
        "    problems,",
        "    start,",
        "  );",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("breaks an object literal's property that is one call past 100 columns, and no other property", () => {
    const long = "a_field_name_long_enough_to_cross_the_line";
    const text = printStatements([
      {
        kind: StructureKind.Function,
        name: "check",
        returnType: "unknown",
        statements: [
          "const output = {",
          `  ${long}: validateSomething(value.${long}, problems, "${long}"),`,
          `  short: string(value.short, problems, "short"),`,
          `  ${long}_too: ({ pageParam, signal }) => listEvents(client, { ...input, page: pageParam }),`,
          "};",
        ].join("\n"),
      },
    ]);
    expect(text).toBe(
      [
        "function check(): unknown {",
        "  const output = {",
        `    ${long}: validateSomething(`,
        `      value.${long},`,
        "      problems,",
        `      "${long}",`,
        "    ),",
        `    short: string(value.short, problems, "short"),`,
        `    ${long}_too: ({ pageParam, signal }) => listEvents(client, { ...input, page: pageParam }),`,
        "  };",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("refuses a structure field it does not print, naming it", () => {
    expect(() =>
      printStatements([
        { kind: StructureKind.TypeAlias, name: "A", type: "string", hasDeclareKeyword: true },
      ]),
    ).toThrow("printer.ts does not print the 'hasDeclareKeyword' of a type alias structure; add it there");
  });
});

describe("generating", () => {
  it("does not load the TypeScript compiler (only --verify does)", async () => {
    const dir = await makeTempDir();
    await copyFile(join(codegenRoot, "test", "features", "enum", "spec.yaml"), join(dir, "spec.yaml"));
    // Reports, as the process exits, whether any loaded module came from the typescript package.
    const probe = join(dir, "probe.cjs");
    await writeFile(
      probe,
      [
        "const loaded = () => Object.keys(require.cache).some((p) => /[\\\\/]typescript[\\\\/]|typescript\\.js$/.test(p));",
        'process.on("exit", () => console.log("typescript loaded: " + loaded()));',
        "",
      ].join("\n"),
    );
    const bin = join(codegenRoot, "bin", "commerce-codegen.js");
    const run = (...flags: string[]) =>
      promisify(execFile)(
        process.execPath,
        ["--require", probe, bin, "generate", "--spec", "spec.yaml", "--out", "out", ...flags],
        { cwd: dir },
      );
    expect((await run()).stdout).toContain("typescript loaded: false");
    expect((await run("--verify")).stdout).toContain("typescript loaded: true");
  });
});
