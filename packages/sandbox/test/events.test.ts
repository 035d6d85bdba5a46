import { describe, expect, it } from "vitest";
import { frozenSandbox, get, query, tokens } from "./helpers.js";

const { sandbox, fixtures } = frozenSandbox();
const t = tokens(fixtures);
// biome-ignore lint/suspicious/noExplicitAny: events are read field by field
type AnyEvent = any;

async function list(
  params: Record<string, string | number | boolean | (string | number)[]> = {},
  token = t.acmeAll,
) {
  const answer = await get(sandbox, `/v1/events/${query(params)}`, token);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as {
    items: AnyEvent[];
    pagination: { total_count?: number; max_page?: number; has_next_page?: boolean };
  };
}

/** All of Acme's events matching `params`, in pages of 100. */
async function all(
  params: Record<string, string | number | boolean | (string | number)[]> = {},
): Promise<AnyEvent[]> {
  const items: AnyEvent[] = [];
  for (let page = 1; ; page++) {
    const answer = await list({ ...params, limit: 100, page });
    items.push(...answer.items);
    if (page >= (answer.pagination.max_page ?? 0)) return items;
  }
}

const everything = await all();
const byId = new Map(everything.map((e) => [e.id, e]));
const levelOf = (e: AnyEvent): number => (e.parent_id ? 1 + levelOf(byId.get(e.parent_id)) : 0);

describe("the seeded events", () => {
  it("are a few hundred, of both sources, over several months", () => {
    expect(everything.length).toBeGreaterThan(200);
    expect(new Set(everything.map((e) => e.source))).toEqual(new Set(["system", "user"]));
    const times = everything.map((e) => Date.parse(e.timestamp));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(120 * 24 * 3600 * 1000);
  });

  it("form trees, with child_count equal to the number of direct children", () => {
    for (const event of everything) {
      const children = everything.filter((e) => e.parent_id === event.id);
      expect(event.child_count).toBe(children.length);
    }
    expect(Math.max(...everything.map(levelOf))).toBe(5);
    expect(everything.some((e) => e.source === "system" && e.parent_id !== null)).toBe(true);
    expect(everything.some((e) => e.source === "user" && e.parent_id !== null)).toBe(true);
  });

  it("embed their customer, or null for anonymous events", () => {
    const withCustomer = everything.find((e) => e.customer_id !== null);
    expect(withCustomer.customer.id).toBe(withCustomer.customer_id);
    const anonymous = everything.find((e) => e.customer_id === null && e.external_customer_id !== null);
    expect(anonymous.customer).toBeNull();
  });

  it("embed customers with an avatar URL whenever they have an e-mail, as the service builds one", () => {
    const customers = everything.flatMap((e) => (e.customer ? [e.customer] : []));
    expect(customers.length).toBeGreaterThan(0);
    for (const customer of customers) {
      expect(customer.email).toEqual(expect.any(String));
      expect(customer.avatar_url).toMatch(/^https:\/\//);
    }
  });
});

describe("sorting and paging", () => {
  it("sorts by -timestamp by default, and by timestamp when asked", async () => {
    const newest = await list({ limit: 50 });
    const oldest = await list({ limit: 50, sorting: "timestamp" });
    const isSorted = (items: AnyEvent[], direction: 1 | -1) =>
      items.every(
        (e, i) => i === 0 || direction * (Date.parse(e.timestamp) - Date.parse(items[i - 1].timestamp)) >= 0,
      );
    expect(isSorted(newest.items, -1)).toBe(true);
    expect(isSorted(oldest.items, 1)).toBe(true);
    expect(newest.items[0].id).not.toBe(oldest.items[0].id);
  });

  it("pages: total_count and max_page, no overlap, nothing missing", async () => {
    const first = await list({ limit: 7 });
    expect(first.pagination).toEqual({
      total_count: everything.length,
      max_page: Math.ceil(everything.length / 7),
    });
    const ids = new Set<string>();
    for (let page = 1; page <= (first.pagination.max_page ?? 0); page++) {
      for (const e of (await list({ limit: 7, page })).items) ids.add(e.id);
    }
    expect(ids.size).toBe(everything.length);
  });

  it("a page beyond the last is empty, with the same totals", async () => {
    const answer = await list({ limit: 50, page: 999 });
    expect(answer.items).toEqual([]);
    expect(answer.pagination.total_count).toBe(everything.length);
  });

  it("the cursor form says whether there is a next page", async () => {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await list({ cursor_pagination: true, limit: 40, page });
      expect(Object.keys(answer.pagination)).toEqual(["has_next_page"]);
      seen.push(...answer.items.map((e: AnyEvent) => e.id));
      if (!answer.pagination.has_next_page) break;
    }
    expect(seen).toEqual(everything.map((e) => e.id));
  });

  it("the cursor form: an exactly full last page says there is no next page", async () => {
    const counts = new Map<string, number>();
    for (const e of everything) counts.set(e.name, (counts.get(e.name) ?? 0) + 1);
    const [name, count] = [...counts].filter(([, n]) => n >= 2 && n <= 100).sort((a, b) => b[1] - a[1])[0]!;
    const exactlyFull = await list({ cursor_pagination: true, name, limit: count });
    expect(exactlyFull.items).toHaveLength(count);
    expect(exactlyFull.pagination).toEqual({ has_next_page: false });
    const oneShort = await list({ cursor_pagination: true, name, limit: count - 1 });
    expect(oneShort.pagination).toEqual({ has_next_page: true });
  });

  it("limit above 100 is clamped to 100", async () => {
    const answer = await list({ limit: 500 });
    expect(answer.items).toHaveLength(100);
    expect(answer.pagination.max_page).toBe(Math.ceil(everything.length / 100));
  });
});

