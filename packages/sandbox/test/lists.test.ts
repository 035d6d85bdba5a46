import { describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { frozenSandbox, get, query, tokens } from "./helpers.js";

const { sandbox, fixtures } = frozenSandbox();
const t = tokens(fixtures);
// biome-ignore lint/suspicious/noExplicitAny: items are read field by field
type Item = any;
type Params = Record<string, string | number | boolean | (string | number)[]>;

async function all(path: string, params: Params = {}, token = t.acmeAll): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const answer = await get(sandbox, `${path}${query({ ...params, limit: 100, page })}`, token);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    items.push(...answer.json.items);
    if (page >= answer.json.pagination.max_page) return items;
  }
}

const ids = (items: Item[]) => items.map((i) => i.id);
const sortedIds = (items: Item[]) => ids(items).sort();

/**
 * `items` are in order by `read`: at least two distinct values (an order of fewer proves
 * nothing), nulls last ascending and first descending (as the service's PostgreSQL sorts them).
 */
function expectSorted(items: Item[], read: (item: Item) => unknown, descending = false) {
  const values = items.map(read);
  const present = values.filter((value) => value !== null && value !== undefined) as never[];
  expect(new Set(present).size, "distinct values to sort").toBeGreaterThanOrEqual(2);
  const nulls = values.length - present.length;
  const nullsAt = descending ? values.slice(0, nulls) : values.slice(values.length - nulls);
  expect(
    nullsAt.every((value) => value === null || value === undefined),
    "nulls at the end that sorts them",
  ).toBe(true);
  for (let i = 1; i < present.length; i++) {
    const [a, b] = [present[i - 1], present[i]] as [never, never];
    expect(descending ? a >= b : a <= b, `${String(a)} then ${String(b)}`).toBe(true);
  }
  return { nulls };
}

const products = await all("/v1/products/");
const refunds = await all("/v1/refunds/");
const subs = await all("/v1/customer-portal/subscriptions/", {}, t.alice.token);

describe("list products", () => {
  it("has both kinds, every visibility, an archived one, benefits, medias and custom fields", () => {
    expect(new Set(products.map((p) => p.is_recurring))).toEqual(new Set([true, false]));
    expect(new Set(products.map((p) => p.visibility))).toEqual(new Set(["draft", "private", "public"]));
    expect(products.some((p) => p.is_archived)).toBe(true);
    expect(products.some((p) => p.benefits.length > 1)).toBe(true);
    expect(products.some((p) => p.medias.length > 1)).toBe(true);
    expect(products.some((p) => p.attached_custom_fields.length > 1)).toBe(true);
    expect(new Set(products.map((p) => p.prices[0].amount_type))).toEqual(
      new Set(["fixed", "custom", "seat_based"]),
    );
  });

  it("filters by id, query, is_archived, is_recurring, benefit_id, visibility and metadata", async () => {
    const [a, b] = products;
    expect(sortedIds(await all("/v1/products/", { id: [a.id, b.id] }))).toEqual([a.id, b.id].sort());
    expect(ids(await all("/v1/products/", { query: "handbook" }))).toEqual(
      ids(products.filter((p) => /handbook/i.test(p.name))),
    );
    expect((await all("/v1/products/", { is_archived: true })).every((p) => p.is_archived)).toBe(true);
    expect((await all("/v1/products/", { is_archived: false })).length).toBe(
      products.filter((p) => !p.is_archived).length,
    );
    expect((await all("/v1/products/", { is_recurring: false })).every((p) => !p.is_recurring)).toBe(true);
    const benefit = fixtures.ids.benefits.find(
      (x) => x.organization_id === t.acme.id && x.type === "license_keys",
    );
    const granting = await all("/v1/products/", { benefit_id: benefit?.id as string });
    expect(granting.length).toBeGreaterThan(0);
    expect(granting.every((p) => p.benefits.some((x: Item) => x.id === benefit?.id))).toBe(true);
    // Several benefit_id values: the products granting any of them, as for every other list filter.
    const [first, second] = [
      ...new Set(products.filter((p) => p.benefits.length === 1).map((p) => p.benefits[0].id)),
    ];
    expect(second, "two benefits, each a product's only one").toBeDefined();
    const either = await all("/v1/products/", { benefit_id: [first, second] });
    expect(sortedIds(either)).toEqual(
      sortedIds(products.filter((p) => p.benefits.some((x: Item) => x.id === first || x.id === second))),
    );
    const visible = await all("/v1/products/", { visibility: ["private", "draft"] });
    expect(visible.length).toBe(products.filter((p) => p.visibility !== "public").length);
    const featured = await all("/v1/products/", {
      "metadata[featured]": "true",
      "metadata[tier]": ["pro", "team"],
    });
    expect(ids(featured).sort()).toEqual(
      sortedIds(
        products.filter((p) => p.metadata.featured === true && ["pro", "team"].includes(p.metadata.tier)),
      ),
    );
  });

  it.each([
    ["created_at", (p: Item) => p.created_at],
    ["name", (p: Item) => p.name],
    [
      "price_amount",
      (p: Item) =>
        p.prices[0].price_amount ??
        p.prices[0].minimum_amount ??
        p.prices[0].seat_tiers?.tiers[0].price_per_seat,
    ],
  ])("sorts by %s both ways", async (key, read) => {
    expectSorted(await all("/v1/products/", { sorting: key }), read);
    expectSorted(await all("/v1/products/", { sorting: `-${key}` }), read, true);
  });

  it("sorts by price_amount_type (custom, fixed, seat_based), then by the next criterion", async () => {
    const rank = (p: Item) => ["custom", "fixed", "seat_based"].indexOf(p.prices[0].amount_type);
    const sorted = await all("/v1/products/", { sorting: ["price_amount_type", "-name"] });
    expectSorted(sorted, rank);
    const fixed = sorted.filter((p) => p.prices[0].amount_type === "fixed");
    expectSorted(fixed, (p) => p.name, true);
  });

  it("defaults to -created_at", async () => {
    expectSorted(products, (p) => p.created_at, true);
  });
});

