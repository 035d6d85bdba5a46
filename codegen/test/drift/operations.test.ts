/**
 * What the drift report compares of an operation, against the document our spec generates
 * with one planted difference: parameters (where written, required, style, schema, null of
 * an optional query parameter), the request body, statuses and success bodies (error bodies
 * are not compared), security schemes and scopes, webhook bodies; and the spec line each
 * difference is placed at, with the spec's `deliberate:` marks.
 */
import { describe, expect, it } from "vitest";
import { driftReport } from "../../src/drift/drift-report.ts";
import type { Schema } from "../../src/drift/schema-view.ts";
import { openApiDocument } from "../../src/emitters/openapi/document.ts";
import { lowerText } from "../../src/loader/load.ts";
import { readYaml } from "../../src/loader/read-yaml.ts";

// biome-ignore format: the line numbers in the comments are what the expectations below refer to
const spec = [
  "info:",                                          //  1
  "  title: Boxes API",                             //  2
  '  version: "1"',                                 //  3
  "environments:",                                  //  4
  "  production: https://api.example.com",          //  5
  "security:",                                      //  6
  "  pat:",                                         //  7
  "    audience: organization",                     //  8
  "  cst:",                                         //  9
  "    audience: customer",                         // 10
  "errors:",                                        // 11
  "  NotFound:",                                    // 12
  "    status: 404",                                // 13
  "types:",                                         // 14
  "  Box:",                                         // 15
  "    deliberate: { field: the service's extra fields are internal, required: name may be absent }",                                // 16
  "    # the marks above cover the type and its fields",  // 17
  "    fields:",                                    // 18
  "      id: uuid",                                 // 19
  "      name: string",                             // 20
  "operations:",                                    // 21
  "  renameBox:",                                   // 22
  "    group: boxes.rename",                        // 23
  "    summary: Rename a box.",                     // 24
  "    method: POST",                               // 25
  "    path: /v1/boxes/{id}/rename",                // 26
  "    auth: [pat, cst]",                           // 27
  "    scopes: [boxes:write]",                      // 28
  "    input:",                                     // 29
  "      path:",                                    // 30
  "        id: uuid",                               // 31
  "      query:",                                   // 32
  "        dry_run?: boolean",                      // 33
  "        filter?:",                               // 34
  "          type: record<string>",                 // 35
  "          style: json",                          // 36
  "      body:",                                    // 37
  "        name: string",                           // 38
  "    responses:",                                 // 39
  "      200: Box",                                 // 40
  "    errors: [NotFound]",                         // 41
  "  deleteBox:",                                   // 42
  "    group: boxes.delete",                        // 43
  "    summary: Delete a box.",                     // 44
  "    method: DELETE",                             // 45
  "    path: /v1/boxes/{id}",                       // 46
  "    auth: [pat]",                                // 47
  "    input:",                                     // 48
  "      path:",                                    // 49
  "        id: uuid",                               // 50
  "    responses:",                                 // 51
  "      204: void",                                // 52
  "webhooks:",                                      // 53
  "  box.renamed:",                                 // 54
  "    data: Box",                                  // 55
  "",
].join("\n");

// biome-ignore lint/suspicious/noExplicitAny: the document is JSON, planted by path.
type Json = any;
const rename = "#/paths/~1v1~1boxes~1{id}~1rename/post";

/** The drift (and what is deliberate) once `plant` has changed a copy of our own document. */
function reportAfter(plant: (theirs: Json) => void) {
  const api = lowerText(spec, "spec.yaml");
  const { source } = readYaml("spec.yaml", spec);
  const theirs = structuredClone(openApiDocument(api)) as Json;
  plant(theirs);
  const report = driftReport(api, source!, theirs as Schema);
  const brief = ({ kind, theirs: at, message, line }: (typeof report.drift)[number]) => ({
    kind,
    at,
    message,
    line,
  });
  return {
    drift: report.drift.map(brief),
    deliberate: report.deliberate.map(brief),
    operations: report.operations,
  };
}
const driftAfter = (plant: (theirs: Json) => void) => reportAfter(plant).drift;
const renameOf = (d: Json) => d.paths["/v1/boxes/{id}/rename"].post;
const parameter = (d: Json, name: string) => renameOf(d).parameters.find((p: Json) => p.name === name);

