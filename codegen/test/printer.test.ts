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
import { fitCode } from "../src/emitters/line-breaking.ts";
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

  it("breaks an object literal's long properties: a call's arguments one per line, an arrow's body after it", () => {
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
        `    ${long}_too: ({ pageParam, signal }) =>`,
        "      listEvents(client, { ...input, page: pageParam }),",
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

/** `code` as the printer writes it at the start of a line: laid out, its long lines broken. */
function fitted(code: string): string {
  return fitCode(code, 0, 0)
    .map((line) => "  ".repeat(line.level) + line.text)
    .join("\n");
}

describe("the line breaker", () => {
  /** A name `length` characters long. */
  const w = (length: number, letter = "a") => letter.repeat(length);

  it("moves a value that then fits its line after its `=`, one level in", () => {
    expect(fitted(`export const ${w(24)}: z.ZodMiniType<${w(24)}> = ${w(56, "v")}(x);`)).toBe(
      [`export const ${w(24)}: z.ZodMiniType<${w(24)}> =`, `  ${w(56, "v")}(x);`].join("\n"),
    );
  });

  it("moves a value whose arrow then breaks after its `=` rather than break type arguments", () => {
    expect(
      fitted(
        `export const ${w(24)}: z.ZodMiniType<${w(24)}> & Discriminable = /* @__PURE__ */ (() => z.union([${w(50)}, ${w(50, "b")}]))();`,
      ),
    ).toBe(
      [
        `export const ${w(24)}: z.ZodMiniType<${w(24)}> & Discriminable =`,
        "  /* @__PURE__ */ (() =>",
        "    z.union([",
        `      ${w(50)},`,
        `      ${w(50, "b")},`,
        "    ]))();",
      ].join("\n"),
    );
  });

  it("breaks type arguments one per line when the declaration's head is too long for its `=`", () => {
    expect(
      fitted(`export const ${w(30)}: Definition<${w(30, "i")}, ${w(30, "o")}> = {\nmethod: "GET",\n};`),
    ).toBe(
      [
        `export const ${w(30)}: Definition<`,
        `  ${w(30, "i")},`,
        `  ${w(30, "o")}`,
        "> = {",
        '  method: "GET",',
        "};",
      ].join("\n"),
    );
  });

  it("starts an arrow's body on the next line when the arrow's head fits, also after a moved value", () => {
    expect(
      fitted(`queryFn: ({ pageParam, signal }) => ${w(40)}(client, { ...input, page: pageParam }),`),
    ).toBe(
      ["queryFn: ({ pageParam, signal }) =>", `  ${w(40)}(client, { ...input, page: pageParam }),`].join(
        "\n",
      ),
    );
    expect(
      fitted(
        `export const ${w(24)}: z.ZodMiniType<${w(24)}> = /* @__PURE__ */ (() => z.object({\nid: z.string(),\n}))();`,
      ),
    ).toBe(
      [
        `export const ${w(24)}: z.ZodMiniType<${w(24)}> =`,
        "  /* @__PURE__ */ (() =>",
        "    z.object({",
        "      id: z.string(),",
        "    }))();",
      ].join("\n"),
    );
  });

  it("breaks the arrow of an immediately called function (`(() => …)()`) before its body", () => {
    expect(
      fitted(`const ${w(20)}: Type = /* @__PURE__ */ (() => z.union([${w(40)}, ${w(40, "b")}]))();`),
    ).toBe(
      [`const ${w(20)}: Type = /* @__PURE__ */ (() =>`, `  z.union([${w(40)}, ${w(40, "b")}]))();`].join(
        "\n",
      ),
    );
  });

  it("breaks a call with one argument, and an array property, one item per line", () => {
    expect(fitted(`key: z.optional(${w(70)}(issueMessages, x)),`)).toBe(
      ["key: z.optional(", `  ${w(70)}(issueMessages, x),`, "),"].join("\n"),
    );
    expect(fitted(`queryParameters: [{ name: "${w(30)}" }, { name: "${w(30, "b")}" }],`)).toBe(
      ["queryParameters: [", `  { name: "${w(30)}" },`, `  { name: "${w(30, "b")}" },`, "],"].join("\n"),
    );
  });

  it("keeps a first or last literal argument on the call's lines, its items broken", () => {
    expect(fitted(`z.union([${w(45)}, ${w(45, "b")}], issueMessages)`)).toBe(
      ["z.union([", `  ${w(45)},`, `  ${w(45, "b")},`, "], issueMessages)"].join("\n"),
    );
    expect(fitted(`z.refine((value) => !tags.has(value), { message: "${w(50)}", abort: true })`)).toBe(
      ["z.refine((value) => !tags.has(value), {", `  message: "${w(50)}",`, "  abort: true,", "})"].join(
        "\n",
      ),
    );
  });

  it("breaks object literals, type literals and blocks one member per line", () => {
    expect(fitted(`const schemes = { "${w(30)}": { x: 1 }, "${w(30, "b")}": { x: 2 } };`)).toBe(
      ["const schemes = {", `  "${w(30)}": { x: 1 },`, `  "${w(30, "b")}": { x: 2 },`, "};"].join("\n"),
    );
    expect(fitted(`export type ${w(30)} = { items: ${w(30, "i")}[]; pagination: Pagination };`)).toBe(
      [`export type ${w(30)} = {`, `  items: ${w(30, "i")}[];`, "  pagination: Pagination;", "};"].join("\n"),
    );
    expect(fitted(`get ${w(30)}() { return z.array(${w(40, "i")}, issueMessages); },`)).toBe(
      [`get ${w(30)}() {`, `  return z.array(${w(40, "i")}, issueMessages);`, "},"].join("\n"),
    );
  });

  it("breaks a function type's parameters, not its return type's type arguments", () => {
    expect(fitted(`list: (input: ${w(30)}, options?: RequestOptions) => Promise<${w(30, "o")}>;`)).toBe(
      ["list: (", `  input: ${w(30)},`, "  options?: RequestOptions,", `) => Promise<${w(30, "o")}>;`].join(
        "\n",
      ),
    );
  });

  it("breaks a returned logical expression one operand per line, in parentheses", () => {
    expect(fitted(`return (${w(40)} && b) || (${w(40, "c")} && d);`)).toBe(
      ["return (", `  (${w(40)} && b) ||`, `  (${w(40, "c")} && d)`, ");"].join("\n"),
    );
  });

  it("wraps a long one-line doc comment", () => {
    expect(fitted(`/** ${"word ".repeat(25)}end. */`)).toBe(
      ["/**", ` * ${"word ".repeat(18)}word`, ` * ${"word ".repeat(6)}end.`, " */"].join("\n"),
    );
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