describe("list refunds", () => {
  it("has refunds with and without disputes, in several statuses", () => {
    expect(refunds.some((r) => r.dispute !== null)).toBe(true);
    expect(refunds.some((r) => r.dispute === null)).toBe(true);
    expect(new Set(refunds.map((r) => r.status)).size).toBeGreaterThan(2);
  });

  it("filters by id, order_id, subscription_id, customer_id, external_customer_id and succeeded", async () => {
    const withSubscription = refunds.find((r) => r.subscription_id !== null);
    expect(ids(await all("/v1/refunds/", { id: refunds[0].id }))).toEqual([refunds[0].id]);
    expect(
      (await all("/v1/refunds/", { order_id: refunds[0].order_id })).every(
        (r) => r.order_id === refunds[0].order_id,
      ),
    ).toBe(true);
    // Exactly that subscription's refunds: none of another one, none of an order without one.
    expect(
      sortedIds(await all("/v1/refunds/", { subscription_id: withSubscription.subscription_id })),
    ).toEqual(sortedIds(refunds.filter((r) => r.subscription_id === withSubscription.subscription_id)));
    const customerId = refunds[0].customer_id;
    expect(sortedIds(await all("/v1/refunds/", { customer_id: customerId }))).toEqual(
      sortedIds(refunds.filter((r) => r.customer_id === customerId)),
    );
    const customer = fixtures.ids.customers.find((c) => c.id === customerId && c.external_id);
    if (customer?.external_id) {
      const byExternal = await all("/v1/refunds/", { external_customer_id: customer.external_id });
      expect(sortedIds(byExternal)).toEqual(sortedIds(refunds.filter((r) => r.customer_id === customerId)));
    }
    const succeeded = await all("/v1/refunds/", { succeeded: true });
    const others = await all("/v1/refunds/", { succeeded: false });
    expect(succeeded.every((r) => r.status === "succeeded")).toBe(true);
    expect(others.every((r) => r.status !== "succeeded")).toBe(true);
    expect(succeeded.length + others.length).toBe(refunds.length);
  });

  it("sorts by amount, then created_at", async () => {
    const sorted = await all("/v1/refunds/", { sorting: ["-amount", "created_at"] });
    expectSorted(sorted, (r) => r.amount, true);
    expectSorted(await all("/v1/refunds/", { sorting: "created_at" }), (r) => r.created_at);
  });
});

