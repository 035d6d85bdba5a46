import { beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../src/index.js";
import { call, frozenSandbox, get, NOW, tokens } from "./helpers.js";

let sandbox: Sandbox;
const { fixtures } = frozenSandbox();
const t = tokens(fixtures);
const acmeKeys = fixtures.ids.license_keys.filter((k) => k.organization_id === t.acme.id);

beforeEach(() => {
  sandbox = frozenSandbox().sandbox;
});

const validate = (body: unknown, token = t.acmeAll) =>
  call(sandbox, "POST", "/v1/license-keys/validate", { token, body });
const deactivate = (body: unknown, token = t.acmeAll) =>
  call(sandbox, "POST", "/v1/license-keys/deactivate", { token, body });

function key(predicate: (k: (typeof acmeKeys)[number]) => boolean) {
  const found = acmeKeys.find(predicate);
  if (!found) throw new Error("no such key in the seed");
  return found;
}

/** An activation of `k` that has no conditions. */
const freeActivation = (k: (typeof acmeKeys)[number]) =>
  k.activation_ids.find((id) => !(id in k.activation_conditions));
const plain = key(
  (k) => k.status === "granted" && !k.expired && k.limit_usage === null && freeActivation(k) !== undefined,
);
const conditional = key(
  (k) => Object.keys(k.activation_conditions).length > 0 && k.status === "granted" && !k.expired,
);
const nearLimit = key((k) => k.limit_usage !== null && k.limit_usage - k.usage === 1 && !k.expired);

describe("validate", () => {
  it("answers the key with its customer, counts the validation and sets last_validated_at", async () => {
    const first = await validate({ key: plain.key, organization_id: t.acme.id });
    expect(first.status).toBe(200);
    expect(first.json.id).toBe(plain.id);
    expect(first.json.customer.id).toBe(plain.customer_id);
    expect(first.json.activation).toBeNull();
    expect(first.json.last_validated_at).toBe(NOW);
    const second = await validate({ key: plain.key, organization_id: t.acme.id });
    expect(second.json.validations).toBe(first.json.validations + 1);
  });

  it("with activation_id, answers that activation", async () => {
    const activationId = freeActivation(plain) as string;
    const answer = await validate({
      key: plain.key,
      organization_id: t.acme.id,
      activation_id: activationId,
    });
    expect(answer.status).toBe(200);
    expect(answer.json.activation.id).toBe(activationId);
    expect(answer.json.activation.license_key_id).toBe(plain.id);
  });

  it("matches the key case-insensitively", async () => {
    expect((await validate({ key: plain.key.toLowerCase(), organization_id: t.acme.id })).status).toBe(200);
  });

  it("matches a key made in lower case, as written and in capitals", async () => {
    const customer = sandbox.add.customer();
    const made = sandbox.add.licenseKey({ customer, key: "acme-lower-0001" });
    for (const text of ["acme-lower-0001", "ACME-LOWER-0001", " acme-lower-0001 "]) {
      const answer = await validate({ key: text, organization_id: t.acme.id });
      expect(answer.status, text).toBe(200);
      expect(answer.json.id).toBe(made.id);
    }
  });

  it("adds increment_usage to usage, and refuses (400) what would pass limit_usage", async () => {
    const tooMuch = await validate({ key: nearLimit.key, organization_id: t.acme.id, increment_usage: 2 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json).toEqual({ error: "BadRequest", detail: "License key only has 1 more usages." });
    const fits = await validate({ key: nearLimit.key, organization_id: t.acme.id, increment_usage: 1 });
    expect(fits.status).toBe(200);
    expect(fits.json.usage).toBe(nearLimit.usage + 1);
    const none = await validate({ key: nearLimit.key, organization_id: t.acme.id, increment_usage: 1 });
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe("License key only has 0 more usages.");
    const zero = await validate({ key: nearLimit.key, organization_id: t.acme.id, increment_usage: 0 });
    expect(zero.status).toBe(200);
  });

  it.each([
    ["revoked", (k: (typeof acmeKeys)[number]) => k.status === "revoked", "License key is no longer active."],
    [
      "disabled",
      (k: (typeof acmeKeys)[number]) => k.status === "disabled",
      "License key is no longer active.",
    ],
    [
      "expired",
      (k: (typeof acmeKeys)[number]) => k.status === "granted" && k.expired,
      "License key has expired.",
    ],
  ])("a %s key is 404 and is not counted", async (_name, predicate, detail) => {
    const target = key(predicate);
    const answer = await validate({ key: target.key, organization_id: t.acme.id });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ error: "ResourceNotFound", detail });
    const seen = await get(
      sandbox,
      `/v1/customer-portal/license-keys/${target.id}`,
      sessionOf(target.customer_id),
    );
    expect(seen.json.validations).toBe(seededValidations.get(target.id));
  });

  it("checks benefit, customer and activation", async () => {
    const other = key((k) => k.benefit_id !== plain.benefit_id && k.customer_id !== plain.customer_id);
    const base = { key: plain.key, organization_id: t.acme.id };
    expect((await validate({ ...base, benefit_id: plain.benefit_id })).status).toBe(200);
    expect((await validate({ ...base, benefit_id: other.benefit_id })).json.detail).toBe(
      "License key does not match given benefit.",
    );
    expect((await validate({ ...base, customer_id: plain.customer_id })).status).toBe(200);
    expect((await validate({ ...base, customer_id: other.customer_id })).json.detail).toBe(
      "License key does not match given user.",
    );
    const foreignActivation = other.activation_ids[0] as string;
    expect((await validate({ ...base, activation_id: foreignActivation })).status).toBe(404);
  });

  it("an activation with conditions validates only with exactly those conditions", async () => {
    const [activationId, conditions] = Object.entries(conditional.activation_conditions)[0] as [
      string,
      Record<string, unknown>,
    ];
    const base = { key: conditional.key, organization_id: t.acme.id, activation_id: activationId };
    expect((await validate({ ...base, conditions })).status).toBe(200);
    const missing = await validate(base);
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toBe("License key does not match required conditions");
    const wrong = Object.fromEntries(
      Object.entries(conditions).map(([k, v]) => [k, typeof v === "number" ? v + 1 : `${String(v)}x`]),
    );
    expect((await validate({ ...base, conditions: wrong })).status).toBe(404);
    expect((await validate({ ...base, conditions: { ...conditions, extra: true } })).status).toBe(404);
  });

  it("an activation without conditions validates whatever conditions are sent", async () => {
    const activationId = freeActivation(plain) as string;
    const base = { key: plain.key, organization_id: t.acme.id, activation_id: activationId };
    expect((await validate({ ...base, conditions: { seats: 3 } })).status).toBe(200);
  });

  it("a key that does not exist, or a token of another organization, is 404", async () => {
    expect((await validate({ key: "ACME-NOPE", organization_id: t.acme.id })).status).toBe(404);
    expect((await validate({ key: plain.key, organization_id: t.acme.id }, t.globexAll)).status).toBe(404);
  });

  it("a key validated under another organization's id is 404, even with its own organization's token", async () => {
    const answer = await validate({ key: plain.key, organization_id: t.globex.id });
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ error: "ResourceNotFound" });
    const seen = await get(
      sandbox,
      `/v1/customer-portal/license-keys/${plain.id}`,
      sessionOf(plain.customer_id),
    );
    expect(seen.json.validations).toBe(seededValidations.get(plain.id));
  });

  it.each([
    ["no body", undefined, ["body"], "missing"],
    [
      "a missing key",
      { organization_id: "6f1b3c1e-8f0a-4c3e-9d2b-5a7e1f0c9b84" },
      ["body", "key"],
      "missing",
    ],
    [
      "a malformed organization_id",
      { key: "K", organization_id: "acme" },
      ["body", "organization_id"],
      "uuid_parsing",
    ],
    [
      "a key that is not a string",
      { key: 42, organization_id: "6f1b3c1e-8f0a-4c3e-9d2b-5a7e1f0c9b84" },
      ["body", "key"],
      "string_type",
    ],
    [
      "a negative increment_usage",
      { key: "K", organization_id: "6f1b3c1e-8f0a-4c3e-9d2b-5a7e1f0c9b84", increment_usage: -1 },
      ["body", "increment_usage"],
      "greater_than_equal",
    ],
    [
      "a condition key over 40 characters",
      {
        key: "K",
        organization_id: "6f1b3c1e-8f0a-4c3e-9d2b-5a7e1f0c9b84",
        conditions: { ["k".repeat(41)]: 1 },
      },
      ["body", "conditions", "k".repeat(41), "[key]"],
      "string_too_long",
    ],
    [
      "an empty condition key",
      { key: "K", organization_id: "6f1b3c1e-8f0a-4c3e-9d2b-5a7e1f0c9b84", conditions: { "": 1 } },
      ["body", "conditions", "", "[key]"],
      "string_too_short",
    ],
    ["a body that is an array", [1, 2], ["body"], "model_attributes_type"],
  ])("%s is a 422", async (_name, body, loc, type) => {
    const answer = await call(sandbox, "POST", "/v1/license-keys/validate", {
      token: t.acmeAll,
      ...(body !== undefined ? { body } : {}),
    });
    expect(answer.status).toBe(422);
    expect(answer.json.error).toBe("RequestValidationError");
    const issue = answer.json.detail.find((d: { loc: unknown[] }) =>
      JSON.stringify(d.loc).startsWith(JSON.stringify(loc).slice(0, -1)),
    );
    expect(issue, JSON.stringify(answer.json.detail)).toBeDefined();
    if (type) expect(issue.type).toBe(type);
  });

  it.each([
    ["cut short", '{"key": ', 8],
    ["with a stray comma", '{"key": "x",, }', 12],
  ])("broken JSON (%s) is a 422 json_invalid at its offset", async (_name, rawBody, offset) => {
    const answer = await call(sandbox, "POST", "/v1/license-keys/validate", { token: t.acmeAll, rawBody });
    expect(answer.status).toBe(422);
    expect(answer.json.detail[0]).toMatchObject({ type: "json_invalid", loc: ["body", offset] });
  });

  it("ignores body fields it does not know, as the service does", async () => {
    const answer = await validate({ key: plain.key, organization_id: t.acme.id, colour: "red" });
    expect(answer.status).toBe(200);
    expect(answer.json.key).toBe(plain.key);
  });

  it("takes null for activation_id, benefit_id, customer_id and increment_usage, as absent", async () => {
    const answer = await validate({
      key: plain.key,
      organization_id: t.acme.id,
      activation_id: null,
      benefit_id: null,
      customer_id: null,
      increment_usage: null,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.id).toBe(plain.id);
    expect(answer.json.activation ?? null).toBeNull();
  });

  it("more than 50 conditions is a 422", async () => {
    const conditions = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`c${i}`, i]));
    const answer = await validate({ key: plain.key, organization_id: t.acme.id, conditions });
    expect(answer.status).toBe(422);
  });
});

