import { CUSTOMER_SESSION_SCOPES, customerSessionToken } from "../factories/people.js";
import type { Organization, TokenRecord } from "../state/records.js";
import type { SeedContext } from "./context.js";
import type { SeededPeople } from "./customers.js";
import type { OrganizationProfile } from "./profiles.js";

/**
 * The scopes of an "every scope" organization token: those the operations ask
 * for, and their read/write twins. Which operation needs which comes from the
 * generated definitions, never from here.
 */
const ORGANIZATION_SCOPES = [
  "events:read",
  "events:write",
  "license_keys:read",
  "license_keys:write",
  "customers:read",
  "customers:write",
  "products:read",
  "products:write",
  "refunds:read",
  "refunds:write",
  "orders:read",
  "checkout_links:read",
  "checkout_links:write",
  "custom_fields:read",
  "custom_fields:write",
  "discounts:read",
  "discounts:write",
] as const;

/**
 * One single-scope organization token per operation (a scope it accepts), so
 * every operation can be called with one scope and every 403 provoked
 * (test/contract.test.ts checks that each operation has one).
 */
const SINGLE_SCOPES = [
  "events:read",
  "license_keys:write",
  "customers:read",
  "products:read",
  "refunds:read",
  "orders:read",
  "checkout_links:write",
  "custom_fields:write",
  "discounts:write",
] as const;

/**
 * Readable, stable tokens (they do not depend on the random seed):
 * - `polar_oat_<org>_all`, `polar_pat_<org>_all`, `polar_at_u_<org>_all` (oidc): every scope;
 * - `polar_oat_<org>_<scope>`: a single scope, e.g. `polar_oat_acme_events_read`;
 * - `polar_oat_<org>_expired`: expired (401 invalid_token);
 * - `polar_cst_<org>_<customer>`: customer sessions; `polar_mst_<org>_<member>`: member sessions.
 */
export function seedTokens(
  ctx: SeedContext,
  organization: Organization,
  profile: OrganizationProfile,
  people: SeededPeople,
): void {
  const org = (
    token: string,
    kind: TokenRecord["kind"],
    scopes: readonly string[],
    label: string,
    extra = {},
  ) =>
    ctx.data.tokens.push({
      token,
      kind,
      organization_id: organization.id,
      scopes: [...scopes],
      label,
      ...extra,
    });
  const slug = profile.slug;

  org(
    `polar_oat_${slug}_all`,
    "oat",
    ORGANIZATION_SCOPES,
    `${profile.name}: organization access token, every scope`,
  );
  org(
    `polar_pat_${slug}_all`,
    "pat",
    ORGANIZATION_SCOPES,
    `${profile.name}: personal access token, every scope`,
  );
  org(
    `polar_at_u_${slug}_all`,
    "oidc",
    ORGANIZATION_SCOPES,
    `${profile.name}: OpenID Connect token, every scope`,
  );
  for (const scope of SINGLE_SCOPES) {
    org(`polar_oat_${slug}_${scope.replace(":", "_")}`, "oat", [scope], `${profile.name}: only ${scope}`);
  }
  org(
    `polar_oat_${slug}_expired`,
    "oat",
    ORGANIZATION_SCOPES,
    `${profile.name}: expired token (401 invalid_token)`,
    {
      expired: true,
    },
  );

  for (const person of profile.customers) {
    const customer = people.customers.get(person.handle);
    if (!customer) continue;
    ctx.data.tokens.push(
      customerSessionToken({
        token: `polar_cst_${slug}_${person.handle}`,
        customer,
        label: `${profile.name}: customer session of ${person.name}${person.billing ? "" : " (no billing details)"}`,
      }),
    );
  }
  for (const [handle, member] of people.members) {
    ctx.data.tokens.push({
      token: `polar_mst_${slug}_${handle}`,
      kind: "member_session",
      organization_id: organization.id,
      scopes: [...CUSTOMER_SESSION_SCOPES],
      customer_id: member.customer_id,
      member_id: member.id,
      label: `${profile.name}: member session of ${member.name} (${member.role})`,
    });
  }
}

/**
 * `polar_pat_user_all`: a user's personal access token reaching every organization, every
 * scope. A request acts on the one `Polar-Organization` names (the first, acme, without it).
 */
export function seedUserToken(ctx: SeedContext, organizations: readonly Organization[]): void {
  const [first] = organizations;
  if (!first) return;
  ctx.data.tokens.push({
    token: "polar_pat_user_all",
    kind: "pat",
    organization_id: first.id,
    organization_ids: organizations.map((organization) => organization.id),
    scopes: [...ORGANIZATION_SCOPES],
    label:
      "A user's personal access token reaching every organization: Polar-Organization names the one it acts on",
  });
}