describe("parameters", () => {
  it("are found on the path item too, and theirs in headers are not ours to compare", () => {
    expect(
      driftAfter((d) => {
        const operation = renameOf(d);
        d.paths["/v1/boxes/{id}/rename"].parameters = operation.parameters;
        operation.parameters = [{ name: "X-Trace", in: "header", schema: { type: "string" } }];
      }),
    ).toEqual([]);
  });

  it("one side lacks: named with its place", () => {
    expect(
      driftAfter((d) =>
        renameOf(d).parameters.push({ name: "force", in: "query", schema: { type: "boolean" } }),
      ),
    ).toEqual([
      {
        kind: "parameter",
        at: `${rename}/parameters/3`,
        message: "query parameter 'force': theirs only",
        line: 22,
      },
    ]);
    expect(driftAfter((d) => renameOf(d).parameters.splice(1, 1))).toEqual([
      { kind: "parameter", at: rename, message: "query parameter 'dry_run': ours only", line: 33 },
    ]);
  });

  it("required on one side only", () => {
    expect(driftAfter((d) => (parameter(d, "dry_run").required = true))).toEqual([
      {
        kind: "required",
        at: `${rename}/parameters/1`,
        message: "query parameter 'dry_run': ours optional, theirs required",
        line: 33,
      },
    ]);
  });

  it("a style of their own, but a JSON-text parameter matches however they state it", () => {
    expect(driftAfter((d) => (parameter(d, "dry_run").style = "deepObject"))).toEqual([
      {
        kind: "parameter",
        at: `${rename}/parameters/1`,
        message: "query parameter 'dry_run' style: ours form, theirs deepObject",
        line: 33,
      },
    ]);
    expect(
      driftAfter((d) => {
        const filter = parameter(d, "filter");
        delete filter.content;
        Object.assign(filter, { style: "form", schema: { type: "string" } });
      }),
    ).toEqual([]);
  });

  it("their schema is compared, and null in an optional query parameter means absent", () => {
    expect(driftAfter((d) => (parameter(d, "dry_run").schema = { type: "string" }))).toEqual([
      {
        kind: "type",
        at: `${rename}/parameters/1/schema`,
        message: "type: ours boolean, theirs string",
        line: 33,
      },
    ]);
    expect(
      driftAfter(
        (d) => (parameter(d, "dry_run").schema = { anyOf: [{ type: "boolean" }, { type: "null" }] }),
      ),
    ).toEqual([]);
    expect(
      driftAfter((d) => (parameter(d, "id").schema = { anyOf: [{ type: "string" }, { type: "null" }] })),
    ).toEqual([
      {
        kind: "nullability",
        at: `${rename}/parameters/0/schema`,
        message: "nullable: ours no, theirs yes",
        line: 31,
      },
    ]);
  });
});

describe("bodies and statuses", () => {
  it("a request body one side lacks, and their body's fields compared", () => {
    expect(driftAfter((d) => delete renameOf(d).requestBody)).toEqual([
      { kind: "field", at: `${rename}/requestBody`, message: "request body: ours only", line: 37 },
    ]);
    expect(
      driftAfter(
        (d) =>
          (renameOf(d).requestBody.content["application/json"].schema.properties.name = { type: "integer" }),
      ),
    ).toEqual([
      {
        kind: "type",
        at: `${rename}/requestBody/content/application~1json/schema/properties/name`,
        message: "type: ours string, theirs integer",
        line: 38,
      },
    ]);
  });

  it("a status they add, but not their default; and a success body one side lacks", () => {
    expect(
      driftAfter((d) => {
        renameOf(d).responses.default = { description: "Anything else." };
        renameOf(d).responses["500"] = { description: "Oops." };
      }),
    ).toEqual([
      { kind: "status", at: `${rename}/responses/500`, message: "status 500: theirs only", line: 39 },
    ]);
    expect(driftAfter((d) => delete renameOf(d).responses["200"].content)).toEqual([
      {
        kind: "type",
        at: `${rename}/responses/200`,
        message: "status 200 body: ours JSON, theirs none",
        line: 40,
      },
    ]);
    expect(
      driftAfter((d) => {
        d.paths["/v1/boxes/{id}"].delete.responses["204"].content = {
          "application/json": { schema: { type: "object" } },
        };
      }),
    ).toEqual([
      {
        kind: "type",
        at: "#/paths/~1v1~1boxes~1{id}/delete/responses/204",
        message: "status 204 body: ours none, theirs JSON",
        line: 52,
      },
    ]);
  });

  it("error bodies are not compared, only their statuses", () => {
    expect(
      driftAfter(
        (d) => (renameOf(d).responses["404"].content["application/json"].schema = { type: "string" }),
      ),
    ).toEqual([]);
    expect(driftAfter((d) => delete renameOf(d).responses["404"])).toEqual([
      { kind: "status", at: rename.concat("/responses"), message: "status 404: ours only", line: 41 },
    ]);
  });
});

