/**
 * The README checks' own rules, on small READMEs: which blocks are examples and how their
 * markers read, how a compiler message finds its README line, how an API table and an install
 * line are read, and how copies of query-core are counted. The rehearsal runs them for real.
 */
import { describe, expect, it } from "vitest";
import { apiSmokeScript, apiTable, apiTypeCheckModule } from "../src/api-tables.js";
import { installLine, queryCoreCopies } from "../src/install-lines.js";
import { offersRequire } from "../src/readme-checks.js";
import { extractExamples, renderExample, runnableModule, toReadmeLocations } from "../src/readme-examples.js";

const readme = [
  "# pkg", // 1
  "", // 2
  "```sh", // 3
  "npm install @commerce-api/vue-query vue   # the adapter and Vue", // 4
  "```", // 5
  "", // 6
  "```ts", // 7
  'import { createClient } from "@commerce-api/client";', // 8
  "```", // 9
  "<!-- example: run -->", // 10
  "```ts", // 11
  'const url = "http://127.0.0.1:4010";', // 12
  "```", // 13
  "<!-- example: fragment client -->", // 14
  "", // 15
  "```tsx", // 16
  "const page = await listProducts(client);", // 17
  "```", // 18
  "<!-- example: skip shows a type error on purpose -->", // 19
  "```ts", // 20
  "const n: number = 'x';", // 21
  "```", // 22
  "```json", // 23
  "{}", // 24
  "```", // 25
].join("\n");

describe("README examples", () => {
  it("are the ts, tsx, js and mjs blocks, each with the kind its marker gives", () => {
    const examples = extractExamples(readme, "packages/x/README.md");
    expect(examples.map(({ line, lang, kind, args }) => ({ line, lang, kind, args }))).toEqual([
      { line: 7, lang: "ts", kind: "module", args: [] },
      { line: 11, lang: "ts", kind: "run", args: [] },
      { line: 16, lang: "tsx", kind: "fragment", args: ["client"] },
      { line: 20, lang: "ts", kind: "skip", args: ["shows", "a", "type", "error", "on", "purpose"] },
    ]);
  });

  it("refuse an unknown marker and a skip without its reason, naming the line", () => {
    expect(() => extractExamples("<!-- example: fragmnt -->\n```ts\nx\n```", "R.md")).toThrow(
      /R\.md:1: unknown example kind "fragmnt"/,
    );
    expect(() => extractExamples("<!-- example: skip -->\n```ts\nx\n```", "R.md")).toThrow(
      /R\.md:1: .*says why/,
    );
  });

  it("put a fragment after its contexts, and name a missing context with where to add it", () => {
    const [, , fragment] = extractExamples(readme, "packages/x/README.md");
    const rendered = renderExample(fragment!, { client: "declare const client: unknown;\n" });
    expect(rendered.text).toBe(
      "declare const client: unknown;\nconst page = await listProducts(client);\nexport {};\n",
    );
    expect(rendered.contextLines).toBe(1);
    expect(() => renderExample(fragment!, {})).toThrow(
      /no example context "client".*readme-contexts\/client\.ts/,
    );
  });

  it("turn a compiler message about an example file into its README's line", () => {
    const examples = extractExamples(readme, "packages/x/README.md");
    const rendered = [
      renderExample(examples[0]!, {}),
      renderExample(examples[2]!, { client: "declare const client: 1;" }),
    ];
    const output = [
      "readme/packages-x-README-L7.ts(1,10): error TS2305: Module has no exported member 'createClient'.",
      "readme/packages-x-README-L16.tsx(2,21): error TS2304: Cannot find name 'listProducts'.",
      "readme/packages-x-README-L16.tsx(1,1): error TS1: in the context.",
    ].join("\n");
    expect(toReadmeLocations(output, rendered).split("\n")).toEqual([
      "packages/x/README.md:8:10 error TS2305: Module has no exported member 'createClient'.",
      "packages/x/README.md:17:21 error TS2304: Cannot find name 'listProducts'.",
      "packages/x/README.md:16 (in the context of this fragment, line 1) error TS1: in the context.",
    ]);
  });

  it("run with their types removed and the README's sandbox address replaced by the one started", () => {
    const [, runnable] = extractExamples(readme, "packages/x/README.md");
    const code = runnableModule(
      { ...runnable!, code: 'const url: string = "http://127.0.0.1:4010/v1";' },
      "http://127.0.0.1:39999",
    );
    expect(code).toContain('const url = "http://127.0.0.1:39999/v1";');
  });
});

