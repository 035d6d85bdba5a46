// Each client's cache entries are its own (an organization token and a customer session never
// share one), and a client named with setClientCacheId keeps that name in every key.
import { type CoreClient, createClient } from "@commerce-api/client/core";
import { describe, expect, it } from "vitest";
import { clientCacheId, listProductsQueryKey, setClientCacheId } from "../src/index.js";

const newClient = (): CoreClient =>
  createClient({ baseUrl: "http://sandbox.local", token: "polar_oat_acme_all" });

describe("the client's cache id", () => {
  it("differs between two client objects, even with the same base URL and token", () => {
    const first = newClient();
    const second = newClient();
    expect(clientCacheId(first)).not.toBe(clientCacheId(second));
    expect(clientCacheId(first)).toBe(clientCacheId(first));
    expect(listProductsQueryKey({}, first)).not.toEqual(listProductsQueryKey({}, second));
  });

  it("is the name given by setClientCacheId, which may be given again but not changed once used", () => {
    const customer = newClient();
    setClientCacheId(customer, "customer:42");
    setClientCacheId(customer, "customer:42");
    expect(listProductsQueryKey({}, customer).at(-1)).toEqual({ client: "customer:42" });
    expect(() => setClientCacheId(customer, "customer:43")).toThrow(/already cached as "customer:42"/);
    expect(() => setClientCacheId(newClient(), "")).toThrow(TypeError);
  });
});
