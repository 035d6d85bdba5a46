/**
 * The printer writes the emitters' ts-morph structures as text, without TypeScript, and
 * Biome lays it out: its kinds must be ts-morph's, and generating must not load the
 * compiler at all, which is what keeps it fast.
 */
import { execFile } from "node:child_process";
import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { StructureKind as TsMorphStructureKind } from "ts-morph";
import { afterAll, describe, expect, it } from "vitest";
import { blankLine, type Statement, StructureKind } from "../src/emitters/emitter.ts";
import { printStatements } from "../src/emitters/printer.ts";
import { formatFiles } from "../src/format.ts";
import { codegenRoot, makeTempDir, removeTempDirs } from "./helpers.ts";

afterAll(removeTempDirs);

describe("the printer", () => {
  it("uses ts-morph's own StructureKind values", () => {
    for (const [name, value] of Object.entries(StructureKind)) {
      expect(value, name).toBe(TsMorphStructureKind[name as keyof typeof TsMorphStructureKind]);
    }
  });

  it("prints structures as code that Biome then lays out, imports in order", async () => {
    const printed = printStatements(
      [
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: "./b.js", namedImports: ["b", "a"] },
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
      ],
      110,
    );
    const [formatted] = await formatFiles([{ path: "/generated/thing.ts", contents: printed }]);
    expect(formatted!.contents).toBe(
      [
        'import * as z from "zod/mini";',
        'import { a, b } from "./b.js";',
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

  it("prints a large input as it prints its parts, one after another (in time linear in the output)", () => {
    // One part: a blank line first, then statements whose spacing depends on what was printed before them.
    const part: Statement[] = [
      blankLine,
      "const a = 1;",
      { kind: StructureKind.TypeAlias, name: "A", type: "{\n}" },
      "const b = 2;",
      { kind: StructureKind.Interface, name: "B", properties: [{ name: "id", type: "string" }] },
      "if (b) {\n}\n",
      "const c = 3;",
      { kind: StructureKind.Function, name: "f", statements: "return 1;" },
      { kind: StructureKind.TypeAlias, name: "C", type: "string" },
    ];
    const printedPart = printStatements(part, 110);
    expect(printedPart).toBe(
      [
        "const a = 1;",
        "type A = {",
        "};",
        "const b = 2;",
        "",
        "interface B {",
        "id: string;",
        "}",
        "",
        "if (b) {",
        "}",
        "",
        "const c = 3;",
        "",
        "function f() {",
        "return 1;",
        "}",
        "",
        "type C = string;",
        "",
      ].join("\n"),
    );
    // Thousands of parts: quadratic printing took minutes here, linear printing well under a second.
    const parts = 4000;
    const whole = printStatements(Array.from({ length: parts }, () => part).flat(), 110);
    expect(whole).toBe(Array.from({ length: parts }, () => printedPart).join("\n"));
  });

  it("refuses a structure field it does not print, naming it", () => {
    expect(() =>
      printStatements(
        [{ kind: StructureKind.TypeAlias, name: "A", type: "string", hasDeclareKeyword: true }],
        110,
      ),
    ).toThrow("printer.ts does not print the 'hasDeclareKeyword' of a type alias structure; add it there");
  });
});

describe("doc comments", () => {
  it("are wrapped within the line width, which Biome leaves to the printer", () => {
    const printed = printStatements(
      [{ kind: StructureKind.TypeAlias, name: "A", type: "string", docs: [`${"word ".repeat(25)}end.`] }],
      110,
    );
    expect(printed).toBe(
      [
        "/**",
        ` * ${"word ".repeat(20)}word`,
        ` * ${"word ".repeat(4)}end.`,
        " */",
        "type A = string;",
        "",
      ].join("\n"),
    );
  });

  it("keep a word that exactly fills the width on its line", () => {
    const filling = `${"x".repeat(30)} ${"y".repeat(6)}`; // with " * ", exactly 40 characters
    const printed = printStatements(
      [{ kind: StructureKind.TypeAlias, name: "A", type: "string", docs: [`${filling} tail.`] }],
      40,
    );
    expect(printed.split("\n").slice(0, 4)).toEqual(["/**", ` * ${filling}`, " * tail.", " */"]);
  });

  it("are refilled: a paragraph's lines joined, a tag, a list item and a fence kept on lines of their own", () => {
    const doc = ["Page", "number.", "- one", "- two", "```ts", "a", "b", "```", "@defaultValue 1"].join("\n");
    const printed = printStatements(
      [{ kind: StructureKind.TypeAlias, name: "A", type: "number", docs: [doc] }],
      110,
    );
    expect(printed).toBe(
      [
        "/**",
        " * Page number.",
        " * - one",
        " * - two",
        " * ```ts",
        " * a",
        " * b",
        " * ```",
        " * @defaultValue 1",
        " */",
        "type A = number;",
        "",
      ].join("\n"),
    );
  });
});

describe("generating", () => {
  it("does not load the TypeScript compiler (--verify runs it in a process of its own)", async () => {
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
    expect((await run("--verify")).stdout).toContain("typescript loaded: false");
    // The probe does see TypeScript where it is loaded.
    const control = await promisify(execFile)(
      process.execPath,
      ["--require", probe, "-e", 'require("typescript")'],
      {
        cwd: codegenRoot,
      },
    );
    expect(control.stdout).toContain("typescript loaded: true");
  });
});
