import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { driftReport } from "../../src/drift/drift-report.ts";
import { pointer, resolvePointer, segmentsOf } from "../../src/drift/json-pointer.ts";
import type { Schema } from "../../src/drift/schema-view.ts";
import { loadSpec, lowerText } from "../../src/loader/load.ts";
import { readYaml } from "../../src/loader/read-yaml.ts";
import { codegenRoot } from "../helpers.ts";
import { type ServiceDocument, serviceDocument } from "./service-document.ts";

const specPath = join(codegenRoot, "test", "drift", "spec.yaml");

async function report(plant: (document: ServiceDocument) => void = () => {}) {
  const api = await loadSpec(specPath, codegenRoot);
  const { source } = readYaml("spec.yaml", await readFile(specPath, "utf8"));
  const document = serviceDocument();
  plant(document);
  return driftReport(api, source!, document as unknown as Schema);
}

/** The one difference a planted change makes: its kind, spec line, their pointer and message. */
async function onlyDifference(plant: (document: ServiceDocument) => void) {
  const { drift, deliberate } = await report(plant);
  expect(deliberate).toEqual([]);
  expect(drift).toHaveLength(1);
  const [difference] = drift;
  return {
    kind: difference!.kind,
    line: difference!.line,
    theirs: difference!.theirs,
    message: difference!.message,
  };
}

const cat = "#/components/schemas/Cat";

describe("drift between a spec and an OpenAPI document", () => {
  it("finds none when the document agrees with the spec in its own style", async () => {
    const { drift, deliberate, operations, sharedSchemas } = await report();
    expect(drift).toEqual([]);
    expect(deliberate).toEqual([]);
    expect(operations).toEqual({ ours: 2, shared: 2 });
    expect(sharedSchemas).toBe(5);
  });

  it("names a field they have and we lack", async () => {
    expect(
      await onlyDifference((d) => {
        Object.assign(d.components.schemas.Cat.properties, { color: { type: "string" } });
      }),
    ).toEqual({
      kind: "field",
      line: 27,
      theirs: `${cat}/properties/color`,
      message: "field 'color': theirs only",
    });
  });

  it("names a field we have and they lack", async () => {
    expect(
      await onlyDifference((d) => {
        const { name: _, ...rest } = d.components.schemas.Cat.properties;
        (d.components.schemas.Cat as { properties: object }).properties = rest;
        d.components.schemas.Cat.required = d.components.schemas.Cat.required.filter((f) => f !== "name");
      }),
    ).toEqual({ kind: "field", line: 31, theirs: cat, message: "field 'name': ours only" });
  });

  it("names a type", async () => {
    expect(
      await onlyDifference((d) => {
        Object.assign(d.components.schemas.Cat.properties.lives, { type: "number" });
      }),
    ).toEqual({
      kind: "type",
      line: 34,
      theirs: `${cat}/properties/lives`,
      message: "type: ours integer, theirs number",
    });
  });

  it("reads null as null however it is written: first among the alternatives, or as const null", async () => {
    for (const nickname of [
      { anyOf: [{ type: "null" }, { type: "string" }] },
      { anyOf: [{ type: "string" }, { const: null }] },
    ]) {
      const { drift } = await report((d) => {
        Object.assign(d.components.schemas.Cat.properties, { nickname });
      });
      expect(drift, JSON.stringify(nickname)).toEqual([]);
    }
  });

  it("names a nullability", async () => {
    expect(
      await onlyDifference((d) => {
        Object.assign(d.components.schemas.Cat.properties, {
          name: { anyOf: [{ type: "string" }, { type: "null" }] },
        });
      }),
    ).toEqual({
      kind: "nullability",
      line: 31,
      theirs: `${cat}/properties/name`,
      message: "nullable: ours no, theirs yes",
    });
  });

  it("names an enum value they have and we lack", async () => {
    expect(
      await onlyDifference((d) => {
        d.components.schemas.Status.enum.push("paused");
      }),
    ).toEqual({
      kind: "enum",
      line: 14,
      theirs: "#/components/schemas/Status",
      message: "value 'paused': theirs only",
    });
  });

  it("names a bound", async () => {
    expect(
      await onlyDifference((d) => {
        Object.assign(d.components.schemas.PetRename.properties.name, { maxLength: 50 });
      }),
    ).toEqual({
      kind: "bound",
      line: 70,
      theirs: "#/components/schemas/PetRename/properties/name",
      message: "maxLength: ours 40, theirs 50",
    });
  });

  it("names a parameter they have and we lack", async () => {
    expect(
      await onlyDifference((d) => {
        d.paths["/v1/pets/"].get.parameters.push({
          name: "sorting",
          in: "query",
          required: false,
          schema: { type: "string" },
        } as never);
      }),
    ).toEqual({
      kind: "parameter",
      line: 43,
      theirs: "#/paths/~1v1~1pets~1/get/parameters/2",
      message: "query parameter 'sorting': theirs only",
    });
  });

  it("leaves their header and cookie parameters aside (the client sends those itself)", async () => {
    const { drift } = await report((d) => {
      d.paths["/v1/pets/"].get.parameters.push(
        { name: "x-request-id", in: "header", required: false, schema: { type: "string" } } as never,
        { name: "session", in: "cookie", required: false, schema: { type: "string" } } as never,
      );
    });
    expect(drift).toEqual([]);
  });

  it("names a status code we have and they lack", async () => {
    expect(
      await onlyDifference((d) => {
        const { "404": _, ...rest } = d.paths["/v1/pets/{id}/rename"].post.responses;
        (d.paths["/v1/pets/{id}/rename"].post as { responses: object }).responses = rest;
      }),
    ).toEqual({
      kind: "status",
      line: 75,
      theirs: "#/paths/~1v1~1pets~1{id}~1rename/post/responses",
      message: "status 404: ours only",
    });
  });

  it("names a status code they have and we lack", async () => {
    expect(
      await onlyDifference((d) => {
        Object.assign(d.paths["/v1/pets/{id}/rename"].post.responses, { "409": { description: "Conflict" } });
      }),
    ).toEqual({
      kind: "status",
      line: 73,
      theirs: "#/paths/~1v1~1pets~1{id}~1rename/post/responses/409",
      message: "status 409: theirs only",
    });
  });

  it("names an enum value we have and they lack", async () => {
    expect(
      await onlyDifference((d) => {
        d.components.schemas.Status.enum = ["active"];
      }),
    ).toEqual({
      kind: "enum",
      line: 14,
      theirs: "#/components/schemas/Status",
      message: "value 'canceled': ours only",
    });
  });

  it("names a parameter we have and they lack", async () => {
    expect(
      await onlyDifference((d) => {
        d.paths["/v1/pets/"].get.parameters.pop();
      }),
    ).toEqual({
      kind: "parameter",
      line: 53,
      theirs: "#/paths/~1v1~1pets~1/get",
      message: "query parameter 'limit': ours only",
    });
  });

  it("names a webhook they lack", async () => {
    expect(
      await onlyDifference((d) => {
        (d as { webhooks: object }).webhooks = {};
      }),
    ).toEqual({
      kind: "operation",
      line: 77,
      theirs: "#/webhooks",
      message: "webhook 'pet.adopted': ours only",
    });
  });

  it("compares a webhook's event with theirs", async () => {
    expect(
      await onlyDifference((d) => {
        Object.assign(d.components.schemas.WebhookPetAdoptedPayload.properties, {
          attempt: { type: "integer" },
        });
      }),
    ).toEqual({
      kind: "field",
      line: 77,
      theirs: "#/components/schemas/WebhookPetAdoptedPayload/properties/attempt",
      message: "field 'attempt': theirs only",
    });
  });

  it("names a field required on one side and optional on the other", async () => {
    expect(
      await onlyDifference((d) => {
        d.components.schemas.Cat.required = d.components.schemas.Cat.required.filter((f) => f !== "lives");
      }),
    ).toEqual({
      kind: "required",
      line: 34,
      theirs: `${cat}/properties/lives`,
      message: "field 'lives': ours required, theirs optional",
    });
  });

  it("names a union variant they have and we lack", async () => {
    expect(
      await onlyDifference((d) => {
        Object.assign(d.components.schemas.Pet.discriminator.mapping, { bird: "#/components/schemas/Dog" });
      }),
    ).toEqual({
      kind: "variant",
      line: 21,
      theirs: "#/components/schemas/Dog",
      message: "variant 'bird': theirs only",
    });
  });

  it("names an operation they lack", async () => {
    expect(
      await onlyDifference((d) => {
        const { "/v1/pets/{id}/rename": _, ...rest } = d.paths;
        (d as { paths: object }).paths = rest;
      }),
    ).toEqual({
      kind: "operation",
      line: 60,
      theirs: "#/paths",
      message: "POST /v1/pets/{id}/rename: ours only",
    });
  });

  it("names a security scheme they accept and we do not", async () => {
    expect(
      await onlyDifference((d) => {
        (d.paths["/v1/pets/"].get.security as object[]).push({ oat: ["pets:read"] });
      }),
    ).toEqual({
      kind: "security",
      line: 48,
      theirs: "#/paths/~1v1~1pets~1/get/security",
      message: "scheme 'oat': theirs only",
    });
  });
});

