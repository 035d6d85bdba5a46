// The core's dated entry points (`@commerce-api/query/<version>`): the factories of the
// operations a version changes call that version's client functions (each sends its date) and
// are typed by its answers; the others are the root's, with the same keys.
import { createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { QueryClient } from "@tanstack/query-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as v202604 from "../src/generated/2026-04/index.js";
import * as v202610 from "../src/generated/2026-10/index.js";
import * as root from "../src/index.js";

const sandbox = createSandbox();
const held = sandbox.fixtures.ids.license_keys.find((key) => key.member_id !== null)!;
const customerToken = sandbox.fixtures.tokens.find(
  (token) => token.kind === "customer_session" && token.customer_id === held.customer_id,
)!.token;
const versionsSent: (string | null)[] = [];
const customer = createClient({
  baseUrl: "http://sandbox.local",
  token: customerToken,
  fetch: (request: Request) => {
    versionsSent.push(request.headers.get("polar-version"));
    return sandbox.fetch(request);
  },
});

describe("@commerce-api/query/2026-10", () => {
  it("a changed operation's options read the seat member, sending 2026-10 even through a root client", async () => {
    const key = await new QueryClient().fetchQuery(
      v202610.getCustomerLicenseKeyQueryOptions(customer, { id: held.id }),
    );
    expect(key.member?.id).toBe(held.member_id);
    expectTypeOf(key.member).toEqualTypeOf<import("@commerce-api/client/2026-10").LicenseKeyMember | null>();
    expect(versionsSent.at(-1)).toBe("2026-10");
  });

  it("keeps the root's keys, so one invalidation reaches both versions' entries", () => {
    expect(v202610.getCustomerLicenseKeyQueryKey({ id: held.id }, customer)).toEqual(
      root.getCustomerLicenseKeyQueryKey({ id: held.id }, customer),
    );
    expect(v202610.listProductsQueryOptions).toBe(root.listProductsQueryOptions);
    expect(v202610.getCustomerLicenseKeyQueryOptions).not.toBe(root.getCustomerLicenseKeyQueryOptions);
  });

  it("the root (and 2026-04) read 2026-04: no member", async () => {
    const key = await new QueryClient().fetchQuery(
      root.getCustomerLicenseKeyQueryOptions(customer, { id: held.id }),
    );
    expect(key).not.toHaveProperty("member");
    expect(versionsSent.at(-1)).toBe("2026-04");
    expect(v202604.getCustomerLicenseKeyQueryOptions).toBe(root.getCustomerLicenseKeyQueryOptions);
  });
});
