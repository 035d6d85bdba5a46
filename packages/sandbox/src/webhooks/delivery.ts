/**
 * Delivering webhooks: each event to each matching endpoint, signed, one at a
 * time per endpoint (so a receiver sees an order's `order.created` before its
 * `order.paid`), and retried on a non-2xx answer, an error or a timeout.
 *
 * Retries wait on the sandbox's clock, not real time: `clock.advance({ minutes: 5 })`
 * makes every retry due by then happen (a running clock also fires them as real
 * time reaches them). The signature's timestamp is real time, though: receivers
 * check it against their own clock (5 minutes of tolerance), which the sandbox's
 * clock, set in April 2026 for the seed data, would fail.
 */
import type { SandboxClock } from "../state/clock.js";
import type { WebhookEndpoint } from "./endpoints.js";
import type { DeliveryLog, WebhookDelivery, WebhookPayload } from "./log.js";
import { signedHeaders } from "./signing.js";

/** The waits before attempts 2 to 8, as Standard Webhooks' reference schedule: then it gives up. */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** One event on its way to one endpoint. */
export interface Message {
  webhookId: string;
  payload: WebhookPayload;
  /** The JSON text signed and sent: the same bytes on every attempt. */
  body: string;
  endpoint: WebhookEndpoint;
}

interface Retry {
  message: Message;
  attempt: number;
  dueAt: number;
}

export class Deliveries {
  readonly #clock: SandboxClock;
  readonly #log: DeliveryLog;
  #retries: Retry[] = [];
  /** The last attempt queued for each endpoint: the next one waits for it. */
  #queues = new Map<string, Promise<unknown>>();
  #inFlight = new Set<Promise<unknown>>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by `clear()`, so attempts still running from before a reset neither log nor retry. */
  #generation = 0;

  readonly #onAttempt: ((delivery: WebhookDelivery) => void) | undefined;

  constructor(clock: SandboxClock, log: DeliveryLog, onAttempt?: (delivery: WebhookDelivery) => void) {
    this.#clock = clock;
    this.#log = log;
    this.#onAttempt = onAttempt;
  }

  /** Queues the first attempt; resolves with its log entry once made (not when retries are). */
  deliver(message: Message): Promise<WebhookDelivery | undefined> {
    return this.#enqueue(message, 1);
  }

  /** Makes the attempts that are due by the sandbox's clock; call after it moves. */
  clockMoved(): void {
    const now = this.#clock.now().getTime();
    const due = this.#retries.filter((retry) => retry.dueAt <= now);
    this.#retries = this.#retries.filter((retry) => retry.dueAt > now);
    for (const retry of due.sort((a, b) => a.dueAt - b.dueAt))
      void this.#enqueue(retry.message, retry.attempt);
    this.#armTimer();
  }

  /** Resolves when no attempt is running (retries not yet due are not waited for). */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Attempts not yet made, soonest first. */
  get pending(): { webhookId: string; type: string; endpoint: string; attempt: number; dueAt: string }[] {
    return [...this.#retries]
      .sort((a, b) => a.dueAt - b.dueAt)
      .map(({ message, attempt, dueAt }) => ({
        webhookId: message.webhookId,
        type: message.payload.type,
        endpoint: message.endpoint.id,
        attempt,
        dueAt: new Date(dueAt).toISOString(),
      }));
  }

  /** Forgets the retries and the queues (reset); attempts already running end unrecorded. */
  clear(): void {
    this.#generation++;
    this.#retries = [];
    this.#queues.clear();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #enqueue(message: Message, attempt: number): Promise<WebhookDelivery | undefined> {
    const generation = this.#generation;
    const previous = this.#queues.get(message.endpoint.id) ?? Promise.resolve();
    const run = previous.then(() =>
      generation === this.#generation ? this.#attempt(message, attempt) : undefined,
    );
    this.#queues.set(message.endpoint.id, run);
    this.#inFlight.add(run);
    void run.finally(() => {
      this.#inFlight.delete(run);
      if (this.#queues.get(message.endpoint.id) === run) this.#queues.delete(message.endpoint.id);
    });
    return run;
  }

  async #attempt(message: Message, attempt: number): Promise<WebhookDelivery | undefined> {
    const generation = this.#generation;
    const at = this.#clock.now();
    const answer = await send(message);
    if (generation !== this.#generation) return undefined;
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const delay = ok ? undefined : RETRY_DELAYS_MS[attempt - 1];
    const dueAt = delay === undefined ? null : at.getTime() + delay;
    const entry: WebhookDelivery = {
      webhookId: message.webhookId,
      type: message.payload.type,
      endpoint: message.endpoint.id,
      url: message.endpoint.url,
      attempt,
      at: at.toISOString(),
      status: answer.status,
      ok,
      error: answer.error,
      nextAttemptAt: dueAt === null ? null : new Date(dueAt).toISOString(),
      payload: message.payload,
    };
    this.#log.record(entry);
    this.#onAttempt?.(structuredClone(entry));
    if (dueAt !== null) {
      this.#retries.push({ message, attempt: attempt + 1, dueAt });
      this.#armTimer();
    }
    return entry;
  }

  /** With the clock running, the soonest retry also fires when real time reaches it. */
  #armTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#clock.frozen || this.#retries.length === 0) return;
    const soonest = this.#retries.reduce(
      (min, retry) => Math.min(min, retry.dueAt),
      Number.POSITIVE_INFINITY,
    );
    const wait = Math.max(0, soonest - this.#clock.now().getTime());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.clockMoved();
    }, wait);
    // A retry hours away must not keep a test runner or a script alive.
    (this.#timer as { unref?: () => void }).unref?.();
  }
}

interface Answer {
  status: number | null;
  error: string | null;
}

/** One attempt: the signed POST, to a URL or to the in-process handler. */
async function send(message: Message): Promise<Answer> {
  const { endpoint, body, webhookId } = message;
  const headers = await signedHeaders(endpoint.secret, webhookId, Math.floor(Date.now() / 1000), body);
  try {
    if (endpoint.url !== null) {
      const response = await fetch(endpoint.url, {
        method: "POST",
        headers: { ...headers, "user-agent": "commerce-sandbox-webhooks" },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(endpoint.timeoutMs),
      });
      await response.body?.cancel();
      return { status: response.status, error: null };
    }
    const request = new Request("http://sandbox.invalid/webhooks", { method: "POST", headers, body });
    const response = await withTimeout(
      Promise.resolve().then(() => endpoint.handler?.(request)),
      endpoint.timeoutMs,
    );
    return { status: response instanceof Response ? response.status : 204, error: null };
  } catch (error) {
    return { status: null, error: failureOf(error, endpoint) };
  }
}

class Timeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function failureOf(error: unknown, endpoint: WebhookEndpoint): string {
  const name = (error as { name?: string })?.name;
  if (error instanceof Timeout || name === "TimeoutError")
    return `no answer within ${endpoint.timeoutMs} ms (timeoutMs)`;
  if (endpoint.url === null)
    return `the handler threw: ${error instanceof Error ? error.message : String(error)}`;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === "ECONNREFUSED")
    return `connection refused by ${endpoint.url} (is the receiver running?)`;
  return `could not reach ${endpoint.url}: ${cause?.message ?? (error instanceof Error ? error.message : String(error))}`;
}
