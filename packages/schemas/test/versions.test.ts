// The dated entry points (`@commerce-api/schemas/<version>`): each parses what its version of the
// service sends, the license keys' seat member from 2026-10 and what granted a validated key from
// 2027-01, as strictly as any other field; the root stays 2026-04.
import { describe, expect, it } from "vitest";
import * as v202604 from "../src/generated/2026-04/index.js";
import * as v202610 from "../src/generated/2026-10/index.js";
import * as v202701 from "../src/generated/2027-01/index.js";
import * as root from "../src/index.js";
import { validatedLicenseKey } from "./fixtures/license-keys.js";

const { activation: _activation, ...key } = validatedLicenseKey;
const member = { id: "5d2b8f1e-7a3c-4e9b-8d6a-2c4f1b7e9a50", email: "bob@example.com", external_id: null };
const order = {
  id: "3e7a1c5b-9d2f-4b8e-a6c1-7f3d5b9e1a20",
  created_at: "2026-09-01T00:00:00Z",
  status: "paid",
  paid: true,
};
const granted = { subscription_id: null, subscription: null, order_id: order.id, order };

describe("dated schemas", () => {
  it("2026-10 reads a validated key's seat member, and refuses a malformed one at its path", () => {
    const parsed = v202610.ValidatedLicenseKey.parse({ ...key, member_id: member.id, member });
    expect(parsed.member).toEqual(member);
    const refused = v202610.ValidateLicenseKeyResponse.safeParse({
      ...key,
      member_id: member.id,
      member: { id: 1 },
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join("."))).toContain("member.id");
  });

  it("2026-10 requires the member fields a 2026-10 key always has, null for a key held by its customer", () => {
    expect(v202610.LicenseKeyWithActivations.safeParse({ ...key, activations: [] }).success).toBe(false);
    expect(
      v202610.LicenseKeyWithActivations.parse({ ...key, activations: [], member_id: null, member: null })
        .member,
    ).toBeNull();
  });

  it("2027-01 reads what granted a validated key, and 2026-10 has no such field to check", () => {
    const answer = { ...key, member_id: null, member: null, ...granted };
    expect(v202701.ValidatedLicenseKey.parse(answer).order).toEqual(order);
    expect(
      v202701.ValidatedLicenseKey.safeParse({ ...answer, order: { ...order, paid: "yes" } }).success,
    ).toBe(false);
    // 2026-10 keeps the fields it does not know, unchecked, as every response schema does.
    expect(v202610.ValidatedLicenseKey.safeParse({ ...answer, order: { paid: "yes" } }).success).toBe(true);
  });

  it("the roots and 2026-04 are the same schemas, without a member", () => {
    expect(v202604.ValidatedLicenseKey).toBe(root.ValidatedLicenseKey);
    expect(v202604.ListProductsResponse).toBe(root.ListProductsResponse);
    expect(root.ValidatedLicenseKey.parse(key)).not.toHaveProperty("member");
  });

  it("what a version does not change is the roots' schema, shared", () => {
    expect(v202610.ListProductsResponse).toBe(root.ListProductsResponse);
    expect(v202610.LicenseKeyActivation).toBe(root.LicenseKeyActivation);
    expect(v202610.LicenseKey).not.toBe(root.LicenseKey);
  });
});