describe("customer portal subscriptions", () => {
  const session = t.alice.token;

  it("lists the started subscriptions, with product, organization, prices and meters", async () => {
    const dunder = await all("/v1/customer-portal/subscriptions/", {}, t.find("polar_cst_acme_dunder").token);
    const statuses = new Set([...subs, ...dunder].map((s) => s.status));
    expect(statuses.size).toBeGreaterThan(1);
    const withMeters = [...subs, ...dunder].find((s) => s.meters.length > 0);
    expect(withMeters.meters[0].meter.name).toBeTruthy();
    expect(subs[0].product.organization.id).toBe(t.acme.id);
    expect(subs[0].product).not.toHaveProperty("metadata");
    expect(dunder.some((s) => s.pending_update !== null)).toBe(true);
    const frank = await all("/v1/customer-portal/subscriptions/", {}, t.find("polar_cst_acme_frank").token);
    const seeded = fixtures.ids.subscriptions.filter(
      (s) => s.customer_id === t.find("polar_cst_acme_frank").customer_id,
    );
    expect(frank.length).toBe(seeded.filter((s) => s.listed).length);
    expect(seeded.some((s) => !s.listed)).toBe(true);
  });

  it("filters by active, product_id and query", async () => {
    const bob = t.bob.token;
    const active = await all("/v1/customer-portal/subscriptions/", { active: true }, bob);
    const inactive = await all("/v1/customer-portal/subscriptions/", { active: false }, bob);
    expect(active.every((s) => ["active", "trialing"].includes(s.status))).toBe(true);
    expect(inactive.every((s) => ["past_due", "canceled", "unpaid"].includes(s.status))).toBe(true);
    expect(active.length).toBeGreaterThan(0);
    expect(inactive.length).toBeGreaterThan(0);
    const productId = subs[0].product_id;
    expect(
      (await all("/v1/customer-portal/subscriptions/", { product_id: productId }, session)).every(
        (s) => s.product_id === productId,
      ),
    ).toBe(true);
    const byName = await all("/v1/customer-portal/subscriptions/", { query: "pro" }, session);
    expect(byName.length).toBe(subs.filter((s) => /pro/i.test(s.product.name)).length);
    // The organization's name is searched too ("Acme Software": neither its slug nor a product).
    const byOrganization = await all("/v1/customer-portal/subscriptions/", { query: "software" }, session);
    expect(byOrganization.length).toBeGreaterThan(0);
    expect(sortedIds(byOrganization)).toEqual(
      sortedIds(subs.filter((s) => /software/i.test(`${s.product.name} ${s.product.organization.name}`))),
    );
  });

  it.each([
    ["started_at", (s: Item) => s.started_at],
    ["amount", (s: Item) => s.amount],
    ["status", (s: Item) => s.status],
    ["product", (s: Item) => s.product.name],
  ])("sorts by %s both ways", async (key, read) => {
    const token = t.find("polar_cst_acme_dunder").token;
    expectSorted(await all("/v1/customer-portal/subscriptions/", { sorting: key }, token), read);
    expectSorted(await all("/v1/customer-portal/subscriptions/", { sorting: `-${key}` }, token), read, true);
  });

  it("sorts by organization, then by the next criterion (a session sees one organization, so the next one decides)", async () => {
    const token = t.find("polar_cst_acme_dunder").token;
    const sorted = await all(
      "/v1/customer-portal/subscriptions/",
      { sorting: ["organization", "-started_at"] },
      token,
    );
    expect(new Set(sorted.map((s) => s.product.organization.slug)).size).toBe(1);
    expectSorted(sorted, (s) => s.started_at, true);
  });
});

describe("payment methods", () => {
  it("organization side: the customer's cards, with is_default on exactly the default one", async () => {
    const dunder = fixtures.ids.customers.find((c) => c.id === t.find("polar_cst_acme_dunder").customer_id);
    const methods = await all(`/v1/customers/${dunder?.id}/payment-methods`);
    expect(sortedIds(methods)).toEqual([...(dunder?.payment_method_ids ?? [])].sort());
    expect(methods.filter((m) => m.is_default)).toHaveLength(1);
  });

  it("customer side: the same cards, without is_default", async () => {
    const token = t.find("polar_cst_acme_dunder");
    const mine = await all("/v1/customer-portal/customers/me/payment-methods", {}, token.token);
    const theirs = await all(`/v1/customers/${token.customer_id}/payment-methods`);
    expect(sortedIds(mine)).toEqual(sortedIds(theirs));
    for (const m of mine) expect(m).not.toHaveProperty("is_default");
  });

  it("customer side: newest first, as the service lists them", async () => {
    let now = new Date("2026-04-01T00:00:00Z");
    const own = createSandbox({ seed: false, now: () => now });
    const customer = own.add.customer();
    for (const [day, last4] of [
      ["2026-04-03", "3333"],
      ["2026-04-01", "1111"],
      ["2026-04-02", "2222"],
    ]) {
      now = new Date(`${day}T00:00:00Z`);
      own.add.paymentMethod({ customer, last4 });
    }
    const answer = await get(
      own,
      "/v1/customer-portal/customers/me/payment-methods",
      own.add.customerSession(customer),
    );
    expect(answer.json.items.map((m: Item) => m.method_metadata.last4)).toEqual(["3333", "2222", "1111"]);
  });

  it("a customer without cards has an empty list", async () => {
    const frank = t.find("polar_cst_acme_frank");
    const answer = await get(sandbox, "/v1/customer-portal/customers/me/payment-methods", frank.token);
    expect(answer.json).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
  });

  it("pages with limit", async () => {
    const customer = t.find("polar_cst_acme_dunder").customer_id;
    const first = await get(sandbox, `/v1/customers/${customer}/payment-methods?limit=2`, t.acmeAll);
    expect(first.json.items).toHaveLength(2);
    expect(first.json.pagination).toEqual({ total_count: 3, max_page: 2 });
    const second = await get(sandbox, `/v1/customers/${customer}/payment-methods?limit=2&page=2`, t.acmeAll);
    expect(second.json.items).toHaveLength(1);
  });
});