describe("deactivate", () => {
  it("removes the activation: 204, then 404, and it is gone from the key", async () => {
    const activationId = freeActivation(plain) as string;
    const body = { key: plain.key, organization_id: t.acme.id, activation_id: activationId };
    const first = await deactivate(body);
    expect(first.status).toBe(204);
    expect(first.body).toBe("");
    expect(first.headers.get("content-type")).toBeNull();
    const again = await deactivate(body);
    expect(again.status).toBe(404);
    expect(again.json.error).toBe("ResourceNotFound");
    expect(
      (await validate({ key: plain.key, organization_id: t.acme.id, activation_id: activationId })).status,
    ).toBe(404);
    const seen = await get(
      sandbox,
      `/v1/customer-portal/license-keys/${plain.id}`,
      sessionOf(plain.customer_id),
    );
    expect(seen.json.activations.map((a: { id: string }) => a.id)).not.toContain(activationId);
  });

  it("works for keys in any status (a revoked key's activation can be removed)", async () => {
    const revoked = key((k) => k.status === "revoked");
    const answer = await deactivate({
      key: revoked.key,
      organization_id: t.acme.id,
      activation_id: revoked.activation_ids[0],
    });
    expect(answer.status).toBe(204);
  });

  it("needs all three fields (422) and the activation of that key (404)", async () => {
    const missing = await deactivate({ key: plain.key, organization_id: t.acme.id });
    expect(missing.status).toBe(422);
    expect(missing.json.detail[0].loc).toEqual(["body", "activation_id"]);
    const other = key((k) => k.id !== plain.id && k.activation_ids.length > 0);
    const wrongKey = await deactivate({
      key: plain.key,
      organization_id: t.acme.id,
      activation_id: other.activation_ids[0],
    });
    expect(wrongKey.status).toBe(404);
  });
});

