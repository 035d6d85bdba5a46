/**
 * Who the app is acting as: an organization token (the Organization area) or a customer or
 * member session token (the Customer portal). Kept in sessionStorage: it lasts for the tab,
 * never lands in the URL, and is never logged.
 */
import type { Fixtures, FixtureToken } from "@commerce-api/sandbox";

export type Area = "organization" | "customer";

export interface Session {
  token: string;
  area: Area;
  label: string;
  organizationId?: string;
  customerId?: string;
}

export interface SessionChoice extends Session {
  group: string;
  organization: string;
  expired: boolean;
  /** Every scope of its area (the one-scope and expired tokens are for trying errors). */
  fullAccess: boolean;
}

const STORAGE_KEY = "commerce-portal.session";

/** Where each area opens when a session of its kind is chosen elsewhere. */
export const areaStart: Record<Area, string> = {
  organization: "/org/events",
  customer: "/portal/subscriptions",
};

/** The area an address belongs to; none for the start page and unknown addresses. */
export function areaOfPath(pathname: string): Area | undefined {
  if (pathname === "/org" || pathname.startsWith("/org/")) return "organization";
  if (pathname === "/portal" || pathname.startsWith("/portal/")) return "customer";
  return undefined;
}

export function areaOfKind(kind: FixtureToken["kind"]): Area {
  return kind === "customer_session" || kind === "member_session" ? "customer" : "organization";
}

/** The sandbox's seeded tokens as picker entries, grouped by organization and area. */
export function sessionChoices(fixtures: Pick<Fixtures, "tokens" | "ids">): SessionChoice[] {
  const organizations = new Map(fixtures.ids.organizations.map((o) => [o.id, o.name]));
  return fixtures.tokens.map((token) => {
    const area = areaOfKind(token.kind);
    const organization = organizations.get(token.organization_id) ?? "Organization";
    return {
      token: token.token,
      area,
      // "member session of Pam Beesly (billing_manager)" → "(billing manager)".
      label: token.label
        .replace(/^[^:]*:\s*/, "")
        .replace(/\(([a-z]+(?:_[a-z]+)+)\)/g, (_, role: string) => `(${role.replaceAll("_", " ")})`),
      organizationId: token.organization_id,
      ...(token.customer_id ? { customerId: token.customer_id } : {}),
      group: `${organization}: ${area === "organization" ? "organization tokens" : "customer and member sessions"}`,
      organization,
      expired: token.expired === true,
      fullAccess: token.expired !== true && (area === "customer" || token.scopes.length > 1),
    };
  });
}

export function loadSession(storage: Storage = sessionStorage): Session | undefined {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<Session>;
    if (typeof value.token !== "string" || (value.area !== "organization" && value.area !== "customer")) {
      return undefined;
    }
    return value as Session;
  } catch {
    return undefined;
  }
}

export function saveSession(session: Session | undefined, storage: Storage = sessionStorage): void {
  if (session) storage.setItem(STORAGE_KEY, JSON.stringify(session));
  else storage.removeItem(STORAGE_KEY);
}

/** A picker entry → the session kept for the tab (without the picker's own fields). */
export function toSession(choice: SessionChoice): Session {
  const {
    group: _group,
    expired: _expired,
    fullAccess: _full,
    organization: _organization,
    ...session
  } = choice;
  return session;
}

/** How a session is named on every screen: the menu, the start page and the area guards. */
export function sessionTitle(choice: Pick<SessionChoice, "organization" | "label">): string {
  return `${choice.organization} · ${choice.label}`;
}

/** The session a first visit to the sandbox starts with: the first organization's full token. */
export function defaultChoice(choices: readonly SessionChoice[], area: Area = "organization") {
  return quickPicks(choices, area)[0];
}

/** A few sessions to start with: each organization's full token, or a handful of customers and a team member. */
export function quickPicks(choices: readonly SessionChoice[], area: Area): SessionChoice[] {
  const usable = choices.filter((choice) => choice.area === area && choice.fullAccess);
  if (area === "organization") {
    const firstPerOrganization = new Map<string, SessionChoice>();
    for (const choice of usable)
      if (!firstPerOrganization.has(choice.organization))
        firstPerOrganization.set(choice.organization, choice);
    return [...firstPerOrganization.values()];
  }
  const members = usable.filter((choice) => choice.label.startsWith("member"));
  return [
    ...usable.filter((choice) => !choice.label.startsWith("member")).slice(0, 3),
    ...members.slice(0, 1),
  ];
}

/** The header chip on a phone: the person for a customer session, the organization otherwise. */
export function sessionShortTitle(choice: Pick<SessionChoice, "organization" | "label" | "area">): string {
  if (choice.area === "customer") {
    const person = /session of ([^(]+)/.exec(choice.label)?.[1]?.trim();
    if (person) return person;
  }
  return choice.organization;
}