describe("deliberate differences", () => {
  it("are listed apart, with the spec's reason, when the spec marks them", async () => {
    const text = (await readFile(specPath, "utf8")).replace(
      "          max: 100\n",
      "          max: 100\n          deliberate: { bound: The seed's limit. }\n",
    );
    const { source } = readYaml("spec.yaml", text);
    const document = serviceDocument();
    delete (document.paths["/v1/pets/"].get.parameters[1]!.schema as { maximum?: number }).maximum;
    const { drift, deliberate } = driftReport(
      lowerText(text, "spec.yaml"),
      source!,
      document as unknown as Schema,
    );
    expect(drift).toEqual([]);
    expect(deliberate).toMatchObject([
      { kind: "bound", line: 53, message: "maximum: ours 100, theirs none", reason: "The seed's limit." },
    ]);
  });

  it("cover only the kind they name", async () => {
    const text = (await readFile(specPath, "utf8")).replace(
      "          max: 100\n",
      "          max: 100\n          deliberate: { enum: Not about bounds. }\n",
    );
    const { source } = readYaml("spec.yaml", text);
    const document = serviceDocument();
    delete (document.paths["/v1/pets/"].get.parameters[1]!.schema as { maximum?: number }).maximum;
    const { drift, deliberate } = driftReport(
      lowerText(text, "spec.yaml"),
      source!,
      document as unknown as Schema,
    );
    expect(deliberate).toEqual([]);
    expect(drift).toMatchObject([{ kind: "bound", line: 53 }]);
  });
});

describe("JSON pointers", () => {
  it("escape and read back '~' and '/' in a segment (RFC 6901: ~1 is read before ~0)", () => {
    const at = pointer("paths", "/v1/a~1b", "get");
    expect(at).toBe("#/paths/~1v1~1a~01b/get");
    expect(segmentsOf(at)).toEqual(["paths", "/v1/a~1b", "get"]);
    expect(resolvePointer({ paths: { "/v1/a~1b": { get: 1 } } }, at)).toBe(1);
  });
});
