/**
 * The sandbox against the client's generated definitions: it serves every one
 * of them, answers with a status each lists, and lets in exactly the tokens
 * each one's `auth` and `scopes` name, for every operation. The expectations
 * are read from the definitions, never restated here.
 */
import * as core from "@commerce-api/client/core";
import { describe, expect, it } from "vitest";
import { authenticate, CUSTOMER_KINDS, ORGANIZATION_KINDS } from "../src/http/auth.js";
import { DEFINITIONS, OPERATION_IDS } from "../src/http/definitions.js";
import { ServiceError } from "../src/http/responses.js";
import { OPERATIONS, ROUTES } from "../src/routes/index.js";
import type { TokenKind, TokenRecord } from "../src/state/records.js";
import { call, frozenSandbox, type SampleRequest, sampleRequests, tokens } from "./helpers.js";

const { fixtures } = frozenSandbox();
const t = tokens(fixtures);
const samples = sampleRequests(fixtures);
const ALL_KINDS: readonly TokenKind[] = [...ORGANIZATION_KINDS, ...CUSTOMER_KINDS];

/** Sends a sample to a fresh sandbox, so deletes and deactivations always find their record. */
function send(sample: SampleRequest, token: string) {
  return call(frozenSandbox().sandbox, sample.method, sample.path, {
    token,
    ...(sample.body !== undefined ? { body: sample.body } : {}),
  });
}

/** The Acme token of `kind` with every scope the sandbox gives that kind (a session: Alice's first). */
function tokenOfKind(kind: string): string {
  const found = fixtures.tokens.find(
    (tok) => tok.kind === kind && tok.organization_id === t.acme.id && !tok.expired && tok.scopes.length > 1,
  );
  if (!found) throw new Error(`no ${kind} token`);
  return found.token;
}

const isOrganizationSide = (sample: SampleRequest) =>
  sample.definition.auth.some((scheme) => (ORGANIZATION_KINDS as readonly string[]).includes(scheme));

describe("routes", () => {
  it("serves every operation of the client's registry, each the definition the client exports", () => {
    expect(OPERATION_IDS.length).toBeGreaterThan(0);
    const exported = new Map(Object.entries(core));
    for (const id of OPERATION_IDS) expect(DEFINITIONS[id]).toBe(exported.get(`${id}Operation`));
  });

  it.each(OPERATION_IDS)("%s has a route built from its definition", (id) => {
    expect(ROUTES[id].definition).toBe(DEFINITIONS[id]);
  });

  it("serves each definition once, and nothing else", () => {
    expect(OPERATIONS.map((route) => route.definition.id).sort()).toEqual([...OPERATION_IDS].sort());
  });

  it.each(samples)(
    "$id answers at its method and path with a status its definition lists",
    async (sample) => {
      const kind = sample.definition.auth[0] ?? "";
      // The samples use Alice's records on the customer side.
      const answer = await send(sample, kind === "customer_session" ? t.alice.token : tokenOfKind(kind));
      expect(Object.keys(sample.definition.responses), JSON.stringify(answer.json)).toContain(
        String(answer.status),
      );
    },
  );
});

describe("token kinds: definition.auth", () => {
  const cases = samples.flatMap((sample) => ALL_KINDS.map((kind) => ({ ...sample, kind })));

  it.each(cases)("$id with a $kind token", async (sample) => {
    const answer = await send(sample, tokenOfKind(sample.kind));
    if (sample.definition.auth.includes(sample.kind)) {
      // Let in: the answer is the operation's own (a member of another customer gets 404, not 401).
      expect([401, 403], JSON.stringify(answer.json)).not.toContain(answer.status);
    } else {
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ error: "Unauthorized", detail: "Unauthorized" });
    }
  });
});

describe("scopes: definition.scopes", () => {
  const singleScope = fixtures.tokens.filter(
    (tok) => tok.organization_id === t.acme.id && tok.scopes.length === 1,
  );
  const organizationSide = samples.filter(isOrganizationSide);

  it.each(organizationSide)("the seed has a single-scope token that may call $id", (sample) => {
    expect(singleScope.some((tok) => sample.definition.scopes.includes(tok.scopes[0] ?? ""))).toBe(true);
  });

  const cases = organizationSide.flatMap((sample) =>
    singleScope.map((tok) => ({ ...sample, token: tok.token, scope: tok.scopes[0] ?? "" })),
  );

  it.each(cases)("$id with only $scope", async (sample) => {
    const answer = await send(sample, sample.token);
    if (sample.definition.scopes.includes(sample.scope)) {
      expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
    } else {
      expect(answer.status).toBe(403);
      expect(answer.json.error).toBe("insufficient_scope");
      expect(typeof answer.json.error_description).toBe("string");
      expect(typeof answer.json.detail).toBe("string");
      expect(answer.headers.get("www-authenticate")).toContain("insufficient_scope");
    }
  });
});

/**
 * Every operation, every kind it takes, every scope it lists: with tokens made
 * up for the purpose, since the seed has no customer token short of the
 * portal scopes. Checks the requirement each route hands to `authenticate`.
 */
describe("each route's requirement", () => {
  const everyScope = [...new Set(OPERATIONS.flatMap((route) => route.definition.scopes)), "other:read"];

  function check(route: (typeof OPERATIONS)[number], kind: TokenKind, scopes: string[]): number {
    const record: TokenRecord = {
      token: "made_up",
      kind,
      organization_id: t.acme.id,
      scopes,
      label: "made up",
      ...((CUSTOMER_KINDS as readonly TokenKind[]).includes(kind)
        ? { customer_id: t.alice.customer_id }
        : {}),
    };
    const request = new Request("http://sandbox.test/", { headers: { authorization: "Bearer made_up" } });
    try {
      authenticate(request, new Map([[record.token, record]]), route.auth);
      return 200;
    } catch (error) {
      if (error instanceof ServiceError) return error.status;
      throw error;
    }
  }

  const cases = OPERATIONS.flatMap((route) =>
    route.definition.auth.map((kind) => ({ id: route.definition.id, route, kind: kind as TokenKind })),
  );

  it.each(cases)("$id, $kind: any one listed scope lets in; none of them is 403", ({ route, kind }) => {
    const { scopes } = route.definition;
    for (const scope of scopes) expect(check(route, kind, [scope]), scope).toBe(200);
    const others = everyScope.filter((scope) => !scopes.includes(scope));
    expect(check(route, kind, others)).toBe(scopes.length > 0 ? 403 : 200);
  });

  it.each(OPERATIONS.map((route) => ({ id: route.definition.id, route })))(
    "$id: a kind it does not list is 401, whatever the scopes",
    ({ route }) => {
      for (const kind of ALL_KINDS.filter((k) => !route.definition.auth.includes(k))) {
        expect(check(route, kind, everyScope), kind).toBe(401);
      }
    },
  );
});
