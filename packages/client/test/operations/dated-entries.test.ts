/**
 * The dated entry points (`@commerce-api/client/<version>`): a client that speaks its version
 * (`Polar-Version` on every call), and the operations whose answers the version changes, read
 * and checked as that version's; everything else is the root's. The root speaks 2026-04.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { ORGANIZATION_ID } from "../../../schemas/test/fixtures/ids.js";
import { validatedLicenseKey } from "../../../schemas/test/fixtures/license-keys.js";
import * as v202604 from "../../src/generated/2026-04/index.js";
import * as v202610 from "../../src/generated/2026-10/index.js";
import * as v202701 from "../../src/generated/2027-01/index.js";
import * as root from "../../src/index.js";
import { fakeFetch, json } from "../runtime/helpers.js";

const input = { key: validatedLicenseKey.key, organization_id: ORGANIZATION_ID };
const member = { id: "5d2b8f1e-7a3c-4e9b-8d6a-2c4f1b7e9a50", email: "bob@example.com", external_id: "u-42" };
const heldBySeat = { ...validatedLicenseKey, member_id: member.id, member };
const order = {
  id: "3e7a1c5b-9d2f-4b8e-a6c1-7f3d5b9e1a20",
  created_at: "2026-09-01T00:00:00Z",
  status: "paid",
  paid: true,
};
const grantedByOrder = {
  ...heldBySeat,
  subscription_id: null,
  subscription: null,
  order_id: order.id,
  order,
};
const emptyPage = () => json(200, { items: [], pagination: { total_count: 0, max_page: 0 } });
const versionSent = (fetch: ReturnType<typeof fakeFetch>) =>
  fetch.calls.map((call) => call.headers.get("polar-version"));

describe("@commerce-api/client/2026-10", () => {
  it("creates a client that sends Polar-Version: 2026-10 on every call, the root's operations too", async () => {
    const fetch = fakeFetch(emptyPage(), emptyPage());
    const client = v202610.createClient({ fetch, baseUrl: "https://api.test" });
    await v202610.listProducts(client, {});
    await client.products.list({});
    expect(v202610.apiVersion).toBe("2026-10");
    expect(versionSent(fetch)).toEqual(["2026-10", "2026-10"]);
  });

  it("validateLicenseKey answers the seat member holding the key, typed and checked", async () => {
    const fetch = fakeFetch(json(200, heldBySeat), json(200, heldBySeat));
    const client = v202610.createClient({ fetch, baseUrl: "https://api.test" });
    const key = await v202610.validateLicenseKey(client, input);
    expect(key.member).toEqual(member);
    expectTypeOf(key.member).toEqualTypeOf<v202610.LicenseKeyMember | null>();
    expect((await client.licenseKeys.validate(input)).member_id).toBe(member.id);
  });

  it("refuses a malformed member as a ResponseValidationError naming its path", async () => {
    const fetch = fakeFetch(json(200, { ...heldBySeat, member: { ...member, email: 42 } }));
    const error = await v202610
      .validateLicenseKey(v202610.createClient({ fetch, baseUrl: "https://api.test" }), input)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(root.ResponseValidationError);
    expect(
      (error as InstanceType<typeof root.ResponseValidationError>).issues.map((i) => i.path.join(".")),
    ).toContain("member.email");
  });

  it("its operations send their date even through a root client, so the answer is the one they read", async () => {
    const fetch = fakeFetch(json(200, heldBySeat), emptyPage());
    const client = root.createClient({ fetch, baseUrl: "https://api.test" });
    await v202610.validateLicenseKey(client, input);
    await root.listProducts(client, {});
    expect(versionSent(fetch)).toEqual(["2026-10", "2026-04"]);
  });
});

describe("@commerce-api/client/2027-01", () => {
  it("validateLicenseKey answers the order that granted the key", async () => {
    const fetch = fakeFetch(json(200, grantedByOrder));
    const key = await v202701.validateLicenseKey(
      v202701.createClient({ fetch, baseUrl: "https://api.test" }),
      input,
    );
    expect(key.order).toEqual(order);
    expect(key.subscription).toBeNull();
    expect(versionSent(fetch)).toEqual(["2027-01"]);
  });
});

describe("the root and 2026-04", () => {
  it("speak 2026-04, with the same functions", async () => {
    const fetch = fakeFetch(emptyPage());
    await v202604.listProducts(v202604.createClient({ fetch, baseUrl: "https://api.test" }), {});
    expect(versionSent(fetch)).toEqual(["2026-04"]);
    expect(v202604.validateLicenseKey).toBe(root.validateLicenseKey);
    expect(v202610.listProducts).toBe(root.listProducts);
    expect(v202610.validateLicenseKey).not.toBe(root.validateLicenseKey);
  });

  it("have an entry in the package's exports for every version of the spec", () => {
    const spec = readFileSync(join(import.meta.dirname, "../../../../spec/commerce.yaml"), "utf8");
    const versions = JSON.parse(/^\s+versions: (\[.*\])$/m.exec(spec)![1]!) as string[];
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8"));
    expect(versions).toEqual(["2026-04", "2026-10", "2027-01"]);
    for (const version of versions) expect(Object.keys(manifest.exports)).toContain(`./${version}`);
  });
});
