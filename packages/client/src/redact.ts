import { applyHeaders, type HeadersInput } from "./headers.js";

/*
 * Keeping credentials out of errors and logs. Errors are often logged whole
 * (message, fields, cause), so anything that reaches an error is cleaned here.
 */

const SENSITIVE_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
const REDACTED = "[redacted]";

/** Response headers for `ApiError.headers`: a plain object without credential headers, and without the secrets any other header echoes. */
export function safeHeaders(headers: Headers, secrets: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!SENSITIVE_HEADERS.has(name)) result[name] = redactText(value, secrets);
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

/** A parsed JSON body with the secrets cut out of every string in it (keys included); its shape is unchanged. */
export function redactJson(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((element) => redactJson(element, secrets));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [redactText(key, secrets), redactJson(entry, secrets)]),
  );
}

/** Cuts the secrets out of an error's message and stack, which some engines format once and keep. */
export function redactMessage<E extends Error>(error: E, secrets: readonly string[]): E {
  const message = redactText(error.message, secrets);
  if (message === error.message) return error;
  error.message = message;
  if (error.stack !== undefined) error.stack = redactText(error.stack, secrets);
  return error;
}

/** How deep a cause is searched; anything deeper counts as holding a secret (cause chains can loop). */
const MAX_CAUSE_DEPTH = 5;

/**
 * What to keep as the `cause` of a NetworkError: the thrown value itself,
 * unless a secret shows somewhere in it (a platform error may quote the
 * request's headers). Then an error becomes a plain `Error` copy (name,
 * message, stack, primitive fields such as `code`, its own cause) with the
 * secrets cut out; any other object is dropped.
 */
export function redactCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (secrets.length === 0 || !mentionsSecret(cause, secrets, depth)) return cause;
  if (typeof cause === "string") return redactText(cause, secrets);
  if (cause instanceof Error && depth < MAX_CAUSE_DEPTH) return redactedErrorCopy(cause, secrets, depth);
  return undefined;
}

/** Whether a secret shows anywhere `util.inspect` looks: strings, own fields, an error's message, stack and cause. */
function mentionsSecret(value: unknown, secrets: readonly string[], depth: number): boolean {
  if (typeof value === "string") return secrets.some((secret) => secret.length > 0 && value.includes(secret));
  if (typeof value !== "object" || value === null) return false;
  if (depth >= MAX_CAUSE_DEPTH) return true;
  const parts: unknown[] = Object.entries(value).flat();
  if (value instanceof Error) parts.push(value.name, value.message, value.stack, value.cause);
  return parts.some((part) => mentionsSecret(part, secrets, depth + 1));
}

function redactedErrorCopy(error: Error, secrets: readonly string[], depth: number): Error {
  const copy = new Error(redactText(String(error.message), secrets));
  Object.defineProperty(copy, "name", {
    value: redactText(String(error.name), secrets),
    configurable: true,
    writable: true,
  });
  copy.stack = error.stack === undefined ? undefined : redactText(error.stack, secrets);
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === "string") Object.assign(copy, { [key]: redactText(value, secrets) });
    else if (typeof value === "number" || typeof value === "boolean") Object.assign(copy, { [key]: value });
  }
  if (error.cause !== undefined) copy.cause = redactCause(error.cause, secrets, depth + 1);
  return copy;
}
