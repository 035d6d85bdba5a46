/**
 * What a sandbox is, as its users and its parts see it: the options, the `Sandbox`
 * interface, and how a part joins `reset()`. Apart from sandbox.ts (which builds one),
 * so the parts it is built from (the control routes, the MSW handlers) can name it
 * without importing what builds them.
 */
import type { Builders } from "./builders/index.js";
import type { OperationId } from "./http/definitions.js";
import type { FailurePlan, FailureStatus, Fault } from "./kit/faults.js";
import type { Override } from "./kit/overrides.js";
import type { ApiRequest } from "./kit/request-log.js";
import type { NowOption, SandboxClock } from "./state/clock.js";
import type { Fixtures } from "./state/fixtures.js";
import type { Store, StoreState } from "./state/store.js";
import type { SandboxWebhooks, WebhookDelivery, WebhookEndpointInput } from "./webhooks/index.js";

export interface SandboxOptions {
  /**
   * Seed of the data generator; the same seed gives the same ids. Default 20260415.
   * `false`: start empty, with only the organizations and their organization tokens;
   * add what a test needs with `sandbox.add`.
   */
  seed?: number | false;
  /**
   * The instant the seed data is laid out around (default 2026-04-15T12:00:00Z).
   * A date or ISO string: the clock starts there and runs with real time.
   * A function: the sandbox's clock, e.g. `() => new Date("2026-04-15T12:00:00Z")` to freeze it.
   */
  now?: NowOption;
  /**
   * The API version a request without `Polar-Version` is answered in (default 2026-04, the
   * version the packages' roots speak). A request that names a version is answered in it:
   * license keys carry their seat member from 2026-10, a validated key what granted it from 2027-01.
   */
  apiVersion?: "2026-04" | "2026-10" | "2027-01";
  /** Check every reply against its operation's definition: a listed status, a JSON body its schema accepts (default true). */
  validateResponses?: boolean;
  /** Start with failures queued, as `failNext` would queue them. */
  failNext?: FailurePlan;
  /** Larger request bodies are refused with 413 (default 4 MiB). */
  maxBodyBytes?: number;
  /**
   * Test speed: every injected failure says `Retry-After: 0`, so a client that
   * honours it (ours does) retries at once instead of waiting real seconds.
   * Default false (the `Retry-After` the fault asks for, 1 second for a 429).
   */
  instantRetries?: boolean;
  /**
   * Webhook endpoints from the start, as `sandbox.webhooks.add` takes them; `reset()` keeps
   * these (with the same ids and secrets) and forgets the ones added later.
   */
  webhooks?: readonly WebhookEndpointInput[];
  /**
   * Webhook ids are new random UUIDs by default, unique across sandboxes, resets, processes
   * and servers, as the service's are (a receiver that skips ids it has seen never drops an
   * event). A number makes them repeatable: the same ids in the same order, after a reset too.
   */
  webhookIdSeed?: number;
  /** Called with every webhook delivery attempt once made (the bin prints the failed ones). */
  onWebhookDelivery?: (delivery: WebhookDelivery) => void;
}

/** The option names `createSandbox` accepts; any other throws, naming these. */
export const SANDBOX_OPTIONS = [
  "seed",
  "now",
  "validateResponses",
  "failNext",
  "maxBodyBytes",
  "instantRetries",
  "webhooks",
  "webhookIdSeed",
  "onWebhookDelivery",
  "apiVersion",
] as const satisfies readonly (keyof SandboxOptions)[];

export interface Sandbox {
  /** The service as a fetch function: `createClient({ fetch: sandbox.fetch })`. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Seeded tokens and ids (a fresh copy on each read); `now` is the clock's now. */
  readonly fixtures: Fixtures;
  /**
   * Everything a test can change back to how `createSandbox` made it: the data
   * (without what `add` or requests made), the clock (running again from its start),
   * queued faults and overrides, and the ids builders hand out.
   */
  reset(): void;
  /** Builders that add records with realistic defaults and return them in their wire shape. */
  readonly add: Builders;
  /** The sandbox's clock: `freeze()`, `set(instant)`, `advance({ days: 3 })`, `resume()`, `now()`. */
  readonly clock: SandboxClock;
  /**
   * Makes the next `times` (default 1; Infinity for every) calls of one operation (or `"*"`:
   * any) fail: `{ status: 429, retryAfterSeconds: 2 }`, `{ status: 503 }`, `{ networkError: true }`
   * (the fetch rejects), or `{ delayMs: 2000 }` (answered late).
   */
  inject(operation: OperationId | "*", fault: Fault, options?: { times?: number }): void;
  /**
   * Answers the next call of `operation` (or `times` calls; Infinity: until reset) with this
   * reply instead of the sandbox's own: a status the spec lists with a body its schema accepts,
   * or an error status (400-599) with the service's error body (a default one when left out).
   * Checked at once: a reply the spec does not allow throws, naming why.
   */
  respond<Op extends OperationId>(operation: Op, reply: Override<Op>): void;
  /** The next `count` API responses fail with `status` (default 503), with `Retry-After` when given (429: default 1). */
  failNext(count: number, status?: FailureStatus, retryAfterSeconds?: number): void;
  /** Everything the sandbox holds now, as arrays of records: a copy, to assert what requests changed. */
  readonly state: StoreState;
  /**
   * The API requests routed so far (the last 1,000), oldest first, with the `Polar-Version`
   * and `Polar-Organization` each sent: a copy. `reset()` empties it.
   */
  readonly requests: ApiRequest[];
  /** The largest request body taken, in bytes (the `maxBodyBytes` option). */
  readonly maxBodyBytes: number;
  /** Webhook endpoints, the events state changes send them, `send(type, data?)`, the delivery log. */
  readonly webhooks: SandboxWebhooks;
}

/**
 * Something `reset()` restores. Each part of a sandbox that a test can change
 * joins the sandbox's list of parts (data, clock, faults, builders' ids; the
 * webhooks part adds its endpoints and deliveries the same way), so `reset()`
 * cannot forget one: it is one loop over the list.
 */
export interface Resettable {
  reset(): void;
}

/** A sandbox and what serves it under a prefix (for the sandboxes `POST /__sandbox/sandboxes` makes). */
export interface BuiltSandbox {
  sandbox: Sandbox;
  /** The sandbox's store: parts that follow its changes (webhooks) subscribe with `store.onChange`. */
  store: Store;
  /** Answers `request`, which arrived under `prefix` (e.g. `/__sandbox/sandboxes/2`). */
  serve(request: Request, prefix: string): Promise<Response>;
}