describe("filters", () => {
  it("name and source, one or several", async () => {
    const paid = await all({ name: "order.paid" });
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((e) => e.name === "order.paid")).toBe(true);
    const two = await all({ name: ["order.paid", "order.refunded"] });
    expect(two.length).toBe(
      everything.filter((e) => ["order.paid", "order.refunded"].includes(e.name)).length,
    );
    const user = await all({ source: "user" });
    expect(user.length).toBe(everything.filter((e) => e.source === "user").length);
    expect((await all({ source: ["user", "system"] })).length).toBe(everything.length);
  });

  it("customer_id and external_customer_id", async () => {
    const mine = await all({ customer_id: t.alice.customer_id as string });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.customer_id === t.alice.customer_id)).toBe(true);
    const external = everything.find(
      (e) => e.customer === null && e.external_customer_id,
    )?.external_customer_id;
    const anonymous = await all({ external_customer_id: external });
    expect(anonymous.map((e) => e.external_customer_id)).toEqual([external]);
  });

  it("start_timestamp and end_timestamp are exclusive bounds", async () => {
    const middle = everything[Math.floor(everything.length / 2)];
    const after = await all({ start_timestamp: middle.timestamp });
    const before = await all({ end_timestamp: middle.timestamp });
    expect(after.every((e) => e.timestamp > middle.timestamp)).toBe(true);
    expect(before.every((e) => e.timestamp < middle.timestamp)).toBe(true);
    const same = everything.filter((e) => e.timestamp === middle.timestamp).length;
    expect(after.length + before.length + same).toBe(everything.length);
  });

  it("metadata[key]=value, with several values and several keys", async () => {
    const chat = await all({ "metadata[route]": "/v1/chat" });
    expect(chat.length).toBeGreaterThan(0);
    expect(chat.every((e) => e.metadata.route === "/v1/chat")).toBe(true);
    const either = await all({ "metadata[route]": ["/v1/chat", "/v1/search"] });
    expect(either.length).toBe(
      everything.filter((e) => ["/v1/chat", "/v1/search"].includes(e.metadata.route)).length,
    );
    const both = await all({ "metadata[route]": "/v1/chat", "metadata[status]": 200 });
    expect(both.every((e) => e.metadata.route === "/v1/chat" && e.metadata.status === 200)).toBe(true);
    expect(both.length).toBeLessThanOrEqual(chat.length);
  });

  it("filter: a meter filter clause as JSON", async () => {
    const filter = {
      conjunction: "or",
      clauses: [
        { property: "name", operator: "eq", value: "llm.completion" },
        { conjunction: "and", clauses: [{ property: "metadata.route", operator: "like", value: "chat" }] },
      ],
    };
    const found = await all({ filter: JSON.stringify(filter) });
    const expected = everything.filter(
      (e) => e.name === "llm.completion" || String(e.metadata.route ?? "").includes("chat"),
    );
    expect(found.map((e) => e.id).sort()).toEqual(expected.map((e) => e.id).sort());
  });

  it("meter_id: the events the meter counts", async () => {
    const meter = fixtures.ids.meters.find(
      (m) => m.organization_id === t.acme.id && m.name === "API requests",
    );
    const counted = await all({ meter_id: meter?.id as string });
    expect(counted.length).toBe(everything.filter((e) => e.name === "api.request").length);
  });

  it("query: name, customer or metadata text, with organization_id", async () => {
    const found = await all({ query: "alice", organization_id: t.acme.id });
    expect(found.length).toBeGreaterThan(0);
    expect(
      found.every(
        (e) => e.customer?.name?.toLowerCase().includes("alice") || e.customer?.email?.includes("alice"),
      ),
    ).toBe(true);
    // Three characters is the service's minimum: accepted (two are a 422, below).
    expect((await all({ query: "ali", organization_id: t.acme.id })).length).toBeGreaterThan(0);
    const byName = await all({ query: "REFUND", organization_id: t.acme.id });
    expect(byName.some((e) => e.name === "order.refunded")).toBe(true);
  });
});

