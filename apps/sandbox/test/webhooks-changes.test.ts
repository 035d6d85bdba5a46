/**
 * Which webhooks a change of the store sends (webhooks/changes.ts), for the changes no
 * route or builder makes today but a rule may: fed the store's changes directly.
 */
import { describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import type { StoreChange } from "../src/store.js";
import { eventsOf } from "../src/webhooks/changes.js";

const { state } = createSandbox();
const types = (change: StoreChange) => eventsOf(change).map((e) => e.type);

describe("a subscription's change", () => {
  const subscription = state.subscriptions.find((s) => s.status === "active")!;
  const update = (before: object, after: object): StoreChange => ({
    table: "subscriptions",
    action: "update",
    previous: { ...subscription, ...before },
    record: { ...subscription, ...after },
  });

  it("no longer canceling: uncanceled when it is active, only updated otherwise", () => {
    expect(types(update({ cancel_at_period_end: true }, { cancel_at_period_end: false }))).toEqual([
      "subscription.updated",
      "subscription.uncanceled",
    ]);
    const trialing = { status: "trialing" };
    expect(
      types(
        update({ ...trialing, cancel_at_period_end: true }, { ...trialing, cancel_at_period_end: false }),
      ),
    ).toEqual(["subscription.updated"]);
  });
});

describe("a license key's change (a benefit grant)", () => {
  const key = state.licenseKeys.find((k) => k.status === "granted")!;
  const update = (after: object): StoreChange => ({
    table: "licenseKeys",
    action: "update",
    previous: key,
    record: { ...key, ...after },
  });

  it("updated when what the grant shows changes (the key itself included); not for its usage", () => {
    expect(types(update({ key: `${key.key}-NEW` }))).toEqual(["benefit_grant.updated"]);
    expect(types(update({ usage: key.usage + 1 }))).toEqual([]);
    expect(types(update({ status: "revoked" }))).toEqual(["benefit_grant.revoked"]);
  });
});
