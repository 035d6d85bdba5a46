import { createSandbox } from "@commerce-api/sandbox";
import { describe, expect, test } from "vitest";
import {
  areaOfPath,
  areaStart,
  defaultChoice,
  loadSession,
  quickPicks,
  type Session,
  saveSession,
  sessionChoices,
  sessionShortTitle,
  sessionTitle,
  toSession,
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

describe("how each session is offered and named", () => {
  const choices = sessionChoices(fixtures);
  const choice = (token: string) => choices.find((c) => c.token === token)!;

  test("an entry: its label without the organization's prefix, its group, and whether it is full or expired", () => {
    expect(choice("polar_oat_acme_all")).toEqual({
      token: "polar_oat_acme_all",
      area: "organization",
      label: "organization access token, every scope",
      organizationId: fixtures.ids.organizations[0]!.id,
      group: "Acme Software: organization tokens",
      organization: "Acme Software",
      expired: false,
      fullAccess: true,
    });
    expect(choice("polar_cst_globex_greta")).toMatchObject({
      label: "customer session of Greta Müller",
      group: "Globex Labs: customer and member sessions",
      organization: "Globex Labs",
      fullAccess: true,
    });
    expect(choice("polar_cst_globex_greta").customerId).toMatch(/^[0-9a-f-]{36}$/);
    expect("customerId" in choice("polar_oat_acme_all")).toBe(false);
    // The fixtures' own organization list names the organization; an unknown one is "Organization".
    const stranger = sessionChoices({ ...fixtures, ids: { ...fixtures.ids, organizations: [] } });
    expect(stranger[0]).toMatchObject({
      organization: "Organization",
      group: "Organization: organization tokens",
    });
  });

  test("a session kept for the tab has none of the picker's own fields; its title names the organization", () => {
    expect(toSession(choice("polar_cst_acme_alice"))).toEqual({
      token: "polar_cst_acme_alice",
      area: "customer",
      label: "customer session of Alice Johnson",
      organizationId: fixtures.ids.organizations[0]!.id,
      customerId: choice("polar_cst_acme_alice").customerId,
    });
    expect(sessionTitle(choice("polar_cst_acme_alice"))).toBe(
      "Acme Software · customer session of Alice Johnson",
    );
  });

  test("on a phone: the person for a customer or member session, the organization otherwise", () => {
    expect(sessionShortTitle(choice("polar_cst_acme_carol"))).toBe("Carol Danvers");
    expect(sessionShortTitle(choice("polar_mst_acme_michael"))).toBe("Michael Scott");
    expect(sessionShortTitle(choice("polar_oat_acme_all"))).toBe("Acme Software");
    expect(
      sessionShortTitle({ area: "customer", organization: "Acme Software", label: "a pasted token" }),
    ).toBe("Acme Software");
    expect(
      sessionShortTitle({ area: "organization", organization: "Acme Software", label: "session of Bob" }),
    ).toBe("Acme Software");
  });

  test("the first visit's session: the first organization's full token, or the first customer", () => {
    expect(defaultChoice(choices)?.token).toBe("polar_oat_acme_all");
    expect(defaultChoice(choices, "customer")?.token).toBe("polar_cst_acme_alice");
    expect(defaultChoice([])).toBeUndefined();
    // Only the full sessions are offered first; three customers at most, then one team member.
    const members = choices.filter((c) => c.label.startsWith("member"));
    expect(quickPicks(members, "customer").map((c) => c.token)).toEqual(["polar_mst_acme_michael"]);
  });
});

describe("what the tab's storage may hold", () => {
  test("an organization session is read back; an empty or half-written one is not", () => {
    const storage = new MemoryStorage();
    const session: Session = { token: "polar_oat_acme_all", area: "organization", label: "all" };
    saveSession(session, storage as unknown as Storage);
    expect(loadSession(storage as unknown as Storage)).toEqual(session);
    expect(storage.values.get("commerce-portal.session")).toBe(JSON.stringify(session));
    storage.setItem("commerce-portal.session", "");
    expect(loadSession(storage as unknown as Storage)).toBeUndefined();
    storage.setItem("commerce-portal.session", JSON.stringify({ token: 5, area: "organization" }));
    expect(loadSession(storage as unknown as Storage)).toBeUndefined();
    storage.setItem("commerce-portal.session", "null");
    expect(loadSession(storage as unknown as Storage)).toBeUndefined();
  });
});