describe("depth and parent_id", () => {
  const roots = everything.filter((e) => e.parent_id === null);

  it("depth=0 gives root events only; depth=N adds N levels", async () => {
    for (const depth of [0, 1, 2, 5]) {
      const found = await all({ depth });
      expect(found.length).toBe(everything.filter((e) => levelOf(e) <= depth).length);
      expect(found.every((e) => levelOf(e) <= depth)).toBe(true);
    }
    expect((await all({ depth: 0 })).length).toBe(roots.length);
  });

  it("with parent_id, the anchor's descendants down to depth, without the anchor", async () => {
    const deep = fixtures.ids.event_trees.find(
      (tree) => tree.organization_id === t.acme.id && tree.depth === 5,
    );
    expect(deep).toBeDefined();
    const anchor = deep?.id as string;
    expect(await all({ parent_id: anchor, depth: 0 })).toEqual([]);
    const children = await all({ parent_id: anchor, depth: 1 });
    expect(children.map((e) => e.id).sort()).toEqual(
      everything
        .filter((e) => e.parent_id === anchor)
        .map((e) => e.id)
        .sort(),
    );
    const allBelow = await all({ parent_id: anchor, depth: 5 });
    expect(allBelow.length).toBe(5);
    expect(allBelow.some((e) => e.id === anchor)).toBe(false);
  });

  it("parent_id without depth filters nothing (as the service does)", async () => {
    const anchor = fixtures.ids.event_trees[0]?.id as string;
    expect((await all({ parent_id: anchor })).length).toBe(everything.length);
  });

  it("filters apply to every level: depth=1 with source=user gives user roots and their user children", async () => {
    const found = await all({ depth: 1, source: "user" });
    expect(found.every((e) => e.source === "user" && levelOf(e) <= 1)).toBe(true);
    expect(found.length).toBe(everything.filter((e) => e.source === "user" && levelOf(e) <= 1).length);
  });
});

describe("validation errors", () => {
  const cases: [string, Record<string, string | number>, (string | number)[]][] = [
    ["page 0", { page: 0 }, ["query", "page"]],
    ["page not a number", { page: "two" }, ["query", "page"]],
    ["limit 0", { limit: 0 }, ["query", "limit"]],
    ["unknown sorting key", { sorting: "name" }, ["query", "sorting", 0]],
    ["depth above 5", { depth: 6 }, ["query", "depth"]],
    ["negative depth", { depth: -1 }, ["query", "depth"]],
    ["malformed customer_id", { customer_id: "nope" }, ["query", "customer_id"]],
    [
      "a UUID that is not version 4",
      { parent_id: "6f1b3c1e-8f0a-1c3e-9d2b-5a7e1f0c9b84" },
      ["query", "parent_id"],
    ],
    ["unknown source", { source: "robot" }, ["query", "source"]],
    ["bad start_timestamp", { start_timestamp: "yesterday" }, ["query", "start_timestamp"]],
    ["bad boolean", { cursor_pagination: "maybe" }, ["query", "cursor_pagination"]],
    ["filter not JSON", { filter: "{name" }, ["query", "filter"]],
    [
      "filter of the wrong shape",
      { filter: JSON.stringify({ conjunction: "xor", clauses: [] }) },
      ["query", "filter", "conjunction"],
    ],
    ["unknown meter", { meter_id: "6f1b3c1e-8f0a-4c3e-9d2b-5a7e1f0c9b84" }, ["query", "meter_id"]],
    [
      "query shorter than 3",
      { query: "ab", organization_id: "6f1b3c1e-8f0a-4c3e-9d2b-5a7e1f0c9b84" },
      ["query", "query"],
    ],
    ["query without organization_id", { query: "order" }, ["query", "organization_id"]],
  ];

  it.each(cases)("%s is a 422 at %j", async (_name, params, loc) => {
    const answer = await get(sandbox, `/v1/events/${query(params)}`, t.acmeAll);
    expect(answer.status).toBe(422);
    expect(answer.json.error).toBe("RequestValidationError");
    expect(answer.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
    for (const issue of answer.json.detail) {
      expect(typeof issue.msg).toBe("string");
      expect(typeof issue.type).toBe("string");
    }
  });

  it("reports every problem at once", async () => {
    const answer = await get(sandbox, `/v1/events/${query({ page: 0, limit: 0, sorting: "x" })}`, t.acmeAll);
    expect(answer.json.detail).toHaveLength(3);
  });
});
