// The built entries as an app loads them (turbo runs these tests after the build): the root and
// a dated entry are each bundled whole, so each holds its own copy of the provider module; a
// CommerceProvider from one must still serve the hooks of the other.
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { heldKey, heldKeyToken, newQueryClient, sandboxClient } from "./support.js";

// Loaded by URL: the type check may run before this package's own build (turbo builds it before the tests).
const built = (file: string) => import(/* @vite-ignore */ new URL(`../dist/${file}`, import.meta.url).href);
const rootEntry = await built("index.js");
const dated = await built("2026-10.js");

const held = heldKey;
const token = heldKeyToken;

describe("the built root and dated entries", () => {
  it("a dated entry's hook finds the client of the root entry's provider", async () => {
    const client = sandboxClient(token);
    const wrapper = ({ children }: { children?: ReactNode }) => (
      <QueryClientProvider client={newQueryClient()}>
        <rootEntry.CommerceProvider client={client}>{children}</rootEntry.CommerceProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => dated.useGetCustomerLicenseKey({ id: held.id }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.member?.id).toBe(held.member_id);
    expect(dated.CommerceProvider).not.toBe(rootEntry.CommerceProvider);
  });
});
