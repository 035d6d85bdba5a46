/**
 * A target is one folder with a descriptor (src/emitters/target.ts): the generator writes its
 * files and the loader reserves its names from the descriptor alone. Shown here with a sixth
 * target declared in the test, and with the names of the built-in ones.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SpecError } from "../src/diagnostics.ts";
import type { Target } from "../src/emitters/target.ts";
import { targets } from "../src/emitters/targets.ts";
import { render } from "../src/generate.ts";
import { lowerText } from "../src/loader/load.ts";
import { makeTempDir, readTree, removeTempDirs, runCli } from "./helpers.ts";

afterAll(removeTempDirs);

const spec = (operations: string) => `info:
  title: Things API
  version: "1"
environments:
  production: https://api.example.com
security:
  pat:
    audience: organization
errors:
  NotFound:
    status: 404
types:
  Thing:
    fields:
      id: uuid
operations:
${operations}`;

const operation = (id: string) => `  ${id}:
    group: things.${id}
    summary: An operation.
    method: GET
    path: /v1/things/${id}
    auth: [pat]
    responses:
      200: Thing
`;

/** A Markdown page of the operations, written into the schemas package, with names of its own. */
const operationsPage: Target = {
  name: "operations-page",
  output: { package: "schemas" },
  emit: (api, files) =>
    files.text("operations.md", `# ${api.title}\n\n${api.operations.map((o) => `- \`${o.id}\`\n`).join("")}`),
  reserved: { by: "the operations page", names: ["operationsIndex"] },
  operationValueNames: (o) => [{ name: `${o.id}Page`, what: "page anchor" }],
};

function problems(text: string, withTargets: readonly Target[]): string[] {
  try {
    lowerText(text, "spec.yaml", withTargets);
    return [];
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return error.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);
  }
}

describe("targets", () => {
  it("a sixth target's files are rendered where its descriptor says, beside the others", async () => {
    const api = lowerText(spec(operation("getThing")), "spec.yaml");
    const files = await render(
      api,
      { outDir: "/out", specPath: "/spec/spec.yaml" },
      {
        targets: [...targets, operationsPage],
      },
    );
    const page = files.find((file) => file.path === "/out/schemas/src/generated/operations.md");
    expect(page?.contents).toBe("# Things API\n\n- `getThing`\n");
    expect(files.map((file) => file.path)).toContain("/spec/commerce.schema.json");
    expect(files.map((file) => file.path)).toContain("/out/react/src/generated/queries.ts");
  });

  it("the loader refuses the names a sixth target reserves or generates, naming it", () => {
    const text = spec(operation("getThing") + operation("getThingPage") + operation("operationsIndex"));
    expect(problems(text, targets)).toEqual([]);
    expect(problems(text, [...targets, operationsPage])).toEqual([
      "25:3 operation id 'getThingPage' is the name generated for the page anchor of 'getThing'; rename the operation",
      "33:3 operation id 'operationsIndex' is taken by the operations page; rename the operation",
    ]);
  });

  it("an operation may be named like a type's validator: the validators stay in their module", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, "spec.yaml"), spec(operation("validateThing")));
    const run = await runCli(["generate", "--verify", "--spec", "spec.yaml", "--out", "out"], dir);
    expect(run.err).toEqual([]);
    const operations = (await readTree(dir)).get("out/client/src/generated/operations.ts")!;
    expect(operations).toContain("validate: validators.validateThing");
    expect(operations).toContain("export function validateThing(");
  });

  it("refuses an operation named like the validators' namespace", () => {
    expect(problems(spec(operation("validators")), targets)).toEqual([
      "17:3 operation id 'validators' is taken by the client runtime; rename the operation",
    ]);
  });
});
