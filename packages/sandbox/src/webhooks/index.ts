/**
 * `sandbox.webhooks`: the endpoints a test or a developer registers, the events
 * the sandbox's state changes send them, an explicit `send`, and the log of
 * every delivery attempt. See the README's "Webhooks" section for which change
 * sends which events.
 */

import { checkKeys, SandboxUsageError, suggestion } from "../kit/usage.js";
import type { SandboxClock } from "../state/clock.js";
import { createRandom } from "../state/random.js";
import type { Store, StoreChange } from "../state/store.js";
import { eventsOf } from "./changes.js";
import { payloadProblems } from "./check.js";
import { Deliveries } from "./delivery.js";
import { EndpointRegistry, type WebhookEndpointInput, type WebhookEndpointView } from "./endpoints.js";
import { dataOf, EVENT_TYPES, isKnownType, SENDABLE_TYPES, seededRecord } from "./events.js";
import { DeliveryLog, type WebhookDelivery, type WebhookPayload } from "./log.js";
import { withOverrides } from "./overrides.js";
import { passTime } from "./renewals.js";

export { RETRY_DELAYS_MS } from "./delivery.js";
export type { WebhookEndpointInput, WebhookEndpointView, WebhookHandler } from "./endpoints.js";
export type { WebhookDelivery, WebhookPayload } from "./log.js";

export interface SandboxWebhooks {
  /** Sends events to a URL or an in-process handler; returns its id and signing secret. */
  add(endpoint: WebhookEndpointInput): { id: string; secret: string };
  /** Stops sending to an endpoint; false when there was none with this id. */
  remove(id: string): boolean;
  /** The registered endpoints (a copy). */
  readonly endpoints: WebhookEndpointView[];
  /**
   * Sends one event now: `data` as given, or without it, built from a seeded record of
   * the type's kind; `set` overrides fields of it by path (`{ "customer.email": "a@b.c" }`),
   * checked against the event's schema. Resolves with the first attempt to each endpoint, once made.
   */
  send(type: string, data?: unknown, options?: SendOptions): Promise<WebhookDelivery[]>;
  /** Every attempt so far, oldest first (a copy). */
  readonly deliveries: WebhookDelivery[];
  /** Retries not yet due, soonest first. */
  readonly pending: Deliveries["pending"];
  /** Resolves when no attempt is running: await it after a change, before reading `deliveries`. */
  settled(): Promise<void>;
}

export interface SendOptions {
  /** Fields of the event's data to override, by path: `{ total_amount: 100, "customer.email": "a@b.c" }`. */
  set?: Readonly<Record<string, unknown>>;
}

export interface WebhooksContext {
  store: Store;
  /** The sandbox's clock (as it is, not watched). */
  clock: SandboxClock;
  /** The sandbox's seed number: endpoint ids and secrets follow from it. */
  seed: number;
  /**
   * Webhook ids: new random ones by default (unique across sandboxes, resets, processes), as
   * the service's; from this seed when given (the same ids again after a reset or a restart).
   */
  webhookIdSeed?: number | undefined;
  /** Told of every attempt once made (the bin prints the failed ones). */
  onDelivery?: ((delivery: WebhookDelivery) => void) | undefined;
  /** Endpoints from the start (the `webhooks` option), back after every reset. */
  endpoints?: readonly WebhookEndpointInput[] | undefined;
}

/** The webhooks part of a sandbox: what users call (`api`) and what the sandbox calls. */
export interface WebhooksPart {
  api: SandboxWebhooks;
  /** Sends what a store change means (the store's `onChange` listener). */
  changed(change: StoreChange): void;
  /** Renews and ends the subscriptions whose period the clock passed, and makes the retries it reached. */
  clockMoved(from: Date, to: Date): void;
  /** Forgets endpoints, deliveries and retries (part of `sandbox.reset()`). */
  reset(): void;
}

