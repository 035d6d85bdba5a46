/**
 * The delivery log: one entry per attempt, oldest first, so a test can assert
 * what its app answered ("my app answered 2xx to order.paid") and what was retried.
 */

/** The body every webhook carries. */
export interface WebhookPayload {
  type: string;
  /** When the change happened, on the sandbox's clock. */
  timestamp: string;
  data: unknown;
}

export interface WebhookDelivery {
  /** The message's `webhook-id`: the same on every attempt of one event to one endpoint. */
  webhookId: string;
  /** The event type, e.g. `order.paid`. */
  type: string;
  /** The endpoint's id, as `sandbox.webhooks.add` returned it. */
  endpoint: string;
  /** Where it went; null for an in-process handler. */
  url: string | null;
  /** 1 for the first attempt, then 2, 3, … for retries. */
  attempt: number;
  /** When the attempt was made, on the sandbox's clock (ISO 8601). */
  at: string;
  /** The status the endpoint answered; null when it did not answer (error or timeout). */
  status: number | null;
  /** True for a 2xx answer. */
  ok: boolean;
  /** Why an attempt without an answer failed (refused connection, timeout, handler threw). */
  error: string | null;
  /** When the next attempt is due on the sandbox's clock; null when none (delivered or given up). */
  nextAttemptAt: string | null;
  /** What was sent. */
  payload: WebhookPayload;
}

/** Beyond this many attempts the oldest are dropped (a long benchmark or soak test keeps its memory). */
export const DELIVERY_LOG_LIMIT = 10_000;

export class DeliveryLog {
  #entries: WebhookDelivery[] = [];

  record(entry: WebhookDelivery): void {
    this.#entries.push(entry);
    if (this.#entries.length > DELIVERY_LOG_LIMIT)
      this.#entries.splice(0, this.#entries.length - DELIVERY_LOG_LIMIT);
  }

  /** A copy, oldest first. */
  list(): WebhookDelivery[] {
    return structuredClone(this.#entries);
  }

  clear(): void {
    this.#entries = [];
  }
}
