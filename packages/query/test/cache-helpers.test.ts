// The cache helpers' promises about failures: prefetch keeps an error in the cache (a page's
// loader must not throw for a screen that shows the error), ensure rejects with it.
import { ApiError, createClient } from "@commerce-api/client/core";
import { createSandbox } from "@commerce-api/sandbox";
import { QueryClient } from "@tanstack/query-core";
import { describe, expect, it } from "vitest";
import {
  commerceCache,
  getCustomerLicenseKeyQueryKey,
  getCustomerLicenseKeyQueryOptions,
} from "../src/index.js";

const sandbox = createSandbox({ now: () => new Date("2026-04-15T12:00:00Z") });
const alice = createClient({
  baseUrl: "http://sandbox.local",
  token: "polar_cst_acme_alice",
  fetch: (request: Request) => sandbox.fetch(request),
});
const missing = { id: "00000000-0000-0000-0000-000000000000" };

describe("commerceCache's failures", () => {
  it("prefetch resolves on a failed request and keeps the typed error in the cache; ensure rejects with it", async () => {
    const queryClient = new QueryClient();
    const cache = commerceCache(queryClient, alice);
    await expect(cache.prefetch(getCustomerLicenseKeyQueryOptions, missing)).resolves.toBeUndefined();
    const state = queryClient.getQueryState(getCustomerLicenseKeyQueryKey(missing, alice));
    expect(state?.status).toBe("error");
    expect(state?.error).toBeInstanceOf(ApiError);
    await expect(cache.ensure(getCustomerLicenseKeyQueryOptions, missing)).rejects.toBeInstanceOf(ApiError);
  });
});
