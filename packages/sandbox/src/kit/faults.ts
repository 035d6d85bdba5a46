/**
 * Failure injection, so retries, timeouts and error screens can be tested:
 * - `failNext(count, status)`: the next `count` API responses, whatever the operation;
 * - `inject(operationId, fault, { times })`: the next calls of one operation (or `"*"`, any),
 *   with a status (429 with Retry-After, a 5xx), a network error, or a delay before answering.
 * `/__sandbox/*` requests never consume a failure. Injected responses carry
 * `x-sandbox-injected: true`, so a test can tell them from real ones.
 */
import { errorBody, json } from "../http/responses.js";
import { checkTimes, SandboxUsageError } from "./usage.js";

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

/** What sandbox.respond queues: a reply made for each call it answers (overrides.ts). */
interface Override {
  reply: () => Response;
}

interface Queued {
  /** An operation id, or "*" for any. */
  operation: string;
  fault: Fault | Override;
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

export interface FaultOptions {
  /** Every injected failure says `Retry-After: 0` (the sandbox's test-speed setting). */
  instantRetries: boolean;
}

export class FaultInjector {
  private queue: Queued[] = [];

  constructor(private readonly options: FaultOptions = { instantRetries: false }) {}

  failNext({ count, status, retryAfterSeconds }: FailurePlan): void {
    if (!Number.isInteger(count) || count < 0)
      throw new SandboxUsageError(`failNext: count must be a whole number, got ${count}`);
    checkStatus("failNext", status);
    if (count === 0) return;
    const fault: Fault = { status, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
    this.queue.push({ operation: "*", fault, remaining: count });
  }

  inject(operation: string, fault: Fault, times?: number): void {
    const remaining = checkTimes("sandbox.inject", times);
    checkFault(fault);
    this.queue.push({ operation, fault, remaining });
  }

  /** Answers the next `times` calls of `operation` with `reply()` (sandbox.respond). */
  override(operation: string, reply: () => Response, times?: number): void {
    const remaining = checkTimes("sandbox.respond", times);
    this.queue.push({ operation, fault: { reply }, remaining });
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

  private act(fault: Fault | Override): FaultAction {
    if ("reply" in fault) return { kind: "respond", response: fault.reply() };
    if ("delayMs" in fault) return { kind: "delay", ms: fault.delayMs };
    if ("networkError" in fault) {
      return { kind: "networkError", error: new InjectedNetworkError() };
    }
    const retryAfter = this.options.instantRetries ? 0 : fault.retryAfterSeconds;
    return { kind: "respond", response: failureResponse(fault.status, retryAfter, this.pending) };
  }
}

function checkStatus(what: string, status: number): void {
  if (!FAILURE_STATUSES.includes(status as FailureStatus))
    throw new SandboxUsageError(
      `${what}: status must be one of ${FAILURE_STATUSES.join(", ")}, got ${status}; for any other status and body, use sandbox.respond(operationId, { status, body })`,
    );
}

const FAULT_SHAPES = "{ status, retryAfterSeconds? }, { networkError: true } or { delayMs }";

function checkFault(fault: Fault): void {
  if (typeof fault !== "object" || fault === null)
    throw new SandboxUsageError(`sandbox.inject: give ${FAULT_SHAPES}, got ${String(fault)}`);
  const keys = Object.keys(fault).sort().join(",");
  if ("status" in fault && (keys === "status" || keys === "retryAfterSeconds,status")) {
    checkStatus("sandbox.inject", fault.status);
    const retryAfter = fault.retryAfterSeconds;
    if (retryAfter !== undefined && !(Number.isInteger(retryAfter) && retryAfter >= 0))
      throw new SandboxUsageError(
        `sandbox.inject: retryAfterSeconds must be a whole number of seconds, got ${retryAfter}`,
      );
    return;
  }
  if (keys === "delayMs" && "delayMs" in fault) {
    if (!(Number.isFinite(fault.delayMs) && fault.delayMs >= 0))
      throw new SandboxUsageError(
        `sandbox.inject: delayMs must be a number of milliseconds, got ${fault.delayMs}`,
      );
    return;
  }
  if (keys === "networkError" && "networkError" in fault && fault.networkError === true) return;
  throw new SandboxUsageError(`sandbox.inject: give ${FAULT_SHAPES}, got ${JSON.stringify(fault)}`);
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
