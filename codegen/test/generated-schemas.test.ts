/**
 * What the generated zod schemas and the client's validators DO with values at the edges the
 * spec states: an input at exactly its maximum passes and one past it fails (strings, arrays,
 * integers, exclusive number bounds), unknown keys are refused in inputs and kept in
 * responses, responses ignore bounds and take enum values the spec does not list, and a
 * tagged union routes a tag it does not know to its fallback. Two feature specs are generated
 * into codegen/.tmp (so the output resolves zod from codegen's dependencies) and imported.
 */
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAgreement, pairsOf } from "../../packages/client/test/validators/differential.ts";
import { render, writeFiles } from "../src/generate.ts";
import { loadSpec, lowerText } from "../src/loader/load.ts";
import { codegenRoot } from "./helpers.ts";

const outRoot = join(codegenRoot, ".tmp", "generated-schemas");
afterAll(() => rm(outRoot, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: generated modules, imported at run time.
type Module = Record<string, any>;

async function generate(feature: string, text?: string): Promise<{ schemas: Module; validators: Module }> {
  const api =
    text === undefined
      ? await loadSpec(join(codegenRoot, "test", "features", feature, "spec.yaml"), codegenRoot)
      : lowerText(text, "spec.yaml");
  const out = join(outRoot, feature);
  await mkdir(out, { recursive: true });
  await writeFiles(await render(api, { outDir: out, specPath: join(out, "spec.yaml") }), []);
  return {
    schemas: await import(join(out, "schemas", "src", "generated", "index.ts")),
    validators: await import(join(out, "client", "src", "generated", "validators.ts")),
  };
}

let bounds: { schemas: Module; validators: Module };
let enums: { schemas: Module; validators: Module };
let unions: { schemas: Module; validators: Module };
let records: { schemas: Module; validators: Module };
let exclusive: { schemas: Module; validators: Module };
beforeAll(async () => {
  exclusive = await generate("exclusive-bounds", exclusiveSpec);
  records = await generate("record-tuple");
  bounds = await generate("alias-bounds");
  enums = await generate("enum");
  unions = await generate("tagged-union");
});

const uuid = "1dbfc517-0bbf-4301-9ba8-555ca42b9737";

/** Exclusive bounds in an input, which no feature spec has. */
const exclusiveSpec = `info:
  title: Exclusive bounds
  version: "1"
environments:
  production: https://api.example.com
security:
  pat:
    audience: organization
errors: {}
types: {}
operations:
  setRatio:
    group: ratios.set
    summary: Set a ratio.
    method: POST
    path: /v1/ratio
    auth: [pat]
    input:
      body:
        ratio:
          type: number
          exclusiveMin: 0
          exclusiveMax: 1
    responses:
      204: void
`;

/** Whether the zod schema `name` accepts `value`; the client's validator must agree, issues and all. */
function accepts(module: { schemas: Module; validators: Module }, name: string, value: unknown): boolean {
  const pair = pairsOf(module.validators, module.schemas).find((candidate) => candidate.name === name);
  expect(pair, `no validator and schema named ${name}`).toBeDefined();
  return expectAgreement(pair!, value, name);
}

describe("an input's bounds", () => {
  const note = (fields: Record<string, unknown>) => ({ label: "a", quantity: 1, ...fields });

  it("a string of exactly maxLength passes, one longer or below minLength fails", () => {
    expect(accepts(bounds, "CreateNoteInput", note({ label: "x".repeat(40) }))).toBe(true);
    expect(accepts(bounds, "CreateNoteInput", note({ label: "x".repeat(41) }))).toBe(false);
    expect(accepts(bounds, "CreateNoteInput", note({ label: "" }))).toBe(false);
  });

  it("an integer at min and max passes, one past either fails", () => {
    expect(accepts(bounds, "CreateNoteInput", note({ quantity: 1 }))).toBe(true);
    expect(accepts(bounds, "CreateNoteInput", note({ quantity: 100 }))).toBe(true);
    expect(accepts(bounds, "CreateNoteInput", note({ quantity: 101 }))).toBe(false);
    expect(accepts(bounds, "CreateNoteInput", note({ quantity: 0 }))).toBe(false);
    expect(accepts(bounds, "CreateNoteInput", note({ quantity: 1.5 }))).toBe(false);
    expect(accepts(bounds, "CreateNoteInput", note({ priority: 0 }))).toBe(true);
    expect(accepts(bounds, "CreateNoteInput", note({ priority: -1 }))).toBe(false);
    expect(accepts(bounds, "CreateNoteInput", note({ priority: null }))).toBe(true);
  });

  it("an array of exactly minItems and maxItems passes, one fewer or more fails", () => {
    expect(accepts(bounds, "CreateNoteInput", note({ recipients: [uuid] }))).toBe(true);
    expect(accepts(bounds, "CreateNoteInput", note({ recipients: [uuid, uuid, uuid] }))).toBe(true);
    expect(accepts(bounds, "CreateNoteInput", note({ recipients: [uuid, uuid, uuid, uuid] }))).toBe(false);
    expect(accepts(bounds, "CreateNoteInput", note({ recipients: [] }))).toBe(false);
    expect(accepts(bounds, "CreateNoteInput", note({ tags: ["a", "b", "c", "d", "e"] }))).toBe(true);
    expect(accepts(bounds, "CreateNoteInput", note({ tags: ["a", "b", "c", "d", "e", "f"] }))).toBe(false);
    expect(accepts(bounds, "CreateNoteInput", note({ recipients: ["not-a-uuid"] }))).toBe(false);
  });

  it("a required field missing, a field of the wrong type and an unknown key each fail", () => {
    expect(accepts(bounds, "CreateNoteInput", { label: "a" })).toBe(false);
    expect(accepts(bounds, "CreateNoteInput", note({ label: 3 }))).toBe(false);
    expect(accepts(bounds, "CreateNoteInput", note({ colour: "red" }))).toBe(false);
  });
});

describe("an input's exclusive bounds", () => {
  it("refuse the bound itself and take what is inside", () => {
    expect(accepts(exclusive, "SetRatioInput", { ratio: 0.5 })).toBe(true);
    expect(accepts(exclusive, "SetRatioInput", { ratio: 0 })).toBe(false);
    expect(accepts(exclusive, "SetRatioInput", { ratio: 1 })).toBe(false);
    expect(accepts(exclusive, "SetRatioInput", { ratio: 0.999 })).toBe(true);
  });
});

describe("a record's and a tuple's bounds in an input", () => {
  const entries = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, n) => [`k${n}`, "v"]));

  it("a record of exactly maxEntries passes, one more fails; its keys' lengths are bounded", () => {
    expect(accepts(records, "UpdateSettingsInput", { metadata: entries(50) })).toBe(true);
    expect(accepts(records, "UpdateSettingsInput", { metadata: entries(51) })).toBe(false);
    expect(accepts(records, "UpdateSettingsInput", { metadata: { ["k".repeat(40)]: "v" } })).toBe(true);
    expect(accepts(records, "UpdateSettingsInput", { metadata: { ["k".repeat(41)]: "v" } })).toBe(false);
    expect(accepts(records, "UpdateSettingsInput", { metadata: { "": "v" } })).toBe(false);
    expect(accepts(records, "UpdateSettingsInput", { metadata: { a: 1 } })).toBe(false);
  });

  it("a tuple holds exactly its items", () => {
    expect(accepts(records, "UpdateSettingsInput", { point: [1, 2] })).toBe(true);
    expect(accepts(records, "UpdateSettingsInput", { point: [1] })).toBe(false);
    expect(accepts(records, "UpdateSettingsInput", { point: [1, 2, 3] })).toBe(false);
    expect(accepts(records, "UpdateSettingsInput", { point: [1, "2"] })).toBe(false);
  });

  it("a response's record takes any of its value types and any number of entries", () => {
    const settings = { metadata: { ...entries(60), n: 1, b: true }, point: [0, 0] };
    expect(accepts(records, "Settings", settings)).toBe(true);
    expect(accepts(records, "Settings", { ...settings, metadata: { x: null } })).toBe(false);
  });
});