describe("customer-side get", () => {
  it("answers the key with its activations and customer", async () => {
    const answer = await get(
      sandbox,
      `/v1/customer-portal/license-keys/${conditional.id}`,
      sessionOf(conditional.customer_id),
    );
    expect(answer.status).toBe(200);
    expect(answer.json.activations.map((a: { id: string }) => a.id).sort()).toEqual(
      [...conditional.activation_ids].sort(),
    );
    expect(answer.json.customer.id).toBe(conditional.customer_id);
    expect(answer.json.activations[0]).not.toHaveProperty("conditions");
  });

  it("a malformed id is a 422, not a 404", async () => {
    const answer = await get(sandbox, "/v1/customer-portal/license-keys/not-a-uuid", t.alice.token);
    expect(answer.status).toBe(422);
    expect(answer.json.detail[0]).toMatchObject({ loc: ["path", "id"], type: "uuid_parsing" });
  });
});

function sessionOf(customerId: string): string {
  const session = fixtures.tokens.find(
    (tok) => tok.kind === "customer_session" && tok.customer_id === customerId,
  );
  if (!session) throw new Error("no session for that customer");
  return session.token;
}

/** Each key's `validations` as seeded, read through a fresh sandbox. */
const seededValidations = new Map<string, number>();
{
  const fresh = frozenSandbox().sandbox;
  for (const k of acmeKeys) {
    const answer = await get(fresh, `/v1/customer-portal/license-keys/${k.id}`, sessionOf(k.customer_id));
    seededValidations.set(k.id, answer.json.validations);
  }
}
