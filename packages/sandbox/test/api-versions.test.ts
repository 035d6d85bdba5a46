/**
 * The sandbox answers in the API version a request names (`Polar-Version`), as the service does:
 * license keys carry the seat member holding them from 2026-10, a validated key what granted it
 * from 2027-01, from the sandbox's own records; without the header, in its `apiVersion` option.
 */

import { createClient, validateLicenseKey } from "@commerce-api/client";
import * as v202610 from "@commerce-api/client/2026-10";
import * as v202701 from "@commerce-api/client/2027-01";
import { describe, expect, it } from "vitest";
import { createSandbox, SandboxUsageError } from "../src/index.js";
import { call } from "./helpers.js";

const sandbox = createSandbox();
const keys = sandbox.fixtures.ids.license_keys;
const heldByMember = keys.find((key) => key.member_id !== null)!;
const grantedByOrder = keys.find((key) => key.order_id !== null)!;
const grantedBySubscription = keys.find((key) => key.subscription_id !== null && key.member_id === null)!;
const token = (organizationId: string) =>
  sandbox.fixtures.tokens.find(
    (candidate) =>
      candidate.kind === "oat" &&
      candidate.organization_id === organizationId &&
      candidate.scopes.includes("license_keys:write"),
  )!.token;
const validate = (key: (typeof keys)[number], version?: string) =>
  call(sandbox, "POST", "/v1/license-keys/validate", {
    token: token(key.organization_id),
    body: { key: key.key, organization_id: key.organization_id },
    ...(version && { headers: { "Polar-Version": version } }),
  });

describe("answers per Polar-Version", () => {
  it("the seed holds a key held by a seat member, one granted by a subscription, one by an order", () => {
    expect([heldByMember, grantedBySubscription, grantedByOrder].every(Boolean)).toBe(true);
  });

  it("2026-04 (and no header) has no member key at all", async () => {
    for (const answer of [await validate(heldByMember, "2026-04"), await validate(heldByMember)]) {
      expect(answer.status).toBe(200);
      expect(answer.json).not.toHaveProperty("member");
      expect(answer.json).not.toHaveProperty("member_id");
      expect(answer.json).not.toHaveProperty("order");
    }
  });

  it("2026-10 names the seat member holding the key, from the seed's members, and null for a key its customer holds", async () => {
    const answer = await validate(heldByMember, "2026-10");
    const member = sandbox.state.members.find((candidate) => candidate.id === heldByMember.member_id)!;
    expect(answer.json.member).toEqual({
      id: member.id,
      email: member.email,
      external_id: member.external_id,
    });
    expect(answer.json.member_id).toBe(member.id);
    expect(answer.json).not.toHaveProperty("order");
    expect((await validate(grantedByOrder, "2026-10")).json.member).toBeNull();
  });

  it("2027-01 names what granted a validated key: its order, or its subscription", async () => {
    const byOrder = (await validate(grantedByOrder, "2027-01")).json;
    expect(byOrder.order).toMatchObject({ id: grantedByOrder.order_id, status: "paid", paid: true });
    expect(byOrder.subscription).toBeNull();
    const bySubscription = (await validate(grantedBySubscription, "2027-01")).json;
    expect(bySubscription.subscription).toMatchObject({
      id: grantedBySubscription.subscription_id,
      status: "active",
    });
    expect(bySubscription.order_id).toBeNull();
  });

  it("the dated clients read these answers, typed and checked", async () => {
    const at = (module: typeof v202610 | typeof v202701) =>
      module.createClient({ fetch: sandbox.fetch, token: token(heldByMember.organization_id) });
    const input = { key: heldByMember.key, organization_id: heldByMember.organization_id };
    expect((await v202610.validateLicenseKey(at(v202610), input)).member?.id).toBe(heldByMember.member_id);
    expect((await v202701.validateLicenseKey(at(v202701), input)).subscription?.id).toBe(
      heldByMember.subscription_id,
    );
    const root = createClient({ fetch: sandbox.fetch, token: token(heldByMember.organization_id) });
    expect(await validateLicenseKey(root, input)).not.toHaveProperty("member");
  });

  it("a version the sandbox does not know is answered as without the header, and the hint says so", async () => {
    const answer = await validate(heldByMember, "2031-01");
    expect(answer.status).toBe(200);
    expect(answer.json).not.toHaveProperty("member");
    expect(answer.headers.get("x-sandbox-hint")).toMatch(
      /Polar-Version 2031-01 is not a version the sandbox knows/,
    );
  });

  it("the apiVersion option answers requests without the header in it, and refuses a version it does not know", async () => {
    const current = createSandbox({ apiVersion: "2026-10" });
    const answer = await call(current, "POST", "/v1/license-keys/validate", {
      token: token(heldByMember.organization_id),
      body: { key: heldByMember.key, organization_id: heldByMember.organization_id },
    });
    expect(answer.json.member_id).toBe(heldByMember.member_id);
    expect(() => createSandbox({ apiVersion: "2030-01" as never })).toThrow(SandboxUsageError);
    expect(() => createSandbox({ apiVersion: "2030-01" as never })).toThrow(/2026-04, 2026-10, 2027-01/);
  });

  it("add.licenseKey takes the seat member holding the key, of the key's customer only", () => {
    const fresh = createSandbox();
    const [member, other] = fresh.fixtures.ids.members;
    const key = fresh.add.licenseKey({ customer: member!.customer_id, member: member!.id });
    expect(fresh.state.licenseKeys.find((candidate) => candidate.id === key.id)?.member_id).toBe(member!.id);
    const stranger =
      fresh.fixtures.ids.members.find((candidate) => candidate.customer_id !== member!.customer_id) ?? other!;
    expect(() => fresh.add.licenseKey({ customer: member!.customer_id, member: stranger.id })).toThrow(
      /sandbox.add.licenseKey: the member .* is another customer's/,
    );
  });
});
