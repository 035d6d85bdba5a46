/**
 * Authentication as every operation does it. Which token kinds and scopes each
 * operation takes is checked against its definition in contract.test.ts.
 */
import { describe, expect, it } from "vitest";
import { asOrganization, authenticate, authRequirement } from "../src/http/auth.js";
import { call, frozenSandbox, type SampleRequest, sampleRequests, tokens } from "./helpers.js";

const { sandbox, fixtures } = frozenSandbox();
const t = tokens(fixtures);
const samples = sampleRequests(fixtures);

const send = (sample: SampleRequest, token?: string) =>
  call(sandbox, sample.method, sample.path, {
    ...(token ? { token } : {}),
    ...(sample.body ? { body: sample.body } : {}),
  });

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
});

describe("order of the checks", () => {
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

describe("an operation that takes no token (`auth: []`)", () => {
  const request = (headers: Record<string, string> = {}) =>
    new Request("http://sandbox.test/v1/license-keys/validate", { method: "POST", headers });
  const requirement = authRequirement({ id: "validatePublicKey", auth: [], scopes: [] });

  it("answers anyone, with a token or none, known or not", () => {
    expect(authenticate(request(), new Map(), requirement)).toEqual({ audience: "public" });
    expect(
      authenticate(request({ authorization: "Bearer polar_oat_not_a_real_token" }), new Map(), requirement),
    ).toEqual({ audience: "public" });
  });

  it("is no organization's and no customer's: a handler that needs one says so", () => {
    const principal = authenticate(request(), new Map(), requirement);
    expect(() => asOrganization(principal)).toThrow(/expected an organization token/);
  });
});
