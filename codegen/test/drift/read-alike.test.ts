/**
 * The drift report reads both documents alike (README, "Drift report"): null written as
 * `type: [T, "null"]`, `anyOf` with `{type: null}` or an enum listing null is one nullability;
 * a schema without `type` is read by what it has (`const`, `enum`, `properties`, `items`,
 * `allOf`); an integer's exclusive bounds are the inclusive ones they mean; `allOf` members'
 * properties are merged. Each test plants one way of writing in a copy of the fixture document
 * and expects no drift, or exactly the difference it plants.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { driftReport } from "../../src/drift/drift-report.ts";
import { parseOpenApi } from "../../src/drift/read-openapi.ts";
import type { Schema } from "../../src/drift/schema-view.ts";
import { loadSpec } from "../../src/loader/load.ts";
import { readYaml } from "../../src/loader/read-yaml.ts";
import { codegenRoot } from "../helpers.ts";
import { type ServiceDocument, serviceDocument } from "./service-document.ts";

const specPath = join(codegenRoot, "test", "drift", "spec.yaml");
const cat = "#/components/schemas/Cat";

/** The drift (kind, their pointer, message) once `plant` has changed the fixture document. */
async function driftAfter(plant: (document: ServiceDocument) => void) {
  const api = await loadSpec(specPath, codegenRoot);
  const { source } = readYaml("spec.yaml", await readFile(specPath, "utf8"));
  const document = serviceDocument();
  plant(document);
  const report = driftReport(api, source!, document as unknown as Schema);
  return report.drift.map(({ kind, theirs, message }) => ({ kind, theirs, message }));
}

// biome-ignore lint/suspicious/noExplicitAny: planting shapes the fixture's types do not have.
const properties = (document: ServiceDocument) => document.components.schemas.Cat.properties as any;

describe("which documents drift reads", () => {
  it("any OpenAPI 3 document, 3.0 as well as 3.1; anything else is refused by name", () => {
    for (const version of ["3.0.3", "3.1.0"]) {
      const text = JSON.stringify({ openapi: version, paths: {} });
      expect(parseOpenApi(text, "service.json"), version).toEqual({ openapi: version, paths: {} });
    }
    expect(() => parseOpenApi('{"openapi": "2.0", "paths": {}}', "old.json")).toThrow(
      "old.json is not an OpenAPI 3 document",
    );
  });
});

describe("nullability, however it is written", () => {
  it("type: [T, 'null'] is T or null, as anyOf with {type: null} is", async () => {
    expect(await driftAfter((d) => (properties(d).nickname = { type: ["string", "null"] }))).toEqual([]);
    expect(await driftAfter((d) => (properties(d).name = { type: ["string", "null"] }))).toEqual([
      { kind: "nullability", theirs: `${cat}/properties/name`, message: "nullable: ours no, theirs yes" },
    ]);
  });

  it("type: [T, 'null'] still compares T", async () => {
    expect(await driftAfter((d) => (properties(d).nickname = { type: ["integer", "null"] }))).toEqual([
      { kind: "type", theirs: `${cat}/properties/nickname`, message: "type: ours string, theirs integer" },
    ]);
  });

  it("an enum listing null is nullable, its other values compared as the enum", async () => {
    expect(
      await driftAfter(
        (d) => (properties(d).status = { type: "string", enum: ["active", "canceled", null] }),
      ),
    ).toEqual([
      { kind: "nullability", theirs: `${cat}/properties/status`, message: "nullable: ours no, theirs yes" },
    ]);
    expect(
      await driftAfter((d) => (properties(d).status = { type: "string", enum: ["active", null] })),
    ).toEqual([
      { kind: "enum", theirs: `${cat}/properties/status`, message: "value 'canceled': ours only" },
      { kind: "nullability", theirs: `${cat}/properties/status`, message: "nullable: ours no, theirs yes" },
    ]);
  });

  it("const null is null", async () => {
    expect(
      await driftAfter((d) => (properties(d).nickname = { anyOf: [{ type: "string" }, { const: null }] })),
    ).toEqual([]);
  });
});

