import { applyHeaders, type HeadersInput } from "./headers.js";

/*
 * Keeping credentials out of errors and logs. Errors are often logged whole
 * (message, fields, cause), so anything that reaches an error is cleaned here.
 */

const SENSITIVE_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
const REDACTED = "[redacted]";

/** Response headers for `ApiError.headers`: a plain object without credential headers. */
export function safeHeaders(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!SENSITIVE_HEADERS.has(name)) result[name] = value;
  });
  return result;
}

/**
 * Headers as a plain object with credential values replaced by `[redacted]`:
 * for logging the request an `onRequest` hook receives, which carries the token.
 */
export function redactHeaders(headers: HeadersInput): Record<string, string> {
  const normalized = new Headers();
  applyHeaders(normalized, headers);
  const result: Record<string, string> = {};
  normalized.forEach((value, name) => {
    result[name] = SENSITIVE_HEADERS.has(name) ? REDACTED : value;
  });
  return result;
}

/** The credentials a request carries: the token, and whatever bearer value its final headers hold (a hook or per-call header may have set another). */
export function secretsOf(token: string | undefined, request: Request): string[] {
  const secrets = token ? [token] : [];
  const authorization = request.headers.get("authorization");
  if (authorization) {
    secrets.push(authorization);
    const credential = authorization.replace(/^\S+\s+/, "");
    if (credential && credential !== authorization) secrets.push(credential);
  }
  return secrets;
}

/** Replaces every occurrence of a secret in text that came from the wire (a server may echo what it got). */
export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length > 0 && result.includes(secret)) result = result.split(secret).join(REDACTED);
  }
  return result;
}
