/*
 * Why a fetch failed, in words. Node's fetch rejects with a bare "fetch failed"
 * and keeps the reason a person can act on (DNS, a refused connection, a TLS
 * certificate) in its `cause` chain, sometimes inside an AggregateError (one
 * error per address tried). This finds that reason.
 */

/** How deep the cause chain is followed (chains can loop). */
const MAX_DEPTH = 5;

/**
 * The root cause of a transport failure: its system error code and message, e.g.
 * `getaddrinfo ENOTFOUND api.example.com`, `connect ECONNREFUSED 127.0.0.1:4010`,
 * `DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate`; undefined when nothing says.
 */
export function describeNetworkFailure(error: unknown): string | undefined {
  let message: string | undefined;
  let code = "";
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof current === "object" && current !== null; depth++) {
    const found = current as { message?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof found.message === "string" && found.message.trim() !== "") message = found.message;
    if (typeof found.code === "string") code = found.code;
    // An AggregateError: every address failed alike; the first one says why.
    current = found.cause ?? (Array.isArray(found.errors) ? found.errors[0] : undefined);
  }
  if (message === undefined) return code || undefined;
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
