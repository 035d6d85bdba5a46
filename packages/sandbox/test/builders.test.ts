/**
 * Builders for every record kind: with defaults only, each makes records the
 * operations then answer with (every answer is checked against its response
 * schema on the way out), in process and over HTTP; bad input fails at the builder.
 */
import {
  createClient,
  deleteCheckoutLink,
  deleteCustomField,
  deleteDiscount,
  generateOrderInvoice,
  getCustomerLicenseKey,
  getOrderReceipt,
  listCustomerPaymentMethods,
  listCustomerSubscriptions,
  listEvents,
  listMyPaymentMethods,
  listProducts,
  listRefunds,
} from "@commerce-api/client";
import { SubscriptionStatusValues } from "@commerce-api/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILDER_KINDS, connectSandbox, createSandbox, type Sandbox } from "../src/index.js";
import { type RunningServer, startServer } from "../src/server.js";

const ORG_TOKEN = "polar_oat_acme_all";

function clients(sandbox: Sandbox, customerToken?: string) {
  const make = (token: string) =>
    createClient({ baseUrl: "http://sandbox.test", token, fetch: sandbox.fetch, retry: false });
  return { org: make(ORG_TOKEN), customer: customerToken ? make(customerToken) : undefined };
}

describe("every builder, with its defaults, makes records the operations answer with", () => {
  it("customer, customerSession and paymentMethod: the card is seen on both sides", async () => {
    const sandbox = createSandbox({ seed: false });
    const customer = sandbox.add.customer();
    const card = sandbox.add.paymentMethod({ customer });
    const { org, customer: portal } = clients(sandbox, sandbox.add.customerSession(customer));
    const orgSide = await listCustomerPaymentMethods(org, { id: customer.id });
    expect(orgSide.items.map((m) => [m.id, "is_default" in m && m.is_default])).toEqual([[card.id, true]]);
    const mine = await listMyPaymentMethods(portal as typeof org);
    expect(mine.items.map((m) => m.id)).toEqual([card.id]);
  });

  it("paymentMethod: a customer's cards are listed newest first", async () => {
    const sandbox = createSandbox({ seed: false });
    const customer = sandbox.add.customer();
    const older = sandbox.add.paymentMethod({ customer, last4: "1111" });
    sandbox.clock.advance({ minutes: 1 });
    const newer = sandbox.add.paymentMethod({ customer, last4: "2222" });
    const { org } = clients(sandbox, sandbox.add.customerSession(customer));
    const listed = await listCustomerPaymentMethods(org, { id: customer.id });
    expect(listed.items.map((m) => m.id)).toEqual([newer.id, older.id]);
  });

  it("product, customField, discount, checkoutLink: listed, and deleted by their operations", async () => {
    const sandbox = createSandbox({ seed: false });
    const field = sandbox.add.customField();
    const product = sandbox.add.product({ customFields: [field] });
    const discount = sandbox.add.discount();
    const link = sandbox.add.checkoutLink({ products: [product] });
    const { org } = clients(sandbox);
    const listed = await listProducts(org, {});
    expect(listed.items.map((p) => [p.id, p.attached_custom_fields.map((f) => f.custom_field_id)])).toEqual([
      [product.id, [field.id]],
    ]);
    await deleteCustomField(org, { id: field.id });
    await deleteDiscount(org, { id: discount.id });
    await deleteCheckoutLink(org, { id: link.id });
    expect(sandbox.state.customFields).toEqual([]);
    expect(sandbox.state.discounts).toEqual([]);
    expect(sandbox.state.checkoutLinks).toEqual([]);
  });

  it("meter and event: the meter's events are listed by meter_id", async () => {
    const sandbox = createSandbox({ seed: false });
    const meter = sandbox.add.meter({ eventName: "llm.completion" });
    const customer = sandbox.add.customer();
    const counted = sandbox.add.event({ meter, customer, metadata: { tokens: 120 } });
    sandbox.add.event({ customer, name: "page.view" });
    const { org } = clients(sandbox);
    const page = await listEvents(org, { meter_id: meter.id });
    expect(page.items.map((e) => [e.id, e.name])).toEqual([[counted.id, "llm.completion"]]);
  });

  it("subscription: every status the spec lists is listed with the fields that go with it", async () => {
    const sandbox = createSandbox({ seed: false });
    const customer = sandbox.add.customer();
    const made = SubscriptionStatusValues.map((status) => sandbox.add.subscription({ customer, status }));
    const { customer: portal } = clients(sandbox, sandbox.add.customerSession(customer));
    const listed = await listCustomerSubscriptions(portal as ReturnType<typeof createClient>, { limit: 100 });
    // Incomplete ones never started, so the portal does not list them (as the service).
    const started = made.filter((s) => s.started_at !== null);
    expect(listed.items.map((s) => s.id).sort()).toEqual(started.map((s) => s.id).sort());
    const byStatus = Object.fromEntries(made.map((s) => [s.status, s]));
    expect(byStatus.trialing?.trial_end).not.toBeNull();
    expect(byStatus.canceled?.ended_at).not.toBeNull();
    expect(byStatus.paused?.paused_at).not.toBeNull();
    expect(byStatus.past_due?.past_due_at).not.toBeNull();
    expect(byStatus.incomplete?.started_at).toBeNull();
    // Its first charge: an order of the subscription.
    expect(sandbox.state.orders.filter((o) => o.subscription_id === byStatus.active?.id)).toHaveLength(1);
  });

  it("order: its receipt (ready or pending) and its invoice", async () => {
    const sandbox = createSandbox({ seed: false });
    const order = sandbox.add.order({ receipt: "pending" });
    const { org, customer: portal } = clients(sandbox, sandbox.add.customerSession(order.customer_id));
    const first = await getOrderReceipt(portal as typeof org, { id: order.id });
    expect(first).toBeNull();
    await generateOrderInvoice(org, { id: order.id });
    expect(sandbox.state.orders[0]?.invoice_generated_at).not.toBeNull();
  });

  it("refund: listed, with its dispute; the order is marked refunded", async () => {
    const sandbox = createSandbox({ seed: false });
    const full = sandbox.add.refund({ dispute: "prevented" });
    const order = sandbox.add.order({ amount: 4000 });
    const partial = sandbox.add.refund({ order, amount: 1000, reason: "satisfaction_guarantee" });
    const { org } = clients(sandbox);
    const listed = await listRefunds(org, {});
    expect(listed.items.map((r) => [r.id, r.dispute?.status ?? null]).sort()).toEqual(
      [
        [full.id, "prevented"],
        [partial.id, null],
      ].sort(),
    );
    const statuses = Object.fromEntries(sandbox.state.orders.map((o) => [o.id, o.status]));
    expect([statuses[full.order_id], statuses[order.id]]).toEqual(["refunded", "partially_refunded"]);
  });

  it("licenseKey: with its activations, as the customer portal answers it", async () => {
    const sandbox = createSandbox({ seed: false });
    const key = sandbox.add.licenseKey({ activations: [{ label: "laptop" }, {}] });
    const { customer: portal } = clients(sandbox, sandbox.add.customerSession(key.customer_id));
    const got = await getCustomerLicenseKey(portal as ReturnType<typeof createClient>, { id: key.id });
    expect(got.activations.map((a) => a.label)).toEqual(["laptop", "Device 2"]);
  });
});