export function createWebhooks(ctx: WebhooksContext): WebhooksPart {
  const randomSeed = ctx.seed ^ 0x3ebb;
  let random = createRandom(randomSeed);
  let webhookId = webhookIds(ctx.webhookIdSeed);
  const log = new DeliveryLog();
  const deliveries = new Deliveries(ctx.clock, log, ctx.onDelivery);
  const endpoints = new EndpointRegistry({
    get random() {
      return random;
    },
    eventTypes: SENDABLE_TYPES,
    organizationId: (ref) =>
      [...ctx.store.organizations.values()].find((org) => org.id === ref || org.slug === ref)?.id,
    organizationSlugs: () => [...ctx.store.organizations.values()].map((org) => org.slug),
  });

  function addInitial(): void {
    if (ctx.endpoints !== undefined && !Array.isArray(ctx.endpoints))
      throw new SandboxUsageError(
        "createSandbox: webhooks must be an array of endpoints ({ url } or { handler })",
      );
    for (const endpoint of ctx.endpoints ?? []) endpoints.add(endpoint);
  }
  addInitial();

  /** When set, the instant the events being sent happened (a renewal the clock passed). */
  let happenedAt: Date | undefined;

  /** Signs and sends one event to every endpoint that wants it; nothing is built when none does. */
  function emit(
    type: string,
    organizationId: string | null,
    data: () => unknown,
  ): Promise<WebhookDelivery[]> {
    const targets = endpoints.matching(type, organizationId);
    if (targets.length === 0) return Promise.resolve([]);
    const timestamp = (happenedAt ?? ctx.clock.now()).toISOString();
    const payload: WebhookPayload = { type, timestamp, data: data() };
    const body = JSON.stringify(payload);
    const first = targets.map((endpoint) =>
      deliveries.deliver({ webhookId: webhookId(), payload, body, endpoint }),
    );
    return Promise.all(first).then((entries) => entries.filter((entry) => entry !== undefined));
  }

  /** `send`'s work; a misuse throws (send turns it into a rejection). */
  function sendNow(type: string, given: unknown, options: SendOptions): Promise<WebhookDelivery[]> {
    const where = "sandbox.webhooks.send";
    checkKeys(`${where} options`, options, ["set"]);
    if (typeof type !== "string" || !/^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/.test(type))
      throw new SandboxUsageError(
        `${where}: ${JSON.stringify(type)} is not an event type; accepted: ${SENDABLE_TYPES.join(", ")}`,
      );
    let organizationId = organizationOf(given);
    let data = given;
    if (data === undefined) {
      const built = seededData(type);
      organizationId = built.organizationId;
      data = built.data;
    }
    if (options.set !== undefined) data = withOverrides(where, data, options.set);
    if (given !== undefined || options.set !== undefined) {
      const problems = payloadProblems(
        { type, timestamp: ctx.clock.now().toISOString(), data },
        isKnownType(type),
      );
      if (problems) throw new SandboxUsageError(`${where}: the data is not a ${type} event's: ${problems}`);
    }
    return emit(type, organizationId, () => structuredClone(data));
  }

  /** The data of a `type` event, built from a record of the sandbox that fits it. */
  function seededData(type: string): ReturnType<typeof dataOf> {
    if (!isKnownType(type))
      throw new SandboxUsageError(
        `sandbox.webhooks.send: no seeded data for ${JSON.stringify(type)}${suggestion(type, SENDABLE_TYPES)}; give its data (send(type, data)) or use one of: ${SENDABLE_TYPES.join(", ")}`,
      );
    const record = seededRecord(type, ctx.store);
    if (record === undefined)
      throw new SandboxUsageError(
        `sandbox.webhooks.send: the sandbox holds no record for ${type}; add one first (sandbox.add) or give the data`,
      );
    return dataOf(EVENT_TYPES[type].kind, ctx.store, record);
  }

  const api: SandboxWebhooks = {
    add(input) {
      const endpoint = endpoints.add(input);
      return { id: endpoint.id, secret: endpoint.secret };
    },
    remove: (id) => endpoints.remove(id),
    get endpoints() {
      return endpoints.list();
    },
    send(type, data, options = {}) {
      try {
        return sendNow(type, data, options);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    get deliveries() {
      return log.list();
    },
    get pending() {
      return deliveries.pending;
    },
    settled: () => deliveries.settled(),
  };

  return {
    api,
    changed(change) {
      for (const event of eventsOf(change)) {
        // Built now, while the record is as the change left it; sent after the request's own work.
        const organizationId = (event.record as { organization_id: string }).organization_id;
        if (endpoints.matching(event.type, organizationId).length === 0) continue;
        let built: ReturnType<typeof dataOf>;
        try {
          built = dataOf(event.kind, ctx.store, event.record);
        } catch (error) {
          // A webhook that cannot be built must not fail the request or builder that made the change.
          console.error(`[sandbox] ${event.type} not sent: ${(error as Error).message}`);
          continue;
        }
        void emit(event.type, built.organizationId, () => built.data);
      }
    },
    clockMoved(from, to) {
      passTime(
        {
          store: ctx.store,
          random: () => random,
          at(instant, work) {
            happenedAt = instant;
            try {
              work();
            } finally {
              happenedAt = undefined;
            }
          },
        },
        from,
        to,
      );
      deliveries.clockMoved();
    },
    reset() {
      deliveries.clear();
      endpoints.clear();
      log.clear();
      random = createRandom(randomSeed);
      webhookId = webhookIds(ctx.webhookIdSeed);
      addInitial();
    },
  };
}

/**
 * Where webhook ids come from. The service's are unique, and receivers skip a `webhook-id`
 * they have seen (as our client's README recommends), so ids drawn from the seed would make a
 * receiver drop events after a reset or a restart. Only a test that asks for repeatable ids
 * (`webhookIdSeed`) gets them.
 */
function webhookIds(seed: number | undefined): () => string {
  if (seed === undefined) return () => crypto.randomUUID();
  const random = createRandom(seed);
  return () => random.uuid();
}

function organizationOf(data: unknown): string | null {
  const id = (data as { organization_id?: unknown } | null)?.organization_id;
  return typeof id === "string" ? id : null;
}
