/**
 * Failure injection: `failNext(count, status)` makes the next `count` API
 * responses fail with `status` (503 or 429, or another 5xx), so retries can be
 * tested. `/__sandbox/*` requests never consume a failure.
 */
import { errorBody, json } from "./http.js";

/** Set on every injected failure. */
export const INJECTED_HEADER = "x-sandbox-injected";

export type FailureStatus = 429 | 500 | 502 | 503 | 504;

export const FAILURE_STATUSES: readonly FailureStatus[] = [429, 500, 502, 503, 504];

export interface FailurePlan {
  count: number;
  status: FailureStatus;
  /** Sent as `Retry-After` (seconds). 429 always carries one (default 1). */
  retryAfterSeconds?: number;
}

interface Failure {
  status: FailureStatus;
  retryAfterSeconds: number | undefined;
}

export class FaultInjector {
  private queue: Failure[] = [];

  failNext({ count, status, retryAfterSeconds }: FailurePlan): void {
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError(`failNext: count must be a whole number, got ${count}`);
    if (!FAILURE_STATUSES.includes(status))
      throw new RangeError(`failNext: status must be one of ${FAILURE_STATUSES.join(", ")}`);
    const retryAfter = retryAfterSeconds ?? (status === 429 ? 1 : undefined);
    for (let i = 0; i < count; i++) this.queue.push({ status, retryAfterSeconds: retryAfter });
  }

  /** How many failures are still queued. */
  get pending(): number {
    return this.queue.length;
  }

  clear(): void {
    this.queue = [];
  }

  /** The next injected failure, if one is queued. */
  take(): Response | undefined {
    const failure = this.queue.shift();
    if (!failure) return undefined;
    // Marked, so a test (or a fuzzer) can tell an injected failure from a real one.
    const headers: Record<string, string> = { [INJECTED_HEADER]: "true" };
    if (failure.retryAfterSeconds !== undefined) headers["retry-after"] = String(failure.retryAfterSeconds);
    const body =
      failure.status === 429
        ? errorBody("TooManyRequests", "Rate limit exceeded (injected by the sandbox).")
        : errorBody(
            FAILURE_CODES[failure.status],
            `Injected failure (${failure.status}); ${this.queue.length} more queued.`,
          );
    return json(failure.status, body, headers);
  }
}

const FAILURE_CODES: Record<Exclude<FailureStatus, 429>, string> = {
  500: "InternalServerError",
  502: "BadGateway",
  503: "ServiceUnavailable",
  504: "GatewayTimeout",
};
