/**
 * The mcp target: each operation's tool schemas are the OpenAPI target's JSON Schema of its
 * input and response (bounds, enums, defaults kept), made self-contained under `$defs`; its
 * hints come from the method; the instructions for agents name every operation and its scopes.
 */
import type { VariableStatementStructure } from "ts-morph";
import { describe, expect, it } from "vitest";
import type { Statement } from "../src/emitters/emitter.ts";
import { llmsText, skillText } from "../src/emitters/mcp/agent-instructions.ts";
import { toolDescription } from "../src/emitters/mcp/tool-docs.ts";
import { toolInputSchema, toolOutputSchema } from "../src/emitters/mcp/tool-schemas.ts";
import { annotations, emitTools } from "../src/emitters/mcp/tools.ts";
import { operationObject } from "../src/emitters/openapi/operations.ts";
import { lowerText } from "../src/loader/load.ts";

const spec = `info:
  title: Pets API
  version: "1"
environments:
  production: https://api.example.com
security:
  pat:
    audience: organization
  cst:
    audience: customer
errors:
  NotFound:
    status: 404
    class: PetNotFoundError
enums:
  Size:
    values: [small, large]
types:
  Pagination:
    fields:
      total_count: integer
      max_page: integer
  Owner:
    fields:
      name: string
  Cat:
    fields:
      kind: string
      owner: Owner
  Dog:
    fields:
      kind: string
      size: Size
  Pet:
    union:
      discriminator: kind
      variants:
        cat: Cat
        dog: Dog
operations:
  listPets:
    group: pets.list
    summary: List pets.
    description: Every pet, newest first.
    method: GET
    path: /v1/pets/
    auth: [pat]
    scopes: [pets:read, pets:write]
    input:
      query:
        size?: Size[]
        limit?:
          type: integer
          min: 1
          max: 100
          default: 10
        page?: integer
    responses:
      200: Page<Pet>
  removePet:
    group: pets.remove
    summary: Delete a pet.
    method: DELETE
    path: /v1/pets/{id}
    auth: [pat]
    scopes: [pets:write]
    input:
      path:
        id: uuid
    responses:
      204: void
    errors: [NotFound]
  adoptMePet:
    group: me.pets.adopt
    summary: Adopt a pet.
    method: PUT
    path: /v1/me/pets/{id}
    auth: [cst]
    input:
      path:
        id: uuid
      body:
        name:
          type: string
          maxLength: 40
    responses:
      200: Pet
  getDog:
    group: dogs.get
    summary: Get a dog.
    method: GET
    path: /v1/dogs/{id}
    auth: [pat]
    input:
      path:
        id: uuid
    responses:
      200: Dog
`;

const api = lowerText(spec, "spec.yaml");
const operation = (id: string) => api.operations.find((candidate) => candidate.id === id)!;
/** The OpenAPI target's text of a value, its references rebased to `$defs`, for comparison. */
const asInTool = (value: unknown) =>
  JSON.parse(JSON.stringify(value).replaceAll("#/components/schemas/", "#/$defs/"));

describe("a tool's input schema", () => {
  it("is the OpenAPI target's schema of each field, flat and closed", () => {
    const listPets = operation("listPets");
    const input = toolInputSchema(listPets, api);
    const parameters =
      (operationObject(listPets, api).parameters as { name: string; schema: unknown }[]) ?? [];
    expect(input).toMatchObject({ type: "object", additionalProperties: false });
    for (const parameter of parameters) {
      expect((input.properties as Record<string, unknown>)[parameter.name], parameter.name).toEqual(
        asInTool(parameter.schema),
      );
    }
    expect((input.properties as Record<string, unknown>).limit).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 100,
      default: 10,
    });
    // Closed, and plain JSON Schema: no mark of its openness in responses.
    expect(input.$defs).toEqual({ Size: { type: "string", enum: ["small", "large"] } });
  });

  it("puts path and body fields beside each other, the path's required", () => {
    const input = toolInputSchema(operation("adoptMePet"), api);
    expect(input.required).toEqual(["id", "name"]);
    expect(input.properties).toEqual({
      id: { type: "string", format: "uuid" },
      name: { type: "string", maxLength: 40 },
    });
  });
});

