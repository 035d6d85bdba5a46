import { createSandbox } from "@commerce-api/sandbox";
import { describe, expect, test } from "vitest";
import {
  areaOfPath,
  areaStart,
  loadSession,
  quickPicks,
  type Session,
  saveSession,
  sessionChoices,
} from "../src/session/session.js";

const fixtures = createSandbox().fixtures;

class MemoryStorage {
  values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

describe("the token picker, filled from the sandbox's fixtures", () => {
  const choices = sessionChoices(fixtures);

  test("every seeded token is offered, in the area its kind opens", () => {
    expect(choices).toHaveLength(fixtures.tokens.length);
    const alice = choices.find((c) => c.token === "polar_cst_acme_alice")!;
    expect(alice).toMatchObject({ area: "customer", organization: "Acme Software", fullAccess: true });
    expect(alice.customerId).toBe(
      fixtures.tokens.find((t) => t.token === "polar_cst_acme_alice")!.customer_id,
    );
    expect(choices.find((c) => c.token === "polar_mst_acme_pam")!.area).toBe("customer");
    expect(choices.find((c) => c.token === "polar_pat_globex_all")!).toMatchObject({
      area: "organization",
      fullAccess: true,
    });
    expect(choices.find((c) => c.token === "polar_oat_acme_events_read")!.fullAccess).toBe(false);
    expect(choices.find((c) => c.token === "polar_oat_acme_expired")!).toMatchObject({
      expired: true,
      fullAccess: false,
    });
  });

  test("quick picks: each organization's full token; a few customers and a team member", () => {
    expect(quickPicks(choices, "organization").map((c) => c.token)).toEqual([
      "polar_oat_acme_all",
      "polar_oat_globex_all",
    ]);
    const customers = quickPicks(choices, "customer");
    expect(customers.map((c) => c.token)).toEqual([
      "polar_cst_acme_alice",
      "polar_cst_acme_bob",
      "polar_cst_acme_carol",
      "polar_mst_acme_michael",
    ]);
  });
});

describe("the chosen session lives in the tab's storage", () => {
  test("saved, read back, and cleared", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const session: Session = { token: "polar_cst_acme_alice", area: "customer", label: "Alice" };
    saveSession(session, storage);
    expect(loadSession(storage)).toEqual(session);
    saveSession(undefined, storage);
    expect(loadSession(storage)).toBeUndefined();
  });

  test("anything else in storage is ignored rather than trusted", () => {
    const storage = new MemoryStorage();
    storage.setItem("commerce-portal.session", "{not json");
    expect(loadSession(storage as unknown as Storage)).toBeUndefined();
    storage.setItem("commerce-portal.session", JSON.stringify({ token: "x", area: "admin" }));
    expect(loadSession(storage as unknown as Storage)).toBeUndefined();
  });
});

describe("choosing a session of the other kind goes to its area", () => {
  test("an address's area: /org… is the organization's, /portal… the customer's, the rest neither", () => {
    expect(areaOfPath("/org/events")).toBe("organization");
    expect(areaOfPath("/org")).toBe("organization");
    expect(areaOfPath("/portal/orders/1/receipt")).toBe("customer");
    expect(areaOfPath("/portal")).toBe("customer");
    for (const other of ["/", "/organization", "/portals", "/no/such/screen"])
      expect(areaOfPath(other)).toBeUndefined();
  });

  test("each area opens on a screen of that area", () => {
    expect(areaOfPath(areaStart.organization)).toBe("organization");
    expect(areaOfPath(areaStart.customer)).toBe("customer");
  });
});
