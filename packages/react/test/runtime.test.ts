import { createClient } from "@commerce-api/client/core";
import { clientScope } from "@commerce-api/query";
import { describe, expect, it } from "vitest";
import {
  clientCacheId,
  listProductsInfiniteQueryKey,
  listProductsQueryKey,
  nextPageParam,
  pendingPollIntervalMs,
  pollWhileNull,
  setClientCacheId,
  withItems,
} from "../src/index.js";

const newClient = () => createClient({ baseUrl: "https://api.example.com", token: "t" });

describe("client cache ids", () => {
  it("each client object gets its own id, stable for its lifetime", () => {
    const a = newClient();
    const b = newClient();
    expect(clientCacheId(a)).toBe(clientCacheId(a));
    expect(clientCacheId(a)).not.toBe(clientCacheId(b));
    expect(clientCacheId(a)).toMatch(/^https:\/\/api\.example\.com#\d+$/);
  });

  it("a name makes keys equal across client objects (server and browser)", () => {
    const server = newClient();
    const browser = newClient();
    setClientCacheId(server, "customer:42");
    setClientCacheId(browser, "customer:42");
    expect(clientScope(server)).toEqual(clientScope(browser));
    expect(clientScope(server, true)).toEqual({ client: "customer:42", infinite: true });
  });

  it("renaming a client whose queries are cached is refused, with the fix", () => {
    const client = newClient();
    clientCacheId(client);
    expect(() => setClientCacheId(client, "other")).toThrow(/name the client right after createClient/);
    const named = newClient();
    setClientCacheId(named, "same");
    expect(() => setClientCacheId(named, "same")).not.toThrow();
    expect(() => setClientCacheId(newClient(), "")).toThrow(/non-empty string/);
    // From plain JavaScript: a number (a customer id) is refused too, not stored as a key.
    expect(() => setClientCacheId(newClient(), 42 as unknown as string)).toThrow(
      'setClientCacheId: the id must be a non-empty string, e.g. "customer:42"',
    );
  });

  it("a list's query and its infinite query never share a cache entry (one holds a page, the other pages)", () => {
    const client = newClient();
    setClientCacheId(client, "org:acme");
    const one = listProductsQueryKey({ limit: 2 }, client);
    const pages = listProductsInfiniteQueryKey({ limit: 2 }, client);
    expect(one.at(-1)).toEqual({ client: "org:acme" });
    expect(pages.at(-1)).toEqual({ client: "org:acme", infinite: true });
    expect(one).not.toEqual(pages);
  });
});

describe("nextPageParam", () => {
  const items = [{ id: 1 }];
  it("offset form: the next page up to max_page", () => {
    expect(nextPageParam({ items, pagination: { total_count: 25, max_page: 3 } }, [], 1)).toBe(2);
    expect(nextPageParam({ items, pagination: { total_count: 25, max_page: 3 } }, [], 2)).toBe(3);
    expect(nextPageParam({ items, pagination: { total_count: 25, max_page: 3 } }, [], 3)).toBeUndefined();
  });

  it("cursor form: while has_next_page", () => {
    expect(nextPageParam({ items, pagination: { has_next_page: true } }, [], 4)).toBe(5);
    expect(nextPageParam({ items, pagination: { has_next_page: false } }, [], 4)).toBeUndefined();
  });

  it("an empty page or an unknown pagination form ends the list", () => {
    expect(nextPageParam({ items: [], pagination: { has_next_page: true } }, [], 1)).toBeUndefined();
    expect(nextPageParam({ items, pagination: { next: "x" } }, [], 1)).toBeUndefined();
    expect(nextPageParam({ items, pagination: null }, [], 1)).toBeUndefined();
  });
});

describe("withItems", () => {
  it("keeps the pages and adds their items, flat and in order", () => {
    const data = {
      pages: [
        { items: [1, 2], pagination: {} },
        { items: [3], pagination: {} },
      ],
      pageParams: [1, 2],
    };
    expect(withItems(data)).toEqual({ ...data, items: [1, 2, 3] });
  });
});

describe("pollWhileNull", () => {
  const poll = pollWhileNull();
  const query = (status: string, data: unknown) => ({ state: { status, data } });
  it("asks again while the answer is null, and only then", () => {
    expect(poll(query("success", null))).toBe(pendingPollIntervalMs);
    expect(poll(query("success", { url: "https://x" }))).toBe(false);
    expect(poll(query("pending", undefined))).toBe(false);
    expect(poll(query("error", null))).toBe(false);
  });
});
