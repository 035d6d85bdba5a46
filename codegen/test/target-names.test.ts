/**
 * Each target's descriptor (emitters/<target>/target.ts) lists the names it generates from a
 * spec name, and the loader refuses a spec name that would take one of them. So the lists must
 * be the generated code's real exports: a name missing there lets a spec declare a duplicate
 * export; a name listed wrongly refuses a good spec. A spec with one of each kind of
 * declaration and operation is rendered in process, and the exports of the files it makes
 * are compared with what the descriptors say (the validators stay in their own module and
 * are left out, see validators/target.ts).
 */
import { describe, expect, it } from "vitest";
import { SpecError } from "../src/diagnostics.ts";
import { targets } from "../src/emitters/targets.ts";
import { render } from "../src/generate.ts";
import { lowerText } from "../src/loader/load.ts";

const spec = `info:
  title: Gadgets API
  version: "1"
environments:
  production: https://api.example.com
security:
  pat:
    audience: organization
errors: {}
enums:
  Tint:
    values: [red, blue]
types:
  Pagination:
    fields:
      total_count: integer
      max_page: integer
  Gadget:
    fields:
      id: uuid
      tint: Tint
      shape: Shape
  Shape:
    union:
      discriminator: kind
      variants:
        round: RoundShape
        square: SquareShape
      unknown: OtherShape
  RoundShape:
    fields:
      kind: string
      radius: integer
  SquareShape:
    fields:
      kind: string
      side: integer
  OtherShape:
    fields:
      kind: string
operations:
  listGadgets:
    group: gadgets.list
    summary: List gadgets.
    method: GET
    path: /v1/gadgets
    auth: [pat]
    input:
      query:
        page?: integer
        limit?: integer
    responses:
      200: Page<Gadget>
  createGadget:
    group: gadgets.create
    summary: Create a gadget.
    method: POST
    path: /v1/gadgets
    auth: [pat]
    input:
      body:
        gadget: Gadget
    responses:
      201: Gadget
`;

/** The exported names of the generated TypeScript files but the validators'. */
async function renderExports(): Promise<Set<string>> {
  const files = await render(lowerText(spec, "spec.yaml"), { outDir: "/out", specPath: "/spec/spec.yaml" });
  const generated = files.filter(
    (file) => /\/src\/generated\/.*\.ts$/.test(file.path) && !file.path.endsWith("/validators.ts"),
  );
  expect(generated.length).toBeGreaterThan(5);
  return new Set(
    generated.flatMap((file) =>
      [...file.contents.matchAll(/^export (?:const|function|type|interface|class) (\w+)/gm)].map(
        (m) => m[1]!,
      ),
    ),
  );
}

const specNames = ["Tint", "Pagination", "Gadget", "Shape", "RoundShape", "SquareShape", "OtherShape"];
const declarations = [
  { name: "Tint", kind: "enum" },
  { name: "Gadget", kind: "object" },
  { name: "Shape", kind: "union" },
] as const;
const operations = [
  { id: "listGadgets", kind: "query" },
  { id: "createGadget", kind: "mutation" },
] as const;

/** What the descriptors say the targets generate from `declarations` and `operations`. */
function descriptorNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const target of targets) {
    for (const declaration of declarations)
      for (const generated of [
        ...(target.declarationTypeNames?.(declaration) ?? []),
        ...(target.declarationValueNames?.(declaration) ?? []),
      ])
        names.set(generated.name, `${target.name}: ${generated.what} of ${declaration.name}`);
    for (const operation of operations)
      for (const generated of [
        ...(target.operationTypeNames?.(operation) ?? []),
        ...(target.operationValueNames?.(operation) ?? []),
      ])
        names.set(generated.name, `${target.name}: ${generated.what} of ${operation.id}`);
  }
  return names;
}

/** Rendered once for the file's tests. */
let rendered: Promise<Set<string>> | undefined;
const generatedExports = () => {
  rendered ??= renderExports();
  return rendered;
};

/** The names generated from a spec name: they contain one (every fixed name, like `environments`, does not). */
const derived = (name: string) =>
  !specNames.includes(name) && /Tint|Gadget|Shape/.test(name) && !/^(Round|Square|Other)Shape/.test(name);

function lowers(text: string): string[] {
  try {
    lowerText(text, "spec.yaml");
    return [];
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return error.diagnostics.map((d) => d.message);
  }
}

describe("the targets' descriptors", () => {
  it("list every name the generated code derives from a spec name, and only those", async () => {
    const exported = [...(await generatedExports())].filter(derived).sort();
    const listed = descriptorNames();
    expect(exported.filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed.keys()].filter((name) => !exported.includes(name)).sort()).toEqual([]);
    // The spec exercises each kind: hooks, keys, options, input twins, known values, guards.
    expect(exported).toEqual(
      expect.arrayContaining([
        "TintValues",
        "KnownTint",
        "GadgetInput",
        "ShapeVariants",
        "isKnownShape",
        "useListGadgetsSuspenseInfinite",
        "ListGadgetsPagesInput",
        "CreateGadgetMutationKey",
        "createGadgetOperation",
      ]),
    );
  });

  it("make the loader refuse a spec type named like any type the code derives from another name", async () => {
    const exported = [...(await generatedExports())].filter((name) => derived(name) && /^[A-Z]/.test(name));
    for (const name of exported) {
      const clash = spec.replace("types:\n", `types:\n  ${name}:\n    fields:\n      id: uuid\n`);
      expect(lowers(clash), name).toEqual([
        expect.stringMatching(new RegExp(`^'${name}' is the name generated for`)),
      ]);
    }
  });

  it("make the loader refuse an operation id that is a value the code derives from another name", async () => {
    const exported = [...(await generatedExports())].filter((name) => derived(name) && /^[a-z]/.test(name));
    expect(exported).toContain("useCreateGadget");
    for (const name of exported.filter((name) => name !== "listGadgets" && name !== "createGadget")) {
      const clash = `${spec}  ${name}:
    group: gadgets.${name}
    summary: Clash.
    method: DELETE
    path: /v1/gadgets/clash
    auth: [pat]
    responses:
      204: void
`;
      expect(lowers(clash), name).toEqual([
        expect.stringMatching(new RegExp(`^operation id '${name}' is the name generated for the .* of`)),
      ]);
    }
  });
});
