/*
 * Why a fetch failed, in words. Node's fetch rejects with a bare "fetch failed"
 * and keeps the reason a person can act on (DNS, a refused connection, a TLS
 * certificate) in its `cause` chain, sometimes inside an AggregateError (one
 * error per address tried). This finds that reason.
 */

/** How deep the cause chain is followed (chains can loop). */
const MAX_DEPTH = 5;

/** What to check, for the causes a person can act on; other codes speak for themselves (`read ECONNRESET`). */
const ADVICE: Readonly<Record<string, string>> = {
  ENOTFOUND: "no such host; check the base URL",
  ECONNREFUSED: "nothing is listening there; is the server running?",
};

/** The root cause of a transport failure, e.g. `getaddrinfo ENOTFOUND api.example.com (no such host; check the base URL)`. */
export function describeNetworkFailure(error: unknown): string | undefined {
  const { message, code = "" } = rootCause(error);
  const text =
    message === undefined ? code : code && !message.includes(code) ? `${code}: ${message}` : message;
  if (!text) return undefined;
  const advice = code && adviceFor(code);
  return advice ? `${text} (${advice})` : text;
}

/** The deepest message and the deepest system error code along the cause chain. */
function rootCause(error: unknown): { message?: string; code?: string } {
  const found: { message?: string; code?: string } = {};
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof current === "object" && current !== null; depth++) {
    const { message, code } = current as { message?: unknown; code?: unknown };
    if (typeof message === "string" && message.trim() !== "") found.message = message;
    if (typeof code === "string" && code !== "") found.code = code;
    current = nextCause(current);
  }
  return found;
}

function nextCause(error: object): unknown {
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined) return cause;
  // AggregateError: every address refused alike; the first one says why.
  return Array.isArray(errors) ? errors[0] : undefined;
}

function adviceFor(code: string): string | undefined {
  return ADVICE[code] ?? (/CERT|SELF_SIGNED|TLS|SSL/.test(code) ? "TLS certificate not accepted" : undefined);
}
