/**
 * Bearer tokens: who is calling, and may they call this operation?
 *
 * Organization tokens (`pat`, `oat`, `oidc`) are bound to one organization and
 * carry scopes. Customer tokens (`customer_session`, `member_session`) act for
 * one customer of one organization (a member session: one member of it).
 *
 * Checks, in the service's order:
 * 1. no `Authorization: Bearer …` header          → 401 Unauthorized
 * 2. a token nobody issued, or an expired one     → 401 invalid_token
 * 3. a token of a kind the operation does not take → 401 Unauthorized
 * 4. none of the operation's scopes               → 403 insufficient_scope
 * 5. `Polar-Organization` naming an organization the token does not reach → 403 NotPermitted
 *    (the sandbox's choice: the service does not document this case)
 *
 * An organization token acts on its organization; a user's token reaching several acts on
 * the one `Polar-Organization` names (its first without the header).
 *
 * What each operation takes comes from its generated definition (`auth`, `scopes`).
 */

import type { CustomerTokenKind, OrganizationTokenKind, TokenKind, TokenRecord } from "../state/records.js";
import type { OperationDefinition } from "./definitions.js";
import { errorBody, insufficientScope, invalidToken, ServiceError, unauthorized } from "./responses.js";

/**
 * The token kinds by audience. The spec's security schemes are named after
 * them (`oidc`, `pat`, `oat`, `customer_session`, `member_session`), so an
 * operation's `auth` lists the kinds it accepts.
 */
export const ORGANIZATION_KINDS: readonly OrganizationTokenKind[] = ["oidc", "pat", "oat"];
export const CUSTOMER_KINDS: readonly CustomerTokenKind[] = ["customer_session", "member_session"];
const TOKEN_KINDS: readonly TokenKind[] = [...ORGANIZATION_KINDS, ...CUSTOMER_KINDS];

/** Which token kinds an operation accepts, and the scopes of which it needs any one (none: no scope needed). */
export interface AuthRequirement {
  kinds: readonly TokenKind[];
  scopes: readonly string[];
}

/**
 * An operation's requirement, read from its generated definition. A scheme the
 * sandbox issues no tokens for would make the operation silently unreachable,
 * so it fails loudly when the routes are built instead.
 */
export function authRequirement(
  definition: Pick<OperationDefinition, "id" | "auth" | "scopes">,
): AuthRequirement {
  const kinds = definition.auth.map((scheme) => {
    if (!isTokenKind(scheme)) {
      throw new Error(`${definition.id}: the sandbox has no tokens for the security scheme "${scheme}"`);
    }
    return scheme;
  });
  return { kinds, scopes: definition.scopes };
}

export interface OrganizationPrincipal {
  audience: "organization";
  kind: OrganizationTokenKind;
  organizationId: string;
  scopes: readonly string[];
}

export interface CustomerPrincipal {
  audience: "customer";
  kind: CustomerTokenKind;
  organizationId: string;
  customerId: string;
  memberId: string | null;
  scopes: readonly string[];
}

/** The caller of an operation that takes no token (`auth: []`): whoever it is. */
export interface PublicPrincipal {
  audience: "public";
}

export type Principal = OrganizationPrincipal | CustomerPrincipal | PublicPrincipal;

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export function authenticate(
  request: Request,
  tokens: ReadonlyMap<string, TokenRecord>,
  requirement: AuthRequirement,
): Principal {
  // An operation that takes no token answers anyone, whatever the request carries, as the service does.
  if (requirement.kinds.length === 0) return { audience: "public" };
  const token = bearerToken(request);
  if (token === undefined) throw unauthorized();
  const record = tokens.get(token);
  if (record === undefined || record.expired) throw invalidToken();
  if (!requirement.kinds.includes(record.kind)) throw unauthorized();
  const { scopes } = requirement;
  if (scopes.length > 0 && !scopes.some((scope) => record.scopes.includes(scope))) {
    throw insufficientScope(scopes);
  }
  return toPrincipal(record, request.headers.get("polar-organization"));
}

/** The organization a request acts on: the token's, or the one `Polar-Organization` names of those it reaches. */
function actingOrganization(record: TokenRecord, named: string | null): string {
  if (named === null || named === record.organization_id) return record.organization_id;
  if (record.organization_ids?.includes(named)) return named;
  throw new ServiceError(
    403,
    errorBody("NotPermitted", `Polar-Organization: this token does not reach organization ${named}.`),
  );
}

function toPrincipal(record: TokenRecord, namedOrganization: string | null): Principal {
  if (isCustomerKind(record.kind)) {
    if (record.customer_id === undefined) throw new Error(`token ${record.label} has no customer_id`);
    return {
      audience: "customer",
      kind: record.kind,
      organizationId: record.organization_id,
      customerId: record.customer_id,
      memberId: record.member_id ?? null,
      scopes: record.scopes,
    };
  }
  return {
    audience: "organization",
    kind: record.kind,
    organizationId: actingOrganization(record, namedOrganization),
    scopes: record.scopes,
  };
}

function isCustomerKind(kind: TokenKind): kind is CustomerTokenKind {
  return (CUSTOMER_KINDS as readonly string[]).includes(kind);
}

function isTokenKind(scheme: string): scheme is TokenKind {
  return (TOKEN_KINDS as readonly string[]).includes(scheme);
}

/** Narrows a principal for organization-side handlers (its definition's `auth` guarantees it). */
export function asOrganization(principal: Principal): OrganizationPrincipal {
  if (principal.audience !== "organization") throw new Error("expected an organization token");
  return principal;
}

/** Narrows a principal for customer-portal handlers (its definition's `auth` guarantees it). */
export function asCustomer(principal: Principal): CustomerPrincipal {
  if (principal.audience !== "customer") throw new Error("expected a customer token");
  return principal;
}
