import { describe, expect, it } from "vitest";
import { call, frozenSandbox, type SampleRequest, sampleRequests, tokens } from "./helpers.js";

const { sandbox, fixtures } = frozenSandbox();
const t = tokens(fixtures);
const samples = sampleRequests(fixtures);

const send = (sample: SampleRequest, token?: string) =>
  call(sandbox, sample.method, sample.path, {
    ...(token ? { token } : {}),
    ...(sample.body ? { body: sample.body } : {}),
  });

/** The Acme token of `kind` with every scope the sandbox gives that kind. */
function tokenOfKind(kind: string): string {
  const found = fixtures.tokens.find(
    (tok) => tok.kind === kind && tok.organization_id === t.acme.id && !tok.expired && tok.scopes.length > 1,
  );
  if (!found) throw new Error(`no ${kind} token`);
  return found.token;
}

describe("authentication", () => {
  it.each(samples)("$id: no token is 401 Unauthorized with WWW-Authenticate", async (sample) => {
    const answer = await send(sample);
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ error: "Unauthorized", detail: "Unauthorized" });
    expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it.each(samples)("$id: an unknown token is 401 invalid_token", async (sample) => {
    const answer = await send(sample, "polar_oat_not_a_real_token");
    expect(answer.status).toBe(401);
    expect(answer.json.error).toBe("invalid_token");
    expect(typeof answer.json.error_description).toBe("string");
  });

  it("an expired token is 401 invalid_token", async () => {
    const answer = await call(sandbox, "GET", "/v1/events/", { token: "polar_oat_acme_expired" });
    expect(answer.status).toBe(401);
    expect(answer.json.error).toBe("invalid_token");
  });

  it("accepts the header's scheme in any case", async () => {
    const answer = await call(sandbox, "GET", "/v1/products/", {
      headers: { authorization: `bearer ${t.acmeAll}` },
    });
    expect(answer.status).toBe(200);
  });

  it("a Basic header is no token", async () => {
    const answer = await call(sandbox, "GET", "/v1/products/", {
      headers: { authorization: "Basic dXNlcjpwYXNz" },
    });
    expect(answer.status).toBe(401);
    expect(answer.json.error).toBe("Unauthorized");
  });

  const allKinds = ["oidc", "pat", "oat", "customer_session", "member_session"];
  const kindCases = samples.flatMap((sample) => allKinds.map((kind) => ({ ...sample, kind })));

  it.each(kindCases)("$id with a $kind token", async (sample) => {
    const fresh = frozenSandbox().sandbox;
    const token = tokenOfKind(sample.kind);
    const answer = await call(fresh, sample.method, sample.path, {
      token,
      ...(sample.body ? { body: sample.body } : {}),
    });
    if (sample.kinds.includes(sample.kind)) {
      // Accepted: the answer is the operation's own (a member of another customer gets 404, not 401).
      expect([401, 403], JSON.stringify(answer.json)).not.toContain(answer.status);
    } else {
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ error: "Unauthorized", detail: "Unauthorized" });
    }
  });
});

describe("scopes", () => {
  const singleScope = fixtures.tokens.filter(
    (tok) => tok.organization_id === t.acme.id && tok.scopes.length === 1,
  );

  it("each organization has one single-scope token per operation scope", () => {
    const organizationScopes = new Set(
      samples.filter((s) => s.audience === "organization").map((s) => s.scopes[0]),
    );
    for (const scope of organizationScopes) {
      expect(
        singleScope.some((tok) => tok.scopes[0] === scope),
        scope,
      ).toBe(true);
    }
  });

  const organizationSamples = samples.filter((s) => s.audience === "organization");
  const scopeCases = organizationSamples.flatMap((sample) =>
    singleScope.map((tok) => ({ ...sample, token: tok.token, scope: tok.scopes[0] as string })),
  );

  it.each(scopeCases)("$id with only $scope", async (sample) => {
    const fresh = frozenSandbox().sandbox;
    const answer = await call(fresh, sample.method, sample.path, {
      token: sample.token,
      ...(sample.body ? { body: sample.body } : {}),
    });
    if (sample.scopes.includes(sample.scope)) {
      expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
    } else {
      expect(answer.status).toBe(403);
      expect(answer.json.error).toBe("insufficient_scope");
      expect(typeof answer.json.error_description).toBe("string");
      expect(typeof answer.json.detail).toBe("string");
      expect(answer.headers.get("www-authenticate")).toContain("insufficient_scope");
    }
  });

  it("authentication comes before validation: a bad request without a scope is 403, not 422", async () => {
    const answer = await call(sandbox, "GET", "/v1/events/?page=0", {
      token: "polar_oat_acme_products_read",
    });
    expect(answer.status).toBe(403);
  });

  it("authentication comes before validation: a malformed id without a token is 401, not 422", async () => {
    const answer = await call(sandbox, "DELETE", "/v1/discounts/not-a-uuid");
    expect(answer.status).toBe(401);
  });
});
