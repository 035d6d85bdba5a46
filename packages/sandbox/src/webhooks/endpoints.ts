/**
 * The endpoints webhooks go to: a URL (an HTTP POST, as the service delivers)
 * or an in-process handler (a fetch-style function given the same signed
 * `Request`), each with its secret and an optional filter of event types.
 */

import { checkKeys, SandboxUsageError, suggestion } from "../kit/usage.js";
import type { Random } from "../state/random.js";

/**
 * An in-process receiver: the signed request the service would POST. Answer with a
 * `Response` (its status is the delivery's), or nothing for 204; a throw is a failed attempt.
 * `createWebhookHandler(...)` from `@commerce-api/client/webhooks` is one.
 */
export type WebhookHandler = (request: Request) => Response | undefined | Promise<Response | undefined>;

export interface WebhookEndpointInput {
  /** Where to POST each event (http or https). Give this or `handler`. */
  url?: string;
  /** An in-process receiver, called with the signed request. Give this or `url`. */
  handler?: WebhookHandler;
  /** The signing secret as the service's dashboard shows it; default a new `polar_whs_…` one. */
  secret?: string;
  /** Only these event types (default: every event). */
  events?: readonly string[];
  /** Only events of this organization, by id or slug (default: every organization's). */
  organization?: string;
  /** An attempt with no answer after this long fails, as a timeout (default 10,000 ms of real time). */
  timeoutMs?: number;
}

export const ENDPOINT_OPTIONS = ["url", "handler", "secret", "events", "organization", "timeoutMs"] as const;

export interface WebhookEndpoint {
  id: string;
  url: string | null;
  handler: WebhookHandler | null;
  secret: string;
  events: readonly string[] | null;
  organizationId: string | null;
  timeoutMs: number;
}

/** An endpoint as `sandbox.webhooks.endpoints` and `GET /__sandbox/webhooks` show it. */
export interface WebhookEndpointView {
  id: string;
  url: string | null;
  handler: boolean;
  secret: string;
  events: string[] | null;
  organization_id: string | null;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

const SECRET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export interface EndpointContext {
  random: Random;
  /** Event types an endpoint may filter on. */
  eventTypes: readonly string[];
  /** The organization id for an id or slug; undefined when none matches. */
  organizationId(ref: string): string | undefined;
  /** Every organization's slug, for the message when none matches. */
  organizationSlugs(): string[];
}

export class EndpointRegistry {
  readonly #endpoints = new Map<string, WebhookEndpoint>();

  constructor(private readonly ctx: EndpointContext) {}

  add(input: WebhookEndpointInput): WebhookEndpoint {
    const endpoint = this.#check(input);
    this.#endpoints.set(endpoint.id, endpoint);
    return endpoint;
  }

  remove(id: string): boolean {
    return this.#endpoints.delete(id);
  }

  /** The endpoints an event of `type` of organization `organizationId` goes to. */
  matching(type: string, organizationId: string | null): WebhookEndpoint[] {
    return [...this.#endpoints.values()].filter(
      (endpoint) =>
        (endpoint.events === null || endpoint.events.includes(type)) &&
        (endpoint.organizationId === null ||
          organizationId === null ||
          endpoint.organizationId === organizationId),
    );
  }

  get(id: string): WebhookEndpoint | undefined {
    return this.#endpoints.get(id);
  }

  list(): WebhookEndpointView[] {
    return [...this.#endpoints.values()].map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      handler: endpoint.handler !== null,
      secret: endpoint.secret,
      events: endpoint.events ? [...endpoint.events] : null,
      organization_id: endpoint.organizationId,
    }));
  }

  clear(): void {
    this.#endpoints.clear();
  }

  #check(input: WebhookEndpointInput): WebhookEndpoint {
    const what = "sandbox.webhooks.add";
    if (typeof input !== "object" || input === null)
      throw new SandboxUsageError(`${what}: give { url } or { handler }, with secret and events if you like`);
    checkKeys(what, input, ENDPOINT_OPTIONS);
    const { url, handler, secret, events, organization, timeoutMs } = input;
    if ((url === undefined) === (handler === undefined))
      throw new SandboxUsageError(
        `${what}: give exactly one of url (an http(s) address) and handler (a function)`,
      );
    if (handler !== undefined && typeof handler !== "function")
      throw new SandboxUsageError(`${what}: handler must be a function (request: Request) => Response`);
    if (url !== undefined) checkUrl(url);
    if (secret !== undefined && (typeof secret !== "string" || secret.length === 0))
      throw new SandboxUsageError(`${what}: secret must be a non-empty string (as the dashboard shows it)`);
    if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0))
      throw new SandboxUsageError(
        `${what}: timeoutMs must be a number of milliseconds above 0, got ${timeoutMs}`,
      );
    return {
      id: this.ctx.random.uuid(),
      url: url ?? null,
      handler: handler ?? null,
      secret: secret ?? `polar_whs_${this.ctx.random.string(43, SECRET_ALPHABET)}`,
      events: events === undefined ? null : this.#checkEvents(events),
      organizationId: organization === undefined ? null : this.#organization(organization),
      timeoutMs: timeoutMs ?? DEFAULT_TIMEOUT_MS,
    };
  }

  #checkEvents(events: readonly string[]): string[] {
    if (!Array.isArray(events) || events.length === 0)
      throw new SandboxUsageError(
        "sandbox.webhooks.add: events must be a non-empty array of event types (or left out: all)",
      );
    for (const type of events) {
      if (!this.ctx.eventTypes.includes(type))
        throw new SandboxUsageError(
          `sandbox.webhooks.add: unknown event type ${JSON.stringify(type)}${suggestion(String(type), this.ctx.eventTypes)} in events; accepted: ${this.ctx.eventTypes.join(", ")}`,
        );
    }
    return [...events];
  }

  #organization(ref: string): string {
    const id = this.ctx.organizationId(ref);
    if (id === undefined)
      throw new SandboxUsageError(
        `sandbox.webhooks.add: no organization ${JSON.stringify(ref)}; give an id or one of: ${this.ctx.organizationSlugs().join(", ")}`,
      );
    return id;
  }
}

function checkUrl(url: unknown): void {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === "string" ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:"))
    throw new SandboxUsageError(
      `sandbox.webhooks.add: url must be an absolute http(s) address such as http://127.0.0.1:3000/api/webhooks, got ${JSON.stringify(url)}`,
    );
}
