import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Schema } from "../../src/drift/schema-view.ts";
import { openApiDocument } from "../../src/emitters/openapi/document.ts";
import { importOpenApi } from "../../src/import/import-openapi.ts";
import { checkedImport } from "../../src/import/rename.ts";
import { lowerText } from "../../src/loader/load.ts";
import { codegenRoot, realSpec } from "../helpers.ts";
import { serviceLikeDocument } from "./service-document.ts";

/**
 * The round trip: importing the OpenAPI document our generator exports gives back a spec
 * that exports the same document (the normal form, codegen/README.md "Import"), for the
 * real spec and every feature spec.
 */

const featuresDir = join(codegenRoot, "test", "features");
const specs: [string, string][] = [
  ["spec/commerce.yaml", realSpec],
  ...readdirSync(featuresDir)
    .sort()
    .map((feature): [string, string] => [`features/${feature}`, join(featuresDir, feature, "spec.yaml")]),
];

/** What the document states apart from where it was generated from. */
function statements(document: Schema): Schema {
  const { "x-generated-from": _from, ...rest } = document;
  return rest;
}

/** The schemas the paths and webhooks reach, through every `$ref`. */
function reached(document: Schema): Set<string> {
  const names = new Set<string>();
  const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const ref = (value as { $ref?: unknown }).$ref;
      if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
        const name = ref.slice("#/components/schemas/".length);
        if (!names.has(name)) {
          names.add(name);
          visit(schemas[name]);
        }
      }
      Object.values(value).forEach(visit);
    }
  };
  visit(document.paths);
  visit(document.webhooks);
  return names;
}

describe.each(specs)("the round trip of %s through its OpenAPI export", (_name, file) => {
  const api = lowerText(readFileSync(file, "utf8"), "spec.yaml");
  const exported = openApiDocument(api) as Schema;
  const imported = importOpenApi(structuredClone(exported), { operations: [], all: true, webhooks: true });
  const { api: back } = checkedImport(imported, [], "imported.yaml");
  const again = openApiDocument(back) as Schema;

  it("imports without a note: our export says nothing our language cannot", () => {
    expect(imported.notes.map((note) => `${note.pointer} ${note.message}`)).toEqual([]);
  });

  it("gives back the same operations, webhooks, schemes and environments", () => {
    const { components: ours, ...rest } = statements(exported);
    const { components: theirs, ...restAgain } = statements(again);
    expect(restAgain).toEqual(rest);
    expect((theirs as Schema).securitySchemes).toEqual((ours as Schema).securitySchemes);
  });

  it("gives back each operation's id and group, as the spec names them (the document orders them by path)", () => {
    const named = (operations: typeof api.operations) =>
      operations.map((o) => `${o.id} ${o.group.join(".")}`).sort();
    expect(named(back.operations)).toEqual(named(api.operations));
  });

  it("gives back every type the operations and webhooks reach, each the same; only unreached ones are left out", () => {
    const ours = (exported.components as { schemas: Schema }).schemas;
    const theirs = (again.components as { schemas: Schema }).schemas;
    const reachable = reached(exported);
    const kept = Object.keys(ours).filter((name) => reachable.has(name) || name.endsWith("WebhookEvent"));
    for (const name of kept) expect(theirs[name], name).toEqual(ours[name]);
    expect(Object.keys(theirs).sort()).toEqual(kept.sort());
  });
});

describe("the round trip of an imported document of the service's shape (36 operations)", () => {
  /** The spec's text without the importer's comments (its notes on the first document). */
  const facts = (text: string) =>
    text
      .split("\n")
      .filter((line) => !/^\s*#/.test(line))
      .join("\n");

  it("imports the spec's own export as the same spec: groups, examples and every other fact kept", () => {
    const selection = { operations: [], all: true, webhooks: true };
    const first = checkedImport(importOpenApi(serviceLikeDocument() as Schema, selection), [], "spec.yaml");
    const exported = openApiDocument(first.api) as Schema;
    const second = checkedImport(importOpenApi(exported, selection), [], "spec.yaml");
    expect(first.api.operations.length).toBeGreaterThanOrEqual(36);
    expect(facts(second.text)).toBe(facts(first.text));
  });
});

describe("the round trip of a bound its place cannot hold", () => {
  it("declares the alias that carries it where a reference to it would: the same spec again", () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: {
        "/v1/checkouts": {
          post: {
            operationId: "checkouts:create",
            tags: ["checkouts"],
            security: [],
            requestBody: {
              required: true,
              content: { "application/json": { schema: { $ref: "#/components/schemas/CheckoutCreate" } } },
            },
            responses: { "204": { description: "Done." } },
          },
        },
      },
      components: {
        schemas: {
          CheckoutCreate: {
            type: "object",
            properties: {
              prices: {
                type: "object",
                additionalProperties: {
                  type: "array",
                  minItems: 1,
                  items: {
                    type: "object",
                    properties: { amount: { type: "integer" } },
                    required: ["amount"],
                  },
                },
              },
            },
            required: ["prices"],
          },
        },
      },
    } as Schema;
    const facts = (text: string) =>
      text
        .split("\n")
        .filter((line) => !/^\s*#/.test(line))
        .join("\n");
    const selection = { operations: [], all: true, webhooks: false };
    const first = checkedImport(importOpenApi(document, selection), [], "spec.yaml");
    const second = checkedImport(
      importOpenApi(openApiDocument(first.api) as Schema, selection),
      [],
      "spec.yaml",
    );
    expect(first.text).toMatch(/minItems: 1/);
    expect(facts(second.text)).toBe(facts(first.text));
  });
});