describe("builders' input is checked at the builder", () => {
  const sandbox = createSandbox({ seed: false });

  it("unknown fields, missing ones and wrong types name the field and what it takes", () => {
    expect(() => sandbox.add.customer({ nme: "Ada" } as never)).toThrow(
      /sandbox.add.customer: unknown field "nme" \(did you mean "name"\?\); fields: organization, name, email/,
    );
    expect(() => (sandbox.add.customerSession as (c?: string) => string)()).toThrow(
      /sandbox.add.customerSession: missing field "customer": the customer/,
    );
    expect(() => sandbox.add.order({ amount: "10" } as never)).toThrow(
      /sandbox.add.order: field "amount" must be a whole number, got "10"/,
    );
    expect(() => sandbox.add.refund({ status: "done" } as never)).toThrow(
      /field "status" must be one of pending, succeeded, failed, canceled/,
    );
    expect(() => sandbox.add.licenseKey({ customer: { name: "x" } } as never)).toThrow(
      /field "customer" must be a record \(what a builder returned\) or its id/,
    );
  });

  it("licenseKey: as many activations as limitActivations is fine; one more is refused", () => {
    const own = createSandbox({ seed: false });
    const key = own.add.licenseKey({ limitActivations: 2, activations: [{}, {}] });
    expect(key.activations).toHaveLength(2);
    expect(() => own.add.licenseKey({ limitActivations: 2, activations: [{}, {}, {}] })).toThrow(
      /sandbox.add.licenseKey: 3 activations given but limitActivations is 2/,
    );
  });

  it("subscription: started 45 days before the sandbox's now by default, not after it", () => {
    const own = createSandbox({ seed: false, now: () => new Date("2026-04-15T12:00:00.000Z") });
    const subscription = own.add.subscription();
    expect(subscription.started_at).toBe("2026-03-01T12:00:00.000Z");
  });

  it("a fraction where a whole number belongs, and null where the field takes none, are refused", () => {
    expect(() => sandbox.add.order({ amount: 10.5 })).toThrow(
      /sandbox.add.order: field "amount" must be a whole number, got 10.5/,
    );
    expect(() => sandbox.add.customer({ name: null } as never)).toThrow(
      /sandbox.add.customer: field "name" must be a string, got null/,
    );
  });

  it("a value the spec's schemas refuse fails at the builder, and nothing is written", () => {
    expect(() => sandbox.add.customer({ metadata: { nested: { a: 1 } } as never })).toThrow(
      /sandbox.add.customer: the customer it would make is not valid per the spec .*metadata\.nested/,
    );
    expect(sandbox.state.customers).toEqual([]);
  });
});

describe("over HTTP, every builder", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, seed: false });
  });
  afterAll(() => server.close());

  it("answers POST /__sandbox/add/<kind> with what the in-process builder returns", async () => {
    const remote = await connectSandbox(server.url).newSandbox();
    const local = createSandbox({ seed: false });
    for (const kind of BUILDER_KINDS) {
      if (kind === "customerSession") continue;
      const build = remote.add[kind] as (input?: unknown) => Promise<{ id: string }>;
      const made = await build();
      const same = (local.add[kind] as (input?: unknown) => { id: string })();
      // Same seed, same calls in the same order: the same records (timestamps aside).
      expect(made.id, kind).toBe(same.id);
    }
    const customer = (await remote.state("customers"))[0];
    expect(await remote.add.customerSession(customer?.id as string)).toMatch(/^polar_cst_acme_/);
    await expect(remote.add.customer({ nme: "x" } as never)).rejects.toThrow(/unknown field "nme"/);
    await remote.delete();
  });
});
