/**
 * The client's generated validators against the generated zod schemas, for every one-feature
 * spec (tuples, records with bounded keys, exclusive bounds, nested and recursive unions, JSON
 * text, pages...), which the real spec does not all reach. The feature specs carry no examples,
 * so values are synthesized from the IR (valid ones, each member and variant in turn), then
 * mutated with the client's harness; both sides must agree on outcome, output and issues.
 */
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  expectAgreement,
  mutations,
  type Pair,
  pairsOf,
  prng,
} from "../../packages/client/test/validators/differential.ts";
import { responseValidator } from "../src/emitters/validators/emit-validators.ts";
import { render, writeFiles } from "../src/generate.ts";
import { inputShape } from "../src/ir/body.ts";
import { operationNames } from "../src/ir/names.ts";
import { paginationTypeName } from "../src/ir/references.ts";
import type { Api, Field, Operation, TypeNode } from "../src/ir/types.ts";
import { loadSpec } from "../src/loader/load.ts";
import { codegenRoot } from "./helpers.ts";

const features = [
  "alias-bounds",
  "enum",
  "nested-union",
  "nullable-optional",
  "pagination",
  "query-styles",
  "record-tuple",
  "recursive",
  "tagged-union",
  "extends-omit",
  "string-checks",
  "request-bodies",
];
// Inside codegen/ (gitignored), so the generated schemas resolve zod from codegen's dependencies.
const outRoot = join(codegenRoot, ".tmp", "validators-differential");

afterAll(() => rm(outRoot, { recursive: true, force: true }));

/** A valid value of `type`; `pick` chooses among members, variants and optional fields. */
function synthesize(api: Api, type: TypeNode, pick: () => number, depth = 0): unknown {
  switch (type.kind) {
    case "string": {
      if (type.format === "uuid") return "1dbfc517-0bbf-4301-9ba8-555ca42b9737";
      if (type.format === "datetime") return "2026-04-01T12:00:00.000+02:00";
      if (type.format === "email") return "ada@example.com";
      if (type.format === "url") return "https://example.com/a";
      if (type.format === "date") return "2026-02-28";
      if (type.format === "ip") return pick() < 0.5 ? "192.168.0.1" : "2001:db8::1";
      const plain = "x".repeat(Math.min(Math.max(type.minLength ?? 3, 1), type.maxLength ?? 100));
      if (type.pattern === undefined) return plain;
      // The feature specs' patterns: one of these matches each.
      const matching = [plain, "ABC", "usd"].find((text) => new RegExp(type.pattern!, "u").test(text));
      if (matching === undefined) throw new Error(`no sample string matches /${type.pattern}/`);
      return matching;
    }
    case "integer":
    case "number": {
      const low = type.min ?? (type.exclusiveMin !== undefined ? type.exclusiveMin + 1 : 1);
      const high = type.max ?? (type.exclusiveMax !== undefined ? type.exclusiveMax - 1 : low + 10);
      return Math.min(low, high) + (type.kind === "number" && high - low > 1 ? 0.5 : 0);
    }
    case "boolean":
      return pick() < 0.5;
    case "unknown":
      return { any: [1, "two"] };
    case "null":
      return null;
    case "literal":
      return type.value;
    case "otherString":
      return "added.later";
    case "array": {
      const count =
        depth > 3 ? (type.minItems ?? 0) : Math.min(Math.max(type.minItems ?? 1, 1), type.maxItems ?? 2);
      return Array.from({ length: count }, () => synthesize(api, type.items, pick, depth + 1));
    }
    case "record": {
      const key = "k".repeat(Math.max(type.keyMinLength ?? 1, 1));
      return { [key]: synthesize(api, type.values, pick, depth + 1) };
    }
    case "tuple":
      return type.items.map((item) => synthesize(api, item, pick, depth + 1));
    case "union": {
      const members =
        depth > 3 && type.members.some((m) => m.kind === "null") ? [{ kind: "null" } as const] : type.members;
      return synthesize(api, members[Math.floor(pick() * members.length)]!, pick, depth + 1);
    }
    case "jsonText": {
      const value = synthesize(api, type.type, pick, depth + 1);
      return pick() < 0.5 ? value : JSON.stringify(value);
    }
    case "page":
      return {
        items: [synthesize(api, type.items, pick, depth + 1)],
        pagination: synthesizeDeclaration(api, paginationTypeName(type.forms[0]!), pick, depth + 1),
      };
    case "ref":
      return synthesizeDeclaration(api, type.name, pick, depth);
  }
}

