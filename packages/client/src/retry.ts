import type { HttpMethod } from "./operation.js";

/*
 * When and how long to wait before trying a call again. Pure functions, apart
 * from `sleep`, which uses `setTimeout` (so fake timers drive it in tests).
 */

/** Client-wide retry settings (`createClient({ retry })`). */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2 (so at most 3 attempts). */
  readonly maxRetries?: number;
  /** Ceiling of the first backoff; doubles per retry. Default 500 ms. */
  readonly initialDelayMs?: number;
  /**
   * Upper bound of every wait. Default 8000 ms. A `Retry-After` asking for
   * longer ends the retries: the call fails with the ApiError at once, and its
   * `headers["retry-after"]` says when the service will take the call again.
   */
  readonly maxDelayMs?: number;
}

/** Per-call retry settings (`op(client, input, { retry })`): the client's, plus the POST (and PATCH) opt-in. */
export interface CallRetryOptions extends RetryOptions {
  /**
   * Retry this call even though it is a POST (or a PATCH: neither is idempotent).
   * Only for calls that are safe to repeat (validating a license key is; generating an invoice may not be).
   * Default false; deliberately not settable client-wide.
   */
  readonly retryPost?: boolean;
}

export interface RetryPolicy {
  readonly maxRetries: number;
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8000 };

/** Statuses that say "try again later" (rate limit, gateway trouble). 500 is not one: it is a bug, repeating it rarely helps. */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/** Checks and completes retry options; called at client creation and per call so bad values fail early and clearly. */
export function normalizeRetry(
  options: RetryOptions | false | undefined,
  base: RetryPolicy,
): RetryPolicy | false {
  if (options === false) return false;
  if (options === undefined) return base;
  const policy = {
    maxRetries: options.maxRetries ?? base.maxRetries,
    initialDelayMs: options.initialDelayMs ?? base.initialDelayMs,
    maxDelayMs: options.maxDelayMs ?? base.maxDelayMs,
  };
  if (!Number.isInteger(policy.maxRetries) || policy.maxRetries < 0) {
    throw new TypeError("retry.maxRetries must be a whole number of at least 0");
  }
  for (const key of ["initialDelayMs", "maxDelayMs"] as const) {
    if (!(policy[key] >= 0)) throw new TypeError(`retry.${key} must be a number of at least 0`);
  }
  return policy;
}

/**
 * The policy of one call, or `undefined` for "no retries". GET, PUT and DELETE are
 * idempotent (RFC 9110) and retried by default; a POST or PATCH only when this
 * call says `retryPost`.
 * A per-call object overrides the client's settings field by field (and turns
 * retries on even when the client said `retry: false`); per-call `false` turns them off.
 */
export function retryPolicyFor(
  method: HttpMethod,
  client: RetryPolicy | false,
  call: CallRetryOptions | false | undefined,
): RetryPolicy | undefined {
  if (call === false) return undefined;
  const idempotent = method === "GET" || method === "PUT" || method === "DELETE";
  if (!idempotent && call?.retryPost !== true) return undefined;
  if (call === undefined) return client === false ? undefined : client;
  const policy = normalizeRetry(call, client === false ? defaultRetryPolicy : client);
  return policy === false ? undefined : policy;
}

/**
 * How long to wait before retry number `retry` (1 for the first retry), or
 * `undefined` when a valid `Retry-After` asks for longer than `maxDelayMs`:
 * retrying any sooner would only be refused again. Without one, `backoffDelay`.
 */
export function retryDelay(
  retry: number,
  policy: RetryPolicy,
  retryAfter: string | null = null,
  now: number = Date.now(),
  random: () => number = Math.random,
): number | undefined {
  const asked = parseRetryAfter(retryAfter, now);
  if (asked === undefined) return backoffDelay(retry, policy, random);
  return asked <= policy.maxDelayMs ? asked : undefined;
}

/**
 * Capped exponential backoff with full jitter: a uniform random wait in
 * [0, min(maxDelayMs, initialDelayMs * 2^(retry-1))), which spreads clients
 * that failed together instead of having them retry in lockstep.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/** Delta seconds, the form services use for `Retry-After`. */
const DELTA_SECONDS = /^\d+(\.\d+)?$/;
/**
 * The shape all three HTTP date formats share (a month name, then a time):
 * `Date.parse` alone accepts almost anything, `"-1"` and `"1 2"` included.
 */
const HTTP_DATE = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b.*\b\d{2}:\d{2}:\d{2}\b/i;

/** `Retry-After` in milliseconds from `now`: delta seconds (`120`) or an HTTP date; `undefined` when absent or unreadable (`-1`, `soon`). */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (DELTA_SECONDS.test(text)) return Math.round(Number(text) * 1000);
  if (!HTTP_DATE.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (so a caller can cancel a long `Retry-After`). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
