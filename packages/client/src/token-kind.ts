import { securitySchemes } from "./generated/security.js";

/*
 * The service answers a token of the wrong kind (a customer session on an
 * organization operation) with a bare `401 Unauthorized`, the same answer as no
 * token at all. The spec says which schemes each operation takes and how each
 * scheme's tokens begin, so the client can say what is wrong, naming the kind of
 * the token by its prefix and never the token itself.
 */

/** One security scheme of the spec, as the generated `securitySchemes` lists it. */
export interface SecurityScheme {
  /** Whom its tokens act for: an organization, or one customer of one. */
  readonly audience: "organization" | "customer";
  /** How its tokens begin, e.g. `polar_cst_`; absent when they have no fixed prefix. */
  readonly tokenPrefix?: string;
}

/** The scheme of the bearer token in an `Authorization` header, known by its prefix; undefined when no scheme's prefix matches. */
export function schemeOfAuthorization(authorization: string | null): string | undefined {
  const token = authorization?.replace(/^Bearer\s+/i, "") ?? "";
  return Object.keys(securitySchemes).find((name) => {
    const prefix = securitySchemes[name]?.tokenPrefix;
    return prefix !== undefined && token.startsWith(prefix);
  });
}

/**
 * `validateLicenseKey takes organization tokens (pat, oat); the token given is of
 * kind customer_session (polar_cst_…)`, when the token's scheme is not one the
 * operation takes; undefined when it is one, or its scheme is unknown.
 */
export function wrongTokenKind(
  operationId: string,
  accepted: readonly string[],
  presented: string | undefined,
): string | undefined {
  if (presented === undefined || accepted.includes(presented)) return undefined;
  const audiences = [...new Set(accepted.map((name) => securitySchemes[name]?.audience).filter(Boolean))];
  const prefix = securitySchemes[presented]?.tokenPrefix;
  return (
    `${operationId} takes ${audiences.join(" or ")} tokens (${accepted.join(", ")}); ` +
    `the token given is of kind ${presented}${prefix ? ` (${prefix}…)` : ""}`
  );
}
