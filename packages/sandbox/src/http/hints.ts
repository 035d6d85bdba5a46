/**
 * Hints where users get lost, sent only by the sandbox (the service's own
 * bodies stay as they are, so the client reads what it would read in production):
 * a 401 carries `x-sandbox-hint` naming the seeded tokens the operation takes; for a token the
 * sandbox does not know, the hint also goes to the console (once), where a failing test's output
 * shows it (a test of a 401 on purpose uses a known token of the wrong kind, or none).
 */

import type { TokenKind, TokenRecord } from "../state/records.js";
import { bearerToken } from "./auth.js";

export const HINT_HEADER = "x-sandbox-hint";

/**
 * The hint for a 401: why, and the seeded tokens of the kinds the operation takes
 * (never the token that was sent: a hint may end up in a log).
 */
export function unauthorizedHint(
  request: Request,
  tokens: ReadonlyMap<string, TokenRecord>,
  kinds: readonly TokenKind[],
): string {
  const given = bearerToken(request);
  const record = given === undefined ? undefined : tokens.get(given);
  const why =
    given === undefined
      ? "no Authorization: Bearer <token> header"
      : record === undefined
        ? "the sandbox has no such token"
        : record.expired
          ? "the token is one of the sandbox's expired ones"
          : `a token of kind ${record.kind} is not accepted here (this operation takes ${kinds.join(", ")})`;
  const usable = [...tokens.values()].filter((t) => !t.expired && kinds.includes(t.kind)).map((t) => t.token);
  const shown = usable.length > 4 ? `${usable.slice(0, 4).join(", ")}, ...` : usable.join(", ");
  const make = kinds.some((kind) => kind === "customer_session")
    ? " (or sandbox.add.customerSession(customer))"
    : "";
  return `${why}; seeded tokens this operation takes: ${shown || "none"}${make}; all tokens: GET /__sandbox/fixtures`;
}

/** Writes each distinct hint once per sandbox. */
export function createHintLog(): (hint: string) => void {
  const written = new Set<string>();
  return (hint) => {
    if (written.has(hint)) return;
    written.add(hint);
    console.warn(`[sandbox] 401: ${hint}`);
  };
}
