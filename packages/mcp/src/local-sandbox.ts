import { type CoreClient, createClient } from "@commerce-api/client/core";
import { createSandbox, type FixtureToken, type Sandbox } from "@commerce-api/sandbox";
import type { CreateClient } from "./versions.js";

/** A sandbox started in process, seeded, and the clients the tools call it through. */
export interface LocalSandbox {
  readonly sandbox: Sandbox;
  /** For the organization's operations. */
  readonly client: CoreClient;
  /** For the customer portal's operations. */
  readonly customerClient: CoreClient;
  /** Who the clients act as, in words (labels, kinds and scopes; never a token), for stderr. */
  readonly actingAs: string;
  /** The tokens the clients hold. */
  readonly tokens: readonly string[];
  /** The seeded organization the organization operations act for; unknown for a token not of the seed. */
  readonly organizationId: string | undefined;
}

/** The base URL the clients are given; the sandbox's fetch answers it in process. */
const baseUrl = "http://sandbox.local";

/**
 * Starts a seeded sandbox. Without a token, organization operations act with the seeded
 * organization token of every scope and the customer portal's with a seeded customer session
 * token of the same organization, so every tool works with no setup; given a token (one of the
 * sandbox's fixtures), every operation acts with it.
 */
export function startLocalSandbox(
  options: { readonly token?: string; readonly createClient?: CreateClient } = {},
): LocalSandbox {
  const sandbox = createSandbox();
  const make = options.createClient ?? createClient;
  const client = (token: string) => make({ baseUrl, token, fetch: sandbox.fetch });
  if (options.token !== undefined) {
    const given = client(options.token);
    const seeded = sandbox.fixtures.tokens.find((token) => token.token === options.token);
    return {
      sandbox,
      client: given,
      customerClient: given,
      actingAs: seeded
        ? `the token given, "${seeded.label}" (${describe(seeded)}), for every operation`
        : "the token given, which is not one of the sandbox's, for every operation",
      tokens: [options.token],
      organizationId: seeded?.organization_id,
    };
  }
  const organization = organizationToken(sandbox.fixtures.tokens);
  const customer = customerToken(sandbox.fixtures.tokens, organization.organization_id);
  return {
    sandbox,
    client: client(organization.token),
    customerClient: client(customer.token),
    actingAs: [
      `organization operations: "${organization.label}" (${describe(organization)})`,
      `customer portal operations: "${customer.label}" (${describe(customer)})`,
    ].join("; "),
    tokens: [organization.token, customer.token],
    organizationId: organization.organization_id,
  };
}

/** The seeded organization access token with the most scopes (every one). */
function organizationToken(tokens: readonly FixtureToken[]): FixtureToken {
  const candidates = tokens.filter((token) => token.kind === "oat" && !token.expired);
  const widest = candidates.sort((a, b) => b.scopes.length - a.scopes.length)[0];
  if (!widest) throw new Error("The sandbox's seed has no organization access token");
  return widest;
}

function customerToken(tokens: readonly FixtureToken[], organizationId: string): FixtureToken {
  const customer = tokens.find(
    (token) =>
      token.kind === "customer_session" && !token.expired && token.organization_id === organizationId,
  );
  if (!customer) throw new Error("The sandbox's seed has no customer session token");
  return customer;
}

function describe(token: FixtureToken): string {
  return `${token.kind}, scopes ${token.scopes.join(" ")}`;
}
