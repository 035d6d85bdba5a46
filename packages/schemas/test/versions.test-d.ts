// Type-level tests of the dated entry points (checked by `pnpm typecheck`).
import { describe, expectTypeOf, it } from "vitest";
import type * as v202610 from "../src/generated/2026-10/index.js";
import type * as v202701 from "../src/generated/2027-01/index.js";
import type * as root from "../src/index.js";

describe("dated types", () => {
  it("a validated key has a member from 2026-10, typed, and none from the root", () => {
    expectTypeOf<
      v202610.ValidateLicenseKeyResponse["member"]
    >().toEqualTypeOf<v202610.LicenseKeyMember | null>();
    const rootKey = {} as root.ValidateLicenseKeyResponse;
    // @ts-expect-error the root speaks 2026-04: no member
    expectTypeOf(rootKey.member).toBeUnknown();
    const earlyKey = {} as v202610.ValidatedLicenseKey;
    // @ts-expect-error 2026-10 has no granting order
    expectTypeOf(earlyKey.order).toBeUnknown();
    expectTypeOf<v202701.ValidatedLicenseKey["order"]>().toEqualTypeOf<v202701.LicenseKeyOrder | null>();
    expectTypeOf<
      v202701.LicenseKeyWithActivations["member"]
    >().toEqualTypeOf<v202701.LicenseKeyMember | null>();
  });
});