function synthesizeDeclaration(api: Api, name: string, pick: () => number, depth: number): unknown {
  const declaration = api.declarations.find((d) => d.name === name);
  switch (declaration?.kind) {
    case "enum":
      return declaration.values[Math.floor(pick() * declaration.values.length)];
    case "alias":
      return synthesize(api, declaration.type, pick, depth + 1);
    case "object":
      return synthesizeObject(api, declaration.fields, pick, depth);
    case "union": {
      const choices = [
        ...declaration.variants.map((v) => v.type),
        ...(declaration.fallback ? [declaration.fallback] : []),
      ];
      return synthesizeDeclaration(api, choices[Math.floor(pick() * choices.length)]!, pick, depth + 1);
    }
    default:
      throw new Error(`no declaration ${name}`);
  }
}

function synthesizeObject(api: Api, fields: readonly Field[], pick: () => number, depth: number) {
  const value: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.optional && (depth > 3 || pick() < 0.4)) continue;
    value[field.name] = synthesize(api, field.type, pick, depth + 1);
  }
  return value;
}

/** An input of the operation's shape (ir/body.ts): its fields, its body type, or one of its body's variants with the other fields. */
function synthesizeInput(api: Api, operation: Operation, pick: () => number): unknown {
  const declarations = new Map(api.declarations.map((d) => [d.name, d]));
  const shape = inputShape(operation, (name) => declarations.get(name));
  if (shape.kind === "fields") return synthesizeObject(api, shape.fields, pick, 0);
  if (shape.kind === "body") return synthesize(api, shape.type, pick);
  return synthesizeObject(api, shape.variants[Math.floor(pick() * shape.variants.length)]!, pick, 0);
}

describe("generated validators agree with the generated zod schemas on every feature spec", () => {
  it.each(features)("%s", async (feature) => {
    const api = await loadSpec(join(codegenRoot, "test", "features", feature, "spec.yaml"), codegenRoot);
    const out = join(outRoot, feature);
    await mkdir(out, { recursive: true });
    await writeFiles(await render(api, { outDir: out, specPath: join(out, "spec.yaml") }), []);
    const validators = await import(join(out, "client", "src", "generated", "validators.ts"));
    const schemas = await import(join(out, "schemas", "src", "generated", "index.ts"));
    const pairs = new Map(pairsOf(validators, schemas).map((pair) => [pair.name, pair]));
    const pairOf = (validator: string): Pair => {
      const pair = pairs.get(validator.replace(/^validate/, ""));
      if (!pair) throw new Error(`${feature}: no pair for ${validator}`);
      return pair;
    };

    const random = prng(feature.length * 7919);
    let cases = 0;
    for (const operation of api.operations) {
      const targets: { pair: Pair; make: () => unknown }[] = [
        {
          pair: pairOf(operationNames(operation).inputValidator),
          make: () => synthesizeInput(api, operation, random),
        },
        ...operation.responses.flatMap((response) =>
          response.body.kind === "json"
            ? [
                {
                  pair: pairOf(responseValidator(operation, response)),
                  make: () => synthesize(api, (response.body as { type: TypeNode }).type, random),
                },
              ]
            : [],
        ),
      ];
      for (const { pair, make } of targets) {
        for (let i = 0; i < 8; i++) {
          const value = make();
          cases++;
          expect(
            expectAgreement(pair, value, `${operation.id}, synthesized`),
            `${pair.name} rejects a synthesized value`,
          ).toBe(true);
          for (const mutation of mutations(value, 25, random)) {
            cases++;
            expectAgreement(pair, mutation.value, `${operation.id}, ${mutation.label}`);
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(100);
  });
});
