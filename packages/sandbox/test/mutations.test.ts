import { beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../src/index.js";
import { call, frozenSandbox, get, tokens } from "./helpers.js";

let sandbox: Sandbox;
const { fixtures } = frozenSandbox();
const t = tokens(fixtures);
const ofAcme = <T extends { organization_id: string }>(list: T[]) =>
  list.filter((x) => x.organization_id === t.acme.id);

beforeEach(() => {
  sandbox = frozenSandbox().sandbox;
});

describe("deletes", () => {
  it.each([
    ["checkout link", "/v1/checkout-links/", fixtures.ids.checkout_links],
    ["custom field", "/v1/custom-fields/", fixtures.ids.custom_fields],
    ["discount", "/v1/discounts/", fixtures.ids.discounts],
  ])("a %s: 204 without a body, then 404", async (_name, path, list) => {
    const id = ofAcme(list)[0]?.id as string;
    const first = await call(sandbox, "DELETE", `${path}${id}`, { token: t.acmeAll });
    expect(first.status).toBe(204);
    expect(first.body).toBe("");
    const second = await call(sandbox, "DELETE", `${path}${id}`, { token: t.acmeAll });
    expect(second.status).toBe(404);
    expect(second.json).toEqual({ error: "ResourceNotFound", detail: "Not found" });
  });

  it.each(["/v1/checkout-links/", "/v1/custom-fields/", "/v1/discounts/"])(
    "%s with a malformed id is a 422",
    async (path) => {
      const answer = await call(sandbox, "DELETE", `${path}12345`, { token: t.acmeAll });
      expect(answer.status).toBe(422);
      expect(answer.json.detail[0]).toMatchObject({
        loc: ["path", "id"],
        type: "uuid_parsing",
        input: "12345",
      });
    },
  );

  it("a deleted custom field disappears from the products it was attached to", async () => {
    const products = async () => (await get(sandbox, "/v1/products/?limit=100", t.acmeAll)).json.items;
    const attached = (await products()).flatMap(
      (p: { attached_custom_fields: { custom_field_id: string }[] }) =>
        p.attached_custom_fields.map((f) => f.custom_field_id),
    );
    const fieldId = attached[0] as string;
    await call(sandbox, "DELETE", `/v1/custom-fields/${fieldId}`, { token: t.acmeAll });
    const after = (await products()).flatMap((p: { attached_custom_fields: { custom_field_id: string }[] }) =>
      p.attached_custom_fields.map((f) => f.custom_field_id),
    );
    expect(after).not.toContain(fieldId);
  });
});

describe("generate order invoice", () => {
  const orders = ofAcme(fixtures.ids.orders);
  const pick = (situation: string) => orders.find((o) => o.invoice === situation)?.id as string;
  const generate = (id: string) => call(sandbox, "POST", `/v1/orders/${id}/invoice`, { token: t.acmeAll });

  it("the seed has orders in every invoice situation", () => {
    expect(new Set(orders.map((o) => o.invoice))).toEqual(
      new Set(["eligible", "not_eligible", "missing_billing_details"]),
    );
    expect(new Set(orders.filter((o) => o.invoice === "not_eligible").map((o) => o.status))).toEqual(
      new Set(["draft", "void"]),
    );
  });

  it("an eligible order: 202 with a null body, again and again", async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await generate(pick("eligible"));
      expect(answer.status).toBe(202);
      expect(answer.json).toBeNull();
    }
  });

  it("a draft or void order: 409 OrderNotEligibleForInvoice", async () => {
    for (const order of orders.filter((o) => o.invoice === "not_eligible")) {
      const answer = await generate(order.id);
      expect(answer.status).toBe(409);
      expect(answer.json.error).toBe("OrderNotEligibleForInvoice");
      expect(typeof answer.json.detail).toBe("string");
    }
  });

  it("no billing details: 422 MissingInvoiceBillingDetails, error-shaped", async () => {
    const answer = await generate(pick("missing_billing_details"));
    expect(answer.status).toBe(422);
    expect(answer.json.error).toBe("MissingInvoiceBillingDetails");
    expect(typeof answer.json.detail).toBe("string");
  });

  it("unknown order: 404; malformed id: 422", async () => {
    expect((await generate("6f1b3c1e-8f0a-4c3e-9d2b-5a7e1f0c9b84")).status).toBe(404);
    expect((await generate("order-1")).status).toBe(422);
  });
});

describe("order receipt", () => {
  const sessionOf = (customerId: string) =>
    fixtures.tokens.find((tok) => tok.kind === "customer_session" && tok.customer_id === customerId)
      ?.token as string;
  const ready = fixtures.ids.orders.find((o) => o.receipt === "ready" && o.organization_id === t.acme.id);
  const pending = fixtures.ids.orders.find((o) => o.receipt === "pending" && o.organization_id === t.acme.id);

  it("a ready receipt: 200 with a URL that serves a PDF", async () => {
    const answer = await get(
      sandbox,
      `/v1/customer-portal/orders/${ready?.id}/receipt`,
      sessionOf(ready?.customer_id as string),
    );
    expect(answer.status).toBe(200);
    const url = new URL(answer.json.url);
    expect(url.pathname).toBe(`/__sandbox/receipts/${ready?.id}.pdf`);
    const pdf = await sandbox.fetch(new Request(answer.json.url));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await pdf.text()).startsWith("%PDF-1.4")).toBe(true);
  });

  it("a tampered receipt URL is refused", async () => {
    const answer = await get(
      sandbox,
      `/v1/customer-portal/orders/${ready?.id}/receipt`,
      sessionOf(ready?.customer_id as string),
    );
    const tampered = answer.json.url.replace(/signature=\w+/, "signature=0000000000000000");
    expect((await sandbox.fetch(new Request(tampered))).status).toBe(403);
  });

  it("a receipt being generated: 202 without a body or content type, then 200", async () => {
    const path = `/v1/customer-portal/orders/${pending?.id}/receipt`;
    const token = sessionOf(pending?.customer_id as string);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await get(sandbox, path, token);
      statuses.push(answer.status);
      if (answer.status === 202) {
        expect(answer.body).toBe("");
        expect(answer.headers.get("content-type")).toBeNull();
      }
    }
    expect(statuses[0]).toBe(202);
    expect(statuses.at(-1)).toBe(200);
  });
});
