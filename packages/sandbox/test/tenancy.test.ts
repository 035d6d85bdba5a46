import { describe, expect, it } from "vitest";
import { call, frozenSandbox, get, query, tokens } from "./helpers.js";

const { sandbox, fixtures } = frozenSandbox();
const t = tokens(fixtures);
const ids = fixtures.ids;
const globexRecord = <T extends { organization_id: string }>(list: T[]) => {
  const found = list.find((x) => x.organization_id === t.globex.id);
  if (!found) throw new Error("missing fixture");
  return found;
};

/** Every item of a list, walking pages of 100. */
async function everything(
  path: string,
  token: string,
): Promise<{ organization_id?: string; customer_id?: string; id: string }[]> {
  const items = [];
  for (let page = 1; ; page++) {
    const separator = path.includes("?") ? "&" : "?";
    const answer = await get(sandbox, `${path}${separator}limit=100&page=${page}`, token);
    expect(answer.status).toBe(200);
    items.push(...answer.json.items);
    if (page >= answer.json.pagination.max_page) return items;
  }
}

describe("an organization sees only its own records", () => {
  it.each([
    ["events", "/v1/events/"],
    ["products", "/v1/products/"],
    ["refunds", "/v1/refunds/"],
  ])("%s", async (_name, path) => {
    const mine = await everything(path, t.acmeAll);
    const theirs = await everything(path, t.globexAll);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.every((item) => item.organization_id === t.acme.id)).toBe(true);
    expect(theirs.every((item) => item.organization_id === t.globex.id)).toBe(true);
  });

  it("filtering by another organization's id gives an empty list, not an error", async () => {
    for (const path of ["/v1/events/", "/v1/products/", "/v1/refunds/"]) {
      const answer = await get(sandbox, `${path}${query({ organization_id: t.globex.id })}`, t.acmeAll);
      expect(answer.status).toBe(200);
      expect(answer.json.items).toEqual([]);
      expect(answer.json.pagination.total_count).toBe(0);
    }
  });

  it("another organization's customer, discount, checkout link, custom field and order are 404", async () => {
    const customer = globexRecord(ids.customers);
    expect((await get(sandbox, `/v1/customers/${customer.id}/payment-methods`, t.acmeAll)).status).toBe(404);
    for (const [path, list] of [
      ["/v1/discounts/", ids.discounts],
      ["/v1/checkout-links/", ids.checkout_links],
      ["/v1/custom-fields/", ids.custom_fields],
    ] as const) {
      const answer = await call(sandbox, "DELETE", `${path}${globexRecord([...list]).id}`, {
        token: t.acmeAll,
      });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    }
    const order = globexRecord(ids.orders);
    expect((await call(sandbox, "POST", `/v1/orders/${order.id}/invoice`, { token: t.acmeAll })).status).toBe(
      404,
    );
    // ...and they still exist for their owner.
    expect((await get(sandbox, `/v1/customers/${customer.id}/payment-methods`, t.globexAll)).status).toBe(
      200,
    );
  });

  it("validating another organization's key is 404, whichever organization id is sent", async () => {
    const key = globexRecord(ids.license_keys);
    for (const organization_id of [t.globex.id, t.acme.id]) {
      const answer = await call(sandbox, "POST", "/v1/license-keys/validate", {
        token: t.acmeAll,
        body: { key: key.key, organization_id },
      });
      expect(answer.status).toBe(404);
    }
  });
});

describe("a customer sees only their own records", () => {
  it("subscriptions and payment methods are the customer's", async () => {
    for (const session of [t.alice, t.bob, t.greta]) {
      const subs = await get(sandbox, "/v1/customer-portal/subscriptions/?limit=100", session.token);
      const methods = await get(
        sandbox,
        "/v1/customer-portal/customers/me/payment-methods?limit=100",
        session.token,
      );
      expect(subs.json.items.length).toBeGreaterThan(0);
      for (const item of [...subs.json.items, ...methods.json.items])
        expect(item.customer_id).toBe(session.customer_id);
    }
  });

  it("another customer's license key or order receipt is 404, even in the same organization", async () => {
    const bobsKey = ids.license_keys.find((k) => k.customer_id === t.bob.customer_id);
    const bobsOrder = ids.orders.find((o) => o.customer_id === t.bob.customer_id);
    expect(bobsKey && bobsOrder).toBeTruthy();
    const key = await get(sandbox, `/v1/customer-portal/license-keys/${bobsKey?.id}`, t.alice.token);
    const receipt = await get(sandbox, `/v1/customer-portal/orders/${bobsOrder?.id}/receipt`, t.alice.token);
    expect(key.status).toBe(404);
    expect(receipt.status).toBe(404);
    expect(key.json).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    // Bob sees them.
    expect((await get(sandbox, `/v1/customer-portal/license-keys/${bobsKey?.id}`, t.bob.token)).status).toBe(
      200,
    );
  });

  it("an id that exists nowhere gives the same 404 as someone else's", async () => {
    const answer = await get(
      sandbox,
      "/v1/customer-portal/license-keys/6f1b3c1e-8f0a-4c3e-9d2b-5a7e1f0c9b84",
      t.alice.token,
    );
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ error: "ResourceNotFound", detail: "Not found" });
  });

  it("a member session acts for its team customer", async () => {
    const customerSession = t.find("polar_cst_acme_dunder");
    expect(t.pam.customer_id).toBe(customerSession.customer_id);
    const asMember = await get(sandbox, "/v1/customer-portal/subscriptions/?limit=100", t.pam.token);
    const asCustomer = await get(
      sandbox,
      "/v1/customer-portal/subscriptions/?limit=100",
      customerSession.token,
    );
    expect(asMember.json).toEqual(asCustomer.json);
    const key = ids.license_keys.find((k) => k.customer_id === t.pam.customer_id);
    expect((await get(sandbox, `/v1/customer-portal/license-keys/${key?.id}`, t.pam.token)).status).toBe(200);
  });
});