describe("API tables", () => {
  const markdown = [
    "## API", // 1
    "", // 2
    "| export | from | what it is |", // 3
    "|---|---|---|", // 4
    "| `createClient(options)` | `@commerce-api/client` | a client |", // 5
    "| `type Product` | `@commerce-api/client` | a product |", // 6
    "| `verifyWebhook` | `@commerce-api/client/webhooks` | verifies |", // 7
    "", // 8
    "| `notInTheTable` | `@commerce-api/client` | after the table |", // 9
  ].join("\n");

  it("list each row's name, whether it is a type, and its entry", () => {
    expect(apiTable(markdown, "R.md")).toEqual([
      { readme: "R.md", line: 5, name: "createClient", typeOnly: false, from: "@commerce-api/client" },
      { readme: "R.md", line: 6, name: "Product", typeOnly: true, from: "@commerce-api/client" },
      {
        readme: "R.md",
        line: 7,
        name: "verifyWebhook",
        typeOnly: false,
        from: "@commerce-api/client/webhooks",
      },
    ]);
  });

  it("are required, and a row without an entry of ours is refused at its line", () => {
    expect(() => apiTable("# no api", "R.md")).toThrow(/R\.md: no "## API" section/);
    expect(() => apiTable("## API\n| a | b |\n|-|-|\n| `x` | zod |", "R.md")).toThrow(/R\.md:4: an API row/);
  });

  it("become a type check naming each value as a value and each type as a type, and smoke scripts of the values", () => {
    const names = apiTable(markdown, "R.md");
    const module = apiTypeCheckModule(names);
    expect(module).toContain('import { createClient as createClient_0 } from "@commerce-api/client";');
    expect(module).toContain("export type Row0 = typeof createClient_0;");
    expect(module).toContain('export type { Product as Product_1 } from "@commerce-api/client";');
    const esm = apiSmokeScript(names, "esm");
    expect(esm).toContain("await import(row.from)");
    expect(esm).not.toContain('"Product"');
    expect(apiSmokeScript(names, "cjs")).toContain("require(row.from)");
  });

  it("skip require for entries that offer only import", () => {
    const manifests = {
      "@commerce-api/svelte-query": { name: "", version: "", exports: { ".": { types: "", default: "" } } },
      "@commerce-api/client": {
        name: "",
        version: "",
        exports: { ".": { import: {}, require: {} }, "./webhooks": { import: {}, require: {} } },
      },
    };
    expect(offersRequire("@commerce-api/svelte-query", manifests)).toBe(false);
    expect(offersRequire("@commerce-api/client/webhooks", manifests)).toBe(true);
    expect(offersRequire("@commerce-api/client/missing", manifests)).toBe(false);
  });
});

describe("install lines", () => {
  it("are the README's first npm install line, without its comment", () => {
    expect(installLine(readme, "R.md")).toBe("npm install @commerce-api/vue-query vue");
    expect(() => installLine("```ts\nnpm install x\n```", "R.md")).toThrow(/R\.md: no `npm install …` line/);
  });

  it("count every copy of @tanstack/query-core in the lockfile, nested ones too", () => {
    expect(
      queryCoreCopies({
        packages: {
          "": {},
          "node_modules/@tanstack/query-core": {},
          "node_modules/@tanstack/vue-query/node_modules/@tanstack/query-core": {},
          "node_modules/@tanstack/query-core-extra": {},
        },
      }),
    ).toEqual([
      "node_modules/@tanstack/query-core",
      "node_modules/@tanstack/vue-query/node_modules/@tanstack/query-core",
    ]);
  });
});