describe("a response", () => {
  const response = (fields: Record<string, unknown>) => ({
    label: "a",
    quantity: 1,
    tags: [],
    score: 0.5,
    ...fields,
  });

  it("is not refused for a bound: the service's values pass whatever their size", () => {
    expect(accepts(bounds, "Note", response({ label: "x".repeat(41), quantity: 1000 }))).toBe(true);
    expect(accepts(bounds, "Note", response({ tags: ["a", "b", "c", "d", "e", "f"], score: 1 }))).toBe(true);
  });

  it("keeps a key it does not declare, and still refuses a wrong type", () => {
    expect(bounds.schemas.Note.parse(response({ added: 1 }))).toMatchObject({ added: 1 });
    expect(accepts(bounds, "Note", response({ quantity: "1" }))).toBe(false);
    expect(accepts(bounds, "Note", response({ score: null }))).toBe(true);
  });
});

describe("an enum", () => {
  it("takes only its values in an input, and any string in a response", () => {
    expect(enums.schemas.ColorValues).toEqual(["red", "green"]);
    expect(accepts(enums, "ListPaintsInput", { color: "green" })).toBe(true);
    expect(accepts(enums, "ListPaintsInput", { color: "blue" })).toBe(false);
    expect(accepts(enums, "ListPaintsInput", {})).toBe(true);
    expect(accepts(enums, "Paint", { color: "blue" })).toBe(true);
    expect(accepts(enums, "Paint", { color: 1 })).toBe(false);
  });
});

describe("a tagged union with a fallback", () => {
  it("routes a known tag to its variant and an unknown one to the fallback, which the guards tell apart", () => {
    const created = { type: "created", id: uuid };
    const future = { type: "archived", id: uuid };
    expect(accepts(unions, "Event", created)).toBe(true);
    expect(accepts(unions, "Event", { type: "created", id: "nope" })).toBe(false);
    expect(accepts(unions, "Event", { type: "deleted", id: uuid })).toBe(false);
    expect(accepts(unions, "Event", future)).toBe(true);
    expect(unions.schemas.isKnownEvent(unions.schemas.Event.parse(created))).toBe(true);
    expect(unions.schemas.isKnownEvent(unions.schemas.Event.parse(future))).toBe(false);
    expect(unions.schemas.isEvent(unions.schemas.Event.parse(created), "created")).toBe(true);
    expect(unions.schemas.isEvent(unions.schemas.Event.parse(created), "deleted")).toBe(false);
  });
});
