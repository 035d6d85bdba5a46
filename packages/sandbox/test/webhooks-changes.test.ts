/**
 * Which webhooks a change of the store sends (webhooks/changes.ts), fed the store's changes
 * directly: most of these changes no route or builder makes today, but a rule (or a user's
 * `sandbox.store` work) may, and each must send what the service sends for it.
 */
// @ts-nocheck

import { describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import type { StoreChange, TableName } from "../src/state/store.js";
import { eventsOf } from "../src/webhooks/changes.js";

const { state } = createSandbox();
const types = (change: StoreChange) => eventsOf(change).map((e) => e.type);

/** A change of `table`'s record: inserted, removed, or updated from `before` to `after` (patches of it). */
function changeOf<T extends object>(table: TableName, record: T) {
  return {
    insert: (patch: Partial<T> = {}) =>
      ({ table, action: "insert", record: { ...record, ...patch } }) as unknown as StoreChange,
    remove: () => ({ table, action: "remove", record }) as unknown as StoreChange,
    update: (before: Partial<T>, after: Partial<T>) =>
      ({
        table,
        action: "update",
        previous: { ...record, ...before },
        record: { ...record, ...after },
      }) as unknown as StoreChange,
  };
}

describe("every event carries the changed record, as the change left it", () => {
  it("the record is the new version, with the kind of payload it is built as", () => {
    const customer = state.customers[0]!;
    const change = changeOf("customers", customer).update({ name: "Before" }, { name: "After" });
    expect(eventsOf(change)).toEqual([
      { type: "customer.updated", kind: "customer", record: { ...customer, name: "After" } },
    ]);
  });
});

describe("a customer's change", () => {
  const customer = { ...state.customers.find((c) => c.deleted_at === null)!, deleted_at: null };
  const change = changeOf("customers", customer);

  it("created, deleted, and deleted when marked deleted (a soft delete)", () => {
    expect(types(change.insert())).toEqual(["customer.created"]);
    expect(types(change.remove())).toEqual(["customer.deleted"]);
    expect(eventsOf(change.remove())[0]?.kind).toBe("customer");
    const deletedAt = "2026-04-02T00:00:00Z";
    expect(types(change.update({ deleted_at: null }, { deleted_at: deletedAt }))).toEqual([
      "customer.deleted",
    ]);
  });

  it("updated when a detail changes, also one that stays deleted; not for a first usage event or nothing", () => {
    expect(types(change.update({ name: "Old" }, { name: "New" }))).toEqual(["customer.updated"]);
    const deletedAt = "2026-04-02T00:00:00Z";
    expect(
      types(change.update({ deleted_at: deletedAt, name: "Old" }, { deleted_at: deletedAt, name: "New" })),
    ).toEqual(["customer.updated"]);
    expect(types(change.update({ first_user_event_at: null }, { first_user_event_at: deletedAt }))).toEqual(
      [],
    );
    expect(types(change.update({}, {}))).toEqual([]);
  });

  it("a detail replaced by an equal copy (metadata, address) is no change", () => {
    expect(types(change.update({ metadata: { tier: "gold" } }, { metadata: { tier: "gold" } }))).toEqual([]);
    expect(types(change.update({ metadata: { tier: "gold" } }, { metadata: { tier: "silver" } }))).toEqual([
      "customer.updated",
    ]);
  });
});

describe("catalog records: products, benefits, discounts, refunds", () => {
  it("a product: created, then updated", () => {
    const change = changeOf("products", state.products[0]!);
    expect(eventsOf(change.insert())).toEqual([
      expect.objectContaining({ type: "product.created", kind: "product" }),
    ]);
    expect(types(change.update({ name: "A" }, { name: "B" }))).toEqual(["product.updated"]);
  });

  it("a benefit: created, updated; its removal sends nothing", () => {
    const change = changeOf("benefits", state.benefits[0]!);
    expect(eventsOf(change.insert())).toEqual([
      expect.objectContaining({ type: "benefit.created", kind: "benefit" }),
    ]);
    expect(types(change.update({ description: "A" }, { description: "B" }))).toEqual(["benefit.updated"]);
    expect(types(change.remove())).toEqual([]);
  });

  it("a discount: created, updated, deleted", () => {
    const change = changeOf("discounts", state.discounts[0]!);
    expect(eventsOf(change.insert())).toEqual([
      expect.objectContaining({ type: "discount.created", kind: "discount" }),
    ]);
    expect(types(change.update({ name: "A" }, { name: "B" }))).toEqual(["discount.updated"]);
    expect(types(change.remove())).toEqual(["discount.deleted"]);
  });

  it("a refund: created, updated; its removal sends nothing", () => {
    const change = changeOf("refunds", state.refunds[0]!);
    expect(eventsOf(change.insert())).toEqual([
      expect.objectContaining({ type: "refund.created", kind: "refund" }),
    ]);
    expect(types(change.update({ status: "pending" }, { status: "succeeded" }))).toEqual(["refund.updated"]);
    expect(types(change.remove())).toEqual([]);
  });

  it("tables no webhook is about send nothing", () => {
    expect(types(changeOf("meters", state.meters[0]!).insert())).toEqual([]);
    expect(types(changeOf("activations", { id: "a" }).insert())).toEqual([]);
  });
});

describe("an order's change", () => {
  const order = state.orders[0]!;
  const change = changeOf("orders", order);

  it("added paid: created then paid; added pending: created; removed: nothing", () => {
    expect(eventsOf(change.insert({ status: "paid" }))).toEqual([
      expect.objectContaining({ type: "order.created", kind: "order" }),
      expect.objectContaining({ type: "order.paid", kind: "order" }),
    ]);
    expect(types(change.insert({ status: "pending" }))).toEqual(["order.created"]);
    expect(types(change.insert({ status: "refunded" }))).toEqual(["order.created"]);
    expect(types(change.remove())).toEqual([]);
  });

  it("becoming paid sends order.paid beside order.updated, once", () => {
    expect(types(change.update({ status: "pending" }, { status: "paid" }))).toEqual([
      "order.updated",
      "order.paid",
    ]);
    // Paid already (or refunded since): another change is no new payment.
    expect(
      types(change.update({ status: "paid", billing_name: "A" }, { status: "paid", billing_name: "B" })),
    ).toEqual(["order.updated"]);
    expect(types(change.update({ status: "partially_refunded" }, { status: "paid" }))).toEqual([
      "order.updated",
    ]);
    expect(types(change.update({ status: "refunded" }, { status: "paid" }))).toEqual(["order.updated"]);
  });

  it("becoming refunded or partially refunded sends order.refunded, each time the status moves", () => {
    expect(types(change.update({ status: "paid" }, { status: "refunded" }))).toEqual([
      "order.updated",
      "order.refunded",
    ]);
    expect(types(change.update({ status: "paid" }, { status: "partially_refunded" }))).toEqual([
      "order.updated",
      "order.refunded",
    ]);
    expect(types(change.update({ status: "partially_refunded" }, { status: "refunded" }))).toEqual([
      "order.updated",
      "order.refunded",
    ]);
    expect(
      types(
        change.update({ status: "refunded", billing_name: "A" }, { status: "refunded", billing_name: "B" }),
      ),
    ).toEqual(["order.updated"]);
  });

  it("a receipt being polled is no change of the order", () => {
    expect(types(change.update({ receipt_pending_polls: 2 }, { receipt_pending_polls: 1 }))).toEqual([]);
    expect(
      types(
        change.update(
          { receipt_pending_polls: 2, net_amount: 1 },
          { receipt_pending_polls: 1, net_amount: 2 },
        ),
      ),
    ).toEqual(["order.updated"]);
  });
});

describe("a subscription's change", () => {
  const subscription = {
    ...state.subscriptions.find((s) => s.status === "active")!,
    cancel_at_period_end: false,
  };
  const change = changeOf("subscriptions", subscription);
  const update = change.update;

  it("added active: created and active; added otherwise: created; removed: nothing", () => {
    expect(eventsOf(change.insert({ status: "active" }))).toEqual([
      expect.objectContaining({ type: "subscription.created", kind: "subscription" }),
      expect.objectContaining({ type: "subscription.active", kind: "subscription" }),
    ]);
    expect(types(change.insert({ status: "trialing" }))).toEqual(["subscription.created"]);
    expect(types(change.remove())).toEqual([]);
  });

  it("an update that changes nothing sends nothing; one that changes anything is updated", () => {
    expect(types(update({}, {}))).toEqual([]);
    expect(types(update({ meters: [] }, { meters: [] }))).toEqual([]);
    expect(types(update({ amount: 1 }, { amount: 2 }))).toEqual(["subscription.updated"]);
  });

  it("becoming active: active from a trial, resumed from a pause", () => {
    expect(types(update({ status: "trialing" }, { status: "active" }))).toEqual([
      "subscription.updated",
      "subscription.active",
    ]);
    expect(types(update({ status: "paused" }, { status: "active" }))).toEqual([
      "subscription.updated",
      "subscription.resumed",
    ]);
  });

  it("becoming past due, paused, canceled or unpaid sends its own event, once", () => {
    expect(types(update({ status: "active" }, { status: "past_due" }))).toEqual([
      "subscription.updated",
      "subscription.past_due",
    ]);
    expect(types(update({ status: "active" }, { status: "paused" }))).toEqual([
      "subscription.updated",
      "subscription.paused",
    ]);
    expect(types(update({ status: "active" }, { status: "canceled" }))).toEqual([
      "subscription.updated",
      "subscription.revoked",
    ]);
    expect(types(update({ status: "past_due" }, { status: "unpaid" }))).toEqual([
      "subscription.updated",
      "subscription.revoked",
    ]);
    // Staying in a state is no new event of it.
    for (const status of ["active", "past_due", "paused", "canceled", "unpaid"])
      expect(types(update({ status, amount: 1 }, { status, amount: 2 })), status).toEqual([
        "subscription.updated",
      ]);
  });

  it("set to cancel at period end: canceled; no longer: uncanceled when it is active, only updated otherwise", () => {
    expect(types(update({ cancel_at_period_end: false }, { cancel_at_period_end: true }))).toEqual([
      "subscription.updated",
      "subscription.canceled",
    ]);
    expect(types(update({ cancel_at_period_end: true }, { cancel_at_period_end: false }))).toEqual([
      "subscription.updated",
      "subscription.uncanceled",
    ]);
    const trialing = { status: "trialing" as const };
    expect(
      types(
        update({ ...trialing, cancel_at_period_end: true }, { ...trialing, cancel_at_period_end: false }),
      ),
    ).toEqual(["subscription.updated"]);
  });

  it("a new period: cycled when active, not while it is paused or past due", () => {
    const next = { current_period_start: "2026-05-01T00:00:00Z" };
    expect(types(update({}, next))).toEqual(["subscription.updated", "subscription.cycled"]);
    expect(types(update({ status: "past_due" }, { status: "past_due", ...next }))).toEqual([
      "subscription.updated",
    ]);
  });

  it("a renewal out of a trial: updated, active, cycled, in that order", () => {
    expect(
      types(
        update({ status: "trialing" }, { status: "active", current_period_start: "2026-05-01T00:00:00Z" }),
      ),
    ).toEqual(["subscription.updated", "subscription.active", "subscription.cycled"]);
  });
});

describe("a license key's change (a benefit grant)", () => {
  const key = state.licenseKeys.find((k) => k.status === "granted")!;
  const change = changeOf("licenseKeys", key);
  const update = (after: object) => change.update({}, after);

  it("created with the key; its removal sends nothing", () => {
    expect(eventsOf(change.insert())).toEqual([
      expect.objectContaining({ type: "benefit_grant.created", kind: "benefit_grant" }),
    ]);
    expect(types(change.remove())).toEqual([]);
  });

  it("updated when what the grant shows changes (the key itself included); not for its usage", () => {
    expect(types(update({ key: `${key.key}-NEW` }))).toEqual(["benefit_grant.updated"]);
    for (const field of ["display_key", "customer_id", "benefit_id"])
      expect(types(update({ [field]: "changed" })), field).toEqual(["benefit_grant.updated"]);
    expect(types(update({ status: "disabled" }))).toEqual(["benefit_grant.updated"]);
    expect(types(update({ usage: key.usage + 1 }))).toEqual([]);
  });

  it("revoked once: a revoked key changed again is only updated", () => {
    expect(types(update({ status: "revoked" }))).toEqual(["benefit_grant.revoked"]);
    expect(
      types(change.update({ status: "revoked" }, { status: "revoked", display_key: "changed" })),
    ).toEqual(["benefit_grant.updated"]);
  });
});
