/**
 * Failure injection, so retries, timeouts and error screens can be tested:
 * - `failNext(count, status)`: the next `count` API responses, whatever the operation;
 * - `inject(operationId, fault, { times })`: the next calls of one operation (or `"*"`, any),
 *   with a status (429 with Retry-After, a 5xx), a network error, or a delay before answering.
 * `/__sandbox/*` requests never consume a failure. Injected responses carry
 * `x-sandbox-injected: true`, so a test can tell them from real ones.
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

/**
 * What an injected fault does to a call:
 * - `{ status }`: answers that status instead (429 with `Retry-After`, default 1 second);
 * - `{ networkError: true }`: the call fails as a dropped connection does (`fetch` rejects);
 * - `{ delayMs }`: the call waits that long, then is answered as usual.
 */
export type Fault =
  | { status: FailureStatus; retryAfterSeconds?: number }
  | { networkError: true }
  | { delayMs: number };

interface Queued {
  /** An operation id, or "*" for any. */
  operation: string;
  fault: Fault;
  remaining: number;
}

/**
 * What `sandbox.fetch` rejects with for an injected network error: a TypeError, as
 * `fetch` rejects for a dropped connection. The server drops the connection instead.
 */
export class InjectedNetworkError extends TypeError {
  override readonly name = "TypeError";
  constructor() {
    super("fetch failed (network error injected by the sandbox)", {
      cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
    });
  }
}

/** What the pipeline does with a call: answer this instead, fail it, or wait first. */
export type FaultAction =
  | { kind: "respond"; response: Response }
  | { kind: "networkError"; error: TypeError }
  | { kind: "delay"; ms: number };

export class FaultInjector {
  private queue: Queued[] = [];

  failNext({ count, status, retryAfterSeconds }: FailurePlan): void {
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError(`failNext: count must be a whole number, got ${count}`);
    checkStatus("failNext", status);
    if (count === 0) return;
    const fault: Fault = { status, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
    this.queue.push({ operation: "*", fault, remaining: count });
  }

  inject(operation: string, fault: Fault, times = 1): void {
    if (!(times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times > 0)))
      throw new RangeError(`inject: times must be a whole number above 0 or Infinity, got ${times}`);
    if ("status" in fault) checkStatus("inject", fault.status);
    else if ("delayMs" in fault && !(Number.isFinite(fault.delayMs) && fault.delayMs >= 0))
      throw new RangeError(`inject: delayMs must be a number of milliseconds, got ${fault.delayMs}`);
    else if (!("delayMs" in fault) && !("networkError" in fault && fault.networkError === true))
      throw new TypeError("inject: give { status }, { networkError: true } or { delayMs }");
    this.queue.push({ operation, fault, remaining: times });
  }

  /** How many failures are still queued (an endless one counts once). */
  get pending(): number {
    return this.queue.reduce((sum, q) => sum + (Number.isFinite(q.remaining) ? q.remaining : 1), 0);
  }

  clear(): void {
    this.queue = [];
  }

  /** The fault for a call of `operation` (undefined before routing: only "*" ones), consumed. */
  take(operation: string | undefined): FaultAction | undefined {
    const index = this.queue.findIndex((q) =>
      operation === undefined ? q.operation === "*" : q.operation === operation,
    );
    const queued = this.queue[index];
    if (!queued) return undefined;
    queued.remaining -= 1;
    if (queued.remaining <= 0) this.queue.splice(index, 1);
    return this.act(queued.fault);
  }

  private act(fault: Fault): FaultAction {
    if ("delayMs" in fault) return { kind: "delay", ms: fault.delayMs };
    if ("networkError" in fault) {
      return { kind: "networkError", error: new InjectedNetworkError() };
    }
    return {
      kind: "respond",
      response: failureResponse(fault.status, fault.retryAfterSeconds, this.pending),
    };
  }
}

function checkStatus(what: string, status: number): void {
  if (!FAILURE_STATUSES.includes(status as FailureStatus))
    throw new RangeError(`${what}: status must be one of ${FAILURE_STATUSES.join(", ")}, got ${status}`);
}

function failureResponse(
  status: FailureStatus,
  retryAfterSeconds: number | undefined,
  pending: number,
): Response {
  const retryAfter = retryAfterSeconds ?? (status === 429 ? 1 : undefined);
  const headers: Record<string, string> = { [INJECTED_HEADER]: "true" };
  if (retryAfter !== undefined) headers["retry-after"] = String(retryAfter);
  const body =
    status === 429
      ? errorBody("TooManyRequests", "Rate limit exceeded (injected by the sandbox).")
      : errorBody(FAILURE_CODES[status], `Injected failure (${status}); ${pending} more queued.`);
  return json(status, body, headers);
}

const FAILURE_CODES: Record<Exclude<FailureStatus, 429>, string> = {
  500: "InternalServerError",
  502: "BadGateway",
  503: "ServiceUnavailable",
  504: "GatewayTimeout",
};