describe("security and webhooks", () => {
  it("a scheme one side lacks, and scopes that differ", () => {
    expect(driftAfter((d) => (renameOf(d).security = [{ pat: ["boxes:write"] }]))).toEqual([
      { kind: "security", at: `${rename}/security`, message: "scheme 'cst': ours only", line: 27 },
    ]);
    expect(
      driftAfter((d) => (renameOf(d).security = [{ pat: ["boxes:admin"] }, { cst: ["boxes:write"] }])),
    ).toEqual([
      {
        kind: "security",
        at: `${rename}/security`,
        message: "scopes of 'pat': ours boxes:write, theirs boxes:admin",
        line: 27,
      },
    ]);
    expect(driftAfter((d) => (renameOf(d).security = [{ pat: [] }, { cst: ["boxes:write"] }]))).toEqual([
      {
        kind: "security",
        at: `${rename}/security`,
        message: "scopes of 'pat': ours boxes:write, theirs none",
        line: 27,
      },
    ]);
  });

  it("an operation and a webhook they lack, and a webhook's body compared", () => {
    const { drift, operations } = reportAfter((d) => {
      delete d.paths["/v1/boxes/{id}"];
      delete d.webhooks;
    });
    expect(operations).toEqual({ ours: 2, shared: 1 });
    expect(drift).toEqual([
      { kind: "operation", at: "#/paths", message: "DELETE /v1/boxes/{id}: ours only", line: 42 },
      { kind: "operation", at: "#/webhooks", message: "webhook 'box.renamed': ours only", line: 54 },
    ]);
    expect(
      driftAfter((d) => {
        d.webhooks["box.renamed"].post.requestBody.content["application/json"].schema = { type: "string" };
      }),
    ).toEqual([
      {
        kind: "type",
        at: "#/webhooks/box.renamed/post/requestBody/content/application~1json/schema",
        message: "type: ours object, theirs string",
        line: 54,
      },
    ]);
  });

  it("does not compare the webhook events' generated types with their types of the same name", () => {
    // The service's `WebhookEvent` is a delivery log's record, nothing like our union of events.
    const deliveryRecord = {
      type: "object",
      properties: { payload: { type: "string" } },
      required: ["payload"],
    };
    expect(driftAfter((d) => (d.components.schemas.WebhookEvent = deliveryRecord))).toEqual([]);
    expect(driftAfter((d) => (d.components.schemas.UnknownWebhookEvent = deliveryRecord))).toEqual([]);
  });
});

describe("deliberate marks", () => {
  it("a mark on the type covers a difference of its kind at a field, and no other kind", () => {
    expect(
      reportAfter((d) => {
        d.components.schemas.Box.required = ["id"];
      }).deliberate,
    ).toEqual([
      {
        kind: "required",
        at: "#/components/schemas/Box/properties/name",
        message: "field 'name': ours required, theirs optional",
        line: 20,
      },
    ]);
  });

  it("a mark on the type covers a field of theirs only, and no other kind", () => {
    const { drift, deliberate } = reportAfter((d) => {
      d.components.schemas.Box.properties.color = { type: "string" };
      d.components.schemas.Box.properties.name = { type: "integer" };
    });
    expect(deliberate).toEqual([
      {
        kind: "field",
        at: "#/components/schemas/Box/properties/color",
        message: "field 'color': theirs only",
        line: 15,
      },
    ]);
    expect(drift).toEqual([
      {
        kind: "type",
        at: "#/components/schemas/Box/properties/name",
        message: "type: ours string, theirs integer",
        line: 20,
      },
    ]);
  });
});
