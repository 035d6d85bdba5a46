/**
 * The client's generated validators against the zod schemas of @commerce-api/schemas, on
 * the sandbox's answers: every operation's sample request, every list at its largest page
 * and in both pagination forms, and seeded mutations of each answer. Both must agree on
 * accept or reject, on the parsed value and on the issues (the harness is the client's,
 * see packages/client/test/validators/differential.ts).
 */
import type { Check } from "@commerce-api/client/core";
import * as schemas from "@commerce-api/schemas";
import { describe, expect, it } from "vitest";
import {
  expectAgreement,
  mutations,
  type Pair,
  prng,
} from "../../../packages/client/test/validators/differential.js";
import { DEFINITIONS, type OperationDefinition } from "../src/http/definitions.js";
import { call, frozenSandbox, query, sampleRequests, tokens } from "./helpers.js";

const { sandbox, fixtures } = frozenSandbox();
const t = tokens(fixtures);

/** The Acme token of `kind` with every scope the sandbox gives that kind. */
function tokenFor(definition: OperationDefinition): string {
  const kind = definition.auth[0] ?? "";
  if (kind === "customer_session") return t.alice.token;
  const found = fixtures.tokens.find(
    (tok) => tok.kind === kind && tok.organization_id === t.acme.id && !tok.expired && tok.scopes.length > 1,
  );
  if (!found) throw new Error(`no ${kind} token`);
  return found.token;
}

/** The schema a validator stands for: `validateEvent` stands for `Event`. */
function pairFor(check: Check): Pair {
  const name = check.name.replace(/^validate/, "");
  const schema = (schemas as Record<string, unknown>)[name] as Pair["schema"] | undefined;
  if (!schema) throw new Error(`no schema ${name} for validator ${check.name}`);
  return { name, check, schema };
}

const lists = [
  ["listEvents", query({ limit: 100 })],
  ["listEvents", query({ limit: 100, cursor_pagination: true })],
  ["listEvents", query({ limit: 100, depth: 2 })],
  ["listEvents", query({ source: "system", limit: 100 })],
  ["listEvents", query({ source: "user", limit: 100 })],
  ["listProducts", query({ limit: 100 })],
  ["listProducts", query({ limit: 100, is_archived: true })],
  ["listRefunds", query({ limit: 100 })],
  ["listCustomerSubscriptions", query({ limit: 100 })],
  ["listMyPaymentMethods", query({ limit: 100 })],
] as const;

async function answers() {
  const collected: { label: string; pair: Pair; body: unknown }[] = [];
  const keep = (label: string, definition: OperationDefinition, status: number, body: unknown) => {
    const expected = definition.responses[status];
    if (expected?.body === "json") collected.push({ label, pair: pairFor(expected.validate), body });
  };
  for (const sample of sampleRequests(fixtures)) {
    const answer = await call(frozenSandbox().sandbox, sample.method, sample.path, {
      token: tokenFor(sample.definition),
      ...(sample.body !== undefined ? { body: sample.body } : {}),
    });
    keep(`${sample.id} ${answer.status}`, sample.definition, answer.status, answer.json);
  }
  for (const [id, search] of lists) {
    const definition = DEFINITIONS[id];
    if (!definition) throw new Error(`no operation ${id}`);
    const answer = await call(sandbox, "GET", `${definition.path}${search}`, { token: tokenFor(definition) });
    keep(`${id}${search} ${answer.status}`, definition, answer.status, answer.json);
  }
  return collected;
}

describe("the client's validators agree with the zod schemas on the sandbox's answers", () => {
  it("on every answer and its mutations", async () => {
    const collected = await answers();
    expect(new Set(collected.map((a) => a.label.split(/[ ?]/)[0])).size).toBeGreaterThanOrEqual(9);
    const random = prng(1717);
    let cases = 0;
    for (const { label, pair, body } of collected) {
      cases++;
      // Every answer the sandbox gives passes both (src/http/respond.ts checks them with the validators).
      expect(expectAgreement(pair, body, label), label).toBe(true);
      for (const mutation of mutations(body, 80, random)) {
        cases++;
        expectAgreement(pair, mutation.value, `${label}, ${mutation.label}`);
      }
    }
    expect(cases).toBeGreaterThan(1500);
  });
});
