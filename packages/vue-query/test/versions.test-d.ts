// The adapter takes a dated entry's factories as they are, typed by them (checked by `pnpm typecheck`).
import type { LicenseKeyMember } from "@commerce-api/client/2026-10";
import { getCustomerLicenseKeyQueryOptions } from "@commerce-api/query/2026-10";
import { describe, expectTypeOf, it } from "vitest";
import { useCommerceQuery } from "../src/index.js";

describe("dated factories", () => {
  it("useCommerceQuery(getCustomerLicenseKeyQueryOptions of 2026-10) answers the key with its seat member", () => {
    const query = () => useCommerceQuery(getCustomerLicenseKeyQueryOptions, { id: "key" });
    expectTypeOf<
      NonNullable<ReturnType<typeof query>["data"]["value"]>["member"]
    >().toEqualTypeOf<LicenseKeyMember | null>();
  });
});
