// The dated entry points (`@commerce-api/react/<version>`): their hooks read their version's
// answers, typed by it, under the one CommerceProvider the root exports (each entry is built
// whole, with its own copy of the provider module; the context is shared).
import type { LicenseKeyMember } from "@commerce-api/client/2026-10";
import { renderHook, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import * as v202610 from "../src/generated/2026-10/index.js";
import { useGetCustomerLicenseKey } from "../src/index.js";
import { heldKey, heldKeyToken, newQueryClient, providers, resetSandbox, sandboxClient } from "./support.js";

beforeEach(resetSandbox);

const held = heldKey;
const token = heldKeyToken;

describe("@commerce-api/react/2026-10", () => {
  it("its hook shows the seat member holding a key, under the root's provider", async () => {
    const { result } = renderHook(() => v202610.useGetCustomerLicenseKey({ id: held.id }), {
      wrapper: providers(newQueryClient(), sandboxClient(token)),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.member?.id).toBe(held.member_id);
    expectTypeOf(result.current.data?.member).toEqualTypeOf<LicenseKeyMember | null | undefined>();
  });

  it("the root's hook reads 2026-04: no member", async () => {
    const { result } = renderHook(() => useGetCustomerLicenseKey({ id: held.id }), {
      wrapper: providers(newQueryClient(), sandboxClient(token)),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).not.toHaveProperty("member");
  });

  it("exports the root's names, with the version's own factories in place of the root's", () => {
    expect(v202610.CommerceProvider).toBeTypeOf("function");
    expect(v202610.listProductsQueryOptions).toBeTypeOf("function");
    expect(v202610.getCustomerLicenseKeyQueryOptions).not.toBe(v202610.listProductsQueryOptions);
  });
});