describe("a tool's output schema", () => {
  it("describes the answer's own types under $defs, and names by title the types they hold", () => {
    const output = toolOutputSchema(operation("listPets"), api)!;
    expect(output).toMatchObject({
      type: "object",
      properties: { items: { type: "array", items: { $ref: "#/$defs/Pet" } } },
    });
    expect(Object.keys(output.$defs as object).sort()).toEqual(["Pagination", "Pet"]);
    // A tagged union is open to tags the spec does not list yet: anyOf, without `discriminator`.
    expect((output.$defs as Record<string, unknown>).Pet).toEqual({
      anyOf: [
        { type: "object", title: "Cat" },
        { type: "object", title: "Dog" },
      ],
    });
    expect(JSON.stringify(output)).not.toContain("#/components/");
  });

  it("keeps a response's enums open, their known values as examples", () => {
    const output = toolOutputSchema(operation("getDog"), api)!;
    expect(output).toMatchObject({ type: "object", $ref: "#/$defs/Dog" });
    expect(output.$defs).toEqual({
      Dog: {
        type: "object",
        properties: { kind: { type: "string", const: "dog" }, size: { $ref: "#/$defs/Size" } },
        required: ["kind", "size"],
      },
      Size: { type: "string", examples: ["small", "large"] },
    });
  });

  it("is left out when a success has no body", () => {
    expect(toolOutputSchema(operation("removePet"), api)).toBeUndefined();
  });
});

describe("a tool's hints and description", () => {
  it("reads for GET, destroys for DELETE, repeats to the same effect for GET, PUT and DELETE", () => {
    expect(annotations(operation("listPets"))).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(annotations(operation("removePet"))).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(annotations(operation("adoptMePet"))).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
  });

  it("says the call, the scopes as the spec spells them, the pages and the refusals", () => {
    expect(toolDescription(operation("listPets"), api)).toBe(
      [
        "List pets.",
        "",
        "Every pet, newest first.",
        "",
        "`GET /v1/pets/`.",
        "Auth: `pat` (organization tokens). Scopes (any one): `pets:read`, `pets:write`.",
        "Answers one page, `{ items, pagination }`: ask for the next with `page` (from 1) while `page` is below `pagination.max_page`.",
      ].join("\n"),
    );
    expect(toolDescription(operation("removePet"), api)).toContain(
      "May refuse with: 404 `NotFound` (PetNotFoundError).",
    );
    expect(toolDescription(operation("adoptMePet"), api)).toContain("Auth: `cst` (customer tokens).");
  });
});

describe("the instructions for agents", () => {
  it("llms.txt has every operation with its input, auth and scopes", () => {
    const text = llmsText(api);
    for (const { id } of api.operations) expect(text).toContain(`### ${id}: `);
    expect(text).toContain("- `limit` (query, optional, default 10) 1 ≤ integer ≤ 100");
    expect(text).toContain("Scopes (any one): `pets:read`, `pets:write`.");
    expect(text).toMatch(
      /## Pagination[\s\S]*## Errors[\s\S]*## Retries[\s\S]*## Webhooks[\s\S]*## The sandbox/,
    );
  });

  it("SKILL.md opens with its name and description, and lists the tools by what they do", () => {
    const text = skillText(api);
    expect(text).toMatch(/^---\nname: commerce-api\ndescription: .+\n---\n/);
    expect(text).toContain("- `listPets`: List pets. (`pets:read`, `pets:write`; organization token)");
    expect(text).toContain("- `removePet`: Delete a pet. (`pets:write`; organization token)");
  });
});

describe("the generated tools file", () => {
  it("declares each named type once for all tools, and names the ones each schema takes", () => {
    const file: Statement[] = [];
    emitTools(api, file);
    const initializer = (name: string) =>
      file
        .filter((statement) => typeof statement === "object" && "declarations" in statement)
        .map((statement) => (statement as VariableStatementStructure).declarations[0]!)
        .find((declaration) => declaration.name === name)!.initializer as string;
    const types = JSON.parse(initializer("toolSchemaTypes")) as Record<string, unknown>;
    const reached = api.operations.flatMap((candidate) => [
      ...Object.entries(toolInputSchema(candidate, api).$defs ?? {}),
      ...Object.entries(toolOutputSchema(candidate, api)?.$defs ?? {}),
    ]);
    const distinct = new Set(reached.map(([name, schema]) => `${name} ${JSON.stringify(schema)}`));
    expect(Object.keys(types)).toHaveLength(distinct.size);
    // Size is closed in listPets' input and open in getDog's output: both kept, the second keyed Size#2.
    expect(types.Size).toEqual({ type: "string", enum: ["small", "large"] });
    expect(types["Size#2"]).toEqual({ type: "string", examples: ["small", "large"] });
    const tools = initializer("toolDefinitions");
    expect(tools).not.toContain(`"$defs":`);
    expect(tools).toContain('withDefinitions({"type":"object"');
    expect(tools).toContain('["Pagination","Pet"], toolSchemaTypes)');
    expect(tools).toContain('["Dog","Size#2"], toolSchemaTypes)');
  });
});