describe("paging bounds and malformed filters, on every list", () => {
  const lists: [string, string][] = [
    ["/v1/products/", t.acmeAll],
    ["/v1/refunds/", t.acmeAll],
    ["/v1/events/", t.acmeAll],
    ["/v1/customer-portal/subscriptions/", t.alice.token],
    ["/v1/customer-portal/customers/me/payment-methods", t.alice.token],
    [`/v1/customers/${t.alice.customer_id}/payment-methods`, t.acmeAll],
  ];

  it.each(lists)(
    "%s: defaults to page 1 of 10; limit 101 is clamped; page 0 and limit 0 are 422",
    async (path, token) => {
      const first = await get(sandbox, path, token);
      expect(first.status).toBe(200);
      expect(first.json.items.length).toBeLessThanOrEqual(10);
      const clamped = await get(sandbox, `${path}?limit=101`, token);
      expect(clamped.status).toBe(200);
      expect(clamped.json.pagination.max_page).toBe(Math.ceil(clamped.json.pagination.total_count / 100));
      for (const bad of ["page=0", "limit=0", "page=-1", "limit=ten"]) {
        const answer = await get(sandbox, `${path}?${bad}`, token);
        expect(answer.status, bad).toBe(422);
        expect(answer.json.detail[0].loc).toEqual(["query", bad.split("=")[0]]);
      }
    },
  );

  it.each([
    ["/v1/products/?id=1234", ["query", "id"]],
    ["/v1/products/?benefit_id=x&benefit_id=y", ["query", "benefit_id", 0]],
    ["/v1/products/?visibility=hidden", ["query", "visibility"]],
    ["/v1/products/?is_archived=perhaps", ["query", "is_archived"]],
    ["/v1/products/?sorting=price", ["query", "sorting", 0]],
    ["/v1/refunds/?order_id=abc", ["query", "order_id"]],
    ["/v1/refunds/?succeeded=yes-ish", ["query", "succeeded"]],
    ["/v1/refunds/?sorting=amount&sorting=-status", ["query", "sorting", 1]],
  ])("%s is a 422 at %j", async (path, loc) => {
    const answer = await get(sandbox, path, t.acmeAll);
    expect(answer.status).toBe(422);
    expect(answer.json.detail.map((d: Item) => d.loc)).toContainEqual(loc);
  });

  it("a boolean filter reads the words pydantic reads: true, 1, yes, on, t, y and their opposites, any case", async () => {
    const archived = (word: string) =>
      get(sandbox, `/v1/products/?is_archived=${word}&limit=100`, t.acmeAll).then((answer) => {
        expect(answer.status, word).toBe(200);
        return (answer.json.items as Item[]).every((p) => p.is_archived);
      });
    for (const word of ["true", "1", "yes", "on", "t", "y", "ON", "True"])
      expect(await archived(word), word).toBe(true);
    for (const word of ["false", "0", "no", "off", "f", "n", "OFF"])
      expect(await archived(word), word).toBe(false);
  });

  it("customer portal filters are checked too", async () => {
    const answer = await get(
      sandbox,
      "/v1/customer-portal/subscriptions/?product_id=nope&sorting=price&active=sometimes",
      t.alice.token,
    );
    expect(answer.status).toBe(422);
    expect(answer.json.detail.map((d: Item) => d.loc)).toEqual([
      ["query", "product_id"],
      ["query", "active"],
      ["query", "sorting", 0],
    ]);
  });
});