describe("a schema without a type", () => {
  it("is read by its const or enum", async () => {
    expect(await driftAfter((d) => (properties(d).kind = { const: "cat" }))).toEqual([]);
    expect(await driftAfter((d) => (properties(d).lives = { const: "nine" }))).toEqual([
      { kind: "type", theirs: `${cat}/properties/lives`, message: "type: ours integer, theirs string" },
    ]);
    expect(await driftAfter((d) => (properties(d).status = { enum: ["active", "canceled"] }))).toEqual([]);
    expect(await driftAfter((d) => (properties(d).status = { enum: ["active"] }))).toEqual([
      { kind: "enum", theirs: `${cat}/properties/status`, message: "value 'canceled': ours only" },
    ]);
    expect(await driftAfter((d) => (properties(d).lives = { enum: [1, 2] }))).toEqual([
      { kind: "type", theirs: `${cat}/properties/lives`, message: "type: ours integer, theirs number" },
    ]);
  });

  it("is an object by its properties, whose fields are still compared", async () => {
    expect(
      await driftAfter((d) => {
        const { type: _type, ...dog } = d.components.schemas.Dog;
        Object.assign(dog.properties, { bark: { type: "string" } });
        (d.components.schemas as Record<string, unknown>).Dog = dog;
      }),
    ).toEqual([
      {
        kind: "field",
        theirs: "#/components/schemas/Dog/properties/bark",
        message: "field 'bark': theirs only",
      },
    ]);
  });

  it("is an object by its allOf, whose members' properties and required fields merge", async () => {
    const split = (d: ServiceDocument, lives: Schema) => {
      const { kind, id, name, nickname, status } = d.components.schemas.Cat.properties;
      (d.components.schemas as Record<string, unknown>).Cat = {
        allOf: [
          { type: "object", properties: { kind, id, name }, required: ["kind", "id", "name"] },
          {
            type: "object",
            properties: { nickname, status, lives },
            required: ["nickname", "status", "lives"],
          },
        ],
      };
    };
    expect(await driftAfter((d) => split(d, { type: "integer", minimum: 1, maximum: 9 }))).toEqual([]);
    expect(await driftAfter((d) => split(d, { type: "integer", minimum: 1, maximum: 8 }))).toEqual([
      { kind: "bound", theirs: `${cat}/allOf/1/properties/lives`, message: "maximum: ours 9, theirs 8" },
    ]);
  });

  it("is the schema it references when it only wraps a reference to annotate it (allOf: [$ref] beside a default)", async () => {
    const wrapped = (d: ServiceDocument) =>
      (properties(d).status = { allOf: [{ $ref: "#/components/schemas/Status" }], default: "active" });
    expect(await driftAfter(wrapped)).toEqual([]);
    // The reference is still followed and compared: a wrapped type of another kind differs.
    expect(
      await driftAfter(
        (d) => (properties(d).status = { allOf: [{ $ref: "#/components/schemas/Cat" }], default: {} }),
      ),
    ).toEqual([{ kind: "type", theirs: cat, message: "type: ours string, theirs object" }]);
  });

  it("is an array by its items", async () => {
    expect(
      await driftAfter((d) => {
        const page = d.components.schemas.ListResource_Pet_.properties;
        (page as Record<string, unknown>).items = { items: { type: "string" } };
      }),
    ).toEqual([
      {
        kind: "type",
        theirs: "#/components/schemas/ListResource_Pet_/properties/items/items",
        message: "type: ours a union by 'kind', theirs string",
      },
    ]);
  });
});

describe("an integer's bounds", () => {
  it("exclusive bounds are the inclusive ones they mean, on both ends", async () => {
    expect(
      await driftAfter(
        (d) => (properties(d).lives = { type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 10 }),
      ),
    ).toEqual([]);
    expect(
      await driftAfter(
        (d) => (properties(d).lives = { type: "integer", exclusiveMinimum: 1, exclusiveMaximum: 9 }),
      ),
    ).toEqual([
      { kind: "bound", theirs: `${cat}/properties/lives`, message: "minimum: ours 1, theirs 2" },
      { kind: "bound", theirs: `${cat}/properties/lives`, message: "maximum: ours 9, theirs 8" },
    ]);
  });

  it("a number's exclusive bound is its own", async () => {
    expect(
      await driftAfter((d) => (properties(d).lives = { type: "number", exclusiveMinimum: 0, maximum: 9 })),
    ).toEqual([
      { kind: "type", theirs: `${cat}/properties/lives`, message: "type: ours integer, theirs number" },
    ]);
  });
});
