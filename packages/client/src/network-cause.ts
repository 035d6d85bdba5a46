/*
 * Why a fetch failed, in words. Node's fetch rejects with a bare "fetch failed"
 * and keeps the reason a person can act on (DNS, a refused connection, a TLS
 * certificate) in its `cause` chain, sometimes inside an AggregateError (one
 * error per address tried). This finds that reason.
 */

/** How deep the cause chain is followed (chains can loop). */
const MAX_DEPTH = 5;

/** What to check, by the system error code of the root cause. */
const ADVICE: Readonly<Record<string, string>> = {
  ENOTFOUND: "the host name does not resolve; check the base URL",
  EAI_AGAIN: "the host name could not be resolved right now; check the network",
  ECONNREFUSED: "nothing accepts connections there; is the server running on that port?",
  ECONNRESET: "the server closed the connection",
  ETIMEDOUT: "the connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
  UND_ERR_SOCKET: "the connection broke off",
};

/** The root cause of a transport failure, e.g. `getaddrinfo ENOTFOUND api.example.com (the host name does not resolve; …)`. */
export function describeNetworkFailure(error: unknown): string | undefined {
  const root = rootCause(error);
  if (root.message === undefined && root.code === undefined) return undefined;
  const text =
    root.message === undefined
      ? root.code
      : root.code === undefined || root.message.includes(root.code)
        ? root.message
        : `${root.code}: ${root.message}`;
  const advice = root.code === undefined ? undefined : adviceFor(root.code);
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
  if (ADVICE[code]) return ADVICE[code];
  const tls = code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_") || /CERT|SELF_SIGNED/.test(code);
  return tls ? "TLS: the server's certificate was not accepted" : undefined;
}
