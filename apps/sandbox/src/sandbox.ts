/**
 * `createSandbox()`: the whole service as a fetch handler over an in-memory store.
 *
 * A request goes through, in order: CORS preflight; the sandbox's own
 * `/__sandbox` endpoints (control.ts; a sandbox made by `POST /__sandbox/sandboxes`
 * is reached under its own prefix there); an injected failure or override, if one
 * is queued; routing (404 for an unknown path, 405 for a wrong method, 501 for an
 * operation of the spec without a route yet); authentication and scopes; the
 * operation's handler; and a check of the reply against the operation's
 * generated definition: a status it lists and, for JSON, its response schema
 * (a mismatch is a 500 that names the problem).
 */
import { authenticate } from "./auth.js";
import { DEFAULT_MAX_BODY_BYTES, withBodyLimit } from "./body.js";
import { type Builders, createBuilders } from "./builders/index.js";
import { createClock, type NowOption, type SandboxClock } from "./clock.js";
import { type ControlContext, handleControl } from "./control/index.js";
import { createSandboxRegistry, type SandboxRegistry } from "./control/sandboxes.js";
import { checkOperation, DEFINITIONS, type OperationId } from "./definitions.js";
import {
  type FailurePlan,
  type FailureStatus,
  type Fault,
  type FaultAction,
  FaultInjector,
  InjectedNetworkError,
} from "./faults.js";
import { buildFixtures, type Fixtures } from "./fixtures.js";
import { createHintLog, HINT_HEADER, unauthorizedHint } from "./hints.js";
import { json, ServiceError } from "./http.js";
import { type Override, overrideResponse } from "./overrides.js";
import { QueryReader } from "./query.js";
import type { TokenKind } from "./records.js";
import { respond } from "./respond.js";
import { OPERATIONS, ROUTES } from "./routes/index.js";
import { createRouter } from "./routing.js";
import { buildSeed, DEFAULT_SEED } from "./seed/index.js";
import { createStore, type SeedData, type Store, type StoreState, snapshot, TABLES } from "./store.js";
import { checkKeys, SandboxUsageError } from "./usage.js";
import { watchClock } from "./webhooks/clock-watch.js";
import { createWebhooks, type SandboxWebhooks, type WebhookEndpointInput } from "./webhooks/index.js";

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
  /** Check every reply against its operation's definition: a listed status, a JSON body its schema accepts (default true). */
  validateResponses?: boolean;
  /** Start with failures queued, as `failNext` would queue them. */
  failNext?: FailurePlan;
  /** Larger request bodies are refused with 413 (default 4 MiB). */
  maxBodyBytes?: number;
  /**
   * Webhook endpoints from the start, as `sandbox.webhooks.add` takes them; `reset()` keeps
   * these (with the same ids and secrets) and forgets the ones added later.
   */
  webhooks?: readonly WebhookEndpointInput[];
  /**
   * Test speed: every injected failure says `Retry-After: 0`, so a client that
   * honours it (ours does) retries at once instead of waiting real seconds.
   * Default false (the `Retry-After` the fault asks for, 1 second for a 429).
   */
  instantRetries?: boolean;
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

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": `retry-after, www-authenticate, content-disposition, ${HINT_HEADER}`,
};

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return buildSandbox(options).sandbox;
}

/** A sandbox and what serves it under a prefix (for the sandboxes `POST /__sandbox/sandboxes` makes). */
export interface BuiltSandbox {
  sandbox: Sandbox;
  /** The sandbox's store: parts that follow its changes (webhooks) subscribe with `store.onChange`. */
  store: Store;
  /** Answers `request`, which arrived under `prefix` (e.g. `/__sandbox/sandboxes/2`). */
  serve(request: Request, prefix: string): Promise<Response>;
}

export function buildSandbox(options: SandboxOptions = {}): BuiltSandbox {
  checkOptions(options);
  const seedNumber = options.seed === false ? DEFAULT_SEED : (options.seed ?? DEFAULT_SEED);
  const clock = createClock(options.now);
  const { seed, fixtures } = seedFor(seedNumber, clock.start, options.seed === false);
  const faults = new FaultInjector({ instantRetries: options.instantRetries ?? false });
  const secret = `sandbox-${seedNumber}`;
  const validate = options.validateResponses ?? true;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 0)
    throw new SandboxUsageError(
      `createSandbox: maxBodyBytes must be a whole number of bytes, got ${maxBodyBytes}`,
    );
  const router = createRouter(DEFINITIONS, ROUTES);
  const store = createStore(seed);
  const add = createBuilders({ store, now: () => clock.now(), seed: seedNumber });
  if (options.failNext) faults.failNext(options.failNext);
  const webhooks = createWebhooks({ store, clock, seed: seedNumber, endpoints: options.webhooks });
  store.onChange(webhooks.changed);

  // What reset() restores, in order. A new part that tests can change joins this list
  // (webhooks: its endpoints and delivery log), so reset() restores it too.
  const parts: Resettable[] = [
    { reset: () => store.load(seed) },
    clock,
    // Queued faults and overrides go; the `failNext` option's failures too (as the README says).
    { reset: () => faults.clear() },
    add,
    webhooks,
  ];
  const reset = () => {
    for (const part of parts) part.reset();
  };

  // Sandboxes made over HTTP (`POST /__sandbox/sandboxes`), one per Playwright worker or test;
  // made lazily, so a sandbox that never serves HTTP pays nothing for it.
  let registry: SandboxRegistry | undefined;
  const sandboxes = () => {
    registry ??= createSandboxRegistry(options);
    return registry;
  };

  const sandbox: Sandbox = {
    fetch: (input, init) => {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      return serve(request, "");
    },
    get fixtures() {
      return { ...structuredClone(fixtures), now: clock.now().toISOString() };
    },
    get state() {
      return snapshot(store);
    },
    reset,
    add,
    clock: watchClock(clock, webhooks.clockMoved),
    webhooks: webhooks.api,
    inject(operation, fault, injectOptions = {}) {
      checkKeys("sandbox.inject options", injectOptions, ["times"]);
      faults.inject(checkOperation("sandbox.inject", operation, true), fault, injectOptions.times);
    },
    respond(operation, reply) {
      const id = checkOperation("sandbox.respond", operation);
      const { times } = reply as { times?: number };
      faults.override(id, overrideResponse(id, reply as Override<OperationId>), times);
    },
    maxBodyBytes,
    failNext(count, status = 503, retryAfterSeconds) {
      faults.failNext({ count, status, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) });
    },
  };

  // The control routes reach every part through this one object. The webhooks part adds a
  // `webhooks` group to control/index.ts and what it needs here.
  const control: ControlContext = {
    sandbox,
    store,
    operations: OPERATIONS,
    secret,
    pendingFaults: () => faults.pending,
    sandboxes,
  };

  const logHint = createHintLog();

  async function dispatch(received: Request, prefix: string): Promise<Response> {
    const url = new URL(received.url);
    if (received.method === "OPTIONS") return preflight(received);
    const path = url.pathname.slice(prefix.length) || "/";
    const baseUrl = url.origin + prefix;
    let request = received;
    let accepted: readonly TokenKind[] | undefined;
    try {
      request = await withBodyLimit(received, maxBodyBytes);
      if (path === "/__sandbox" || path.startsWith("/__sandbox/")) {
        return await handleControl(request, { url, path, baseUrl }, control);
      }
      const anyCall = await applyFault(faults.take(undefined));
      if (anyCall) return anyCall;
      const { route, params } = router.find(request.method, path);
      accepted = route.auth.kinds;
      const thisCall = await applyFault(faults.take(route.definition.id));
      if (thisCall) return thisCall;
      const principal = authenticate(request, store.tokens, route.auth);
      const reply = await route.handle({
        request,
        url,
        baseUrl,
        query: new QueryReader(url.searchParams, route.definition),
        params,
        principal,
        store,
        now: () => clock.now(),
        secret,
      });
      return respond(route.definition, reply, validate);
    } catch (error) {
      if (error instanceof ServiceError) {
        const response = error.toResponse();
        if (response.status === 401 && accepted) {
          const hint = unauthorizedHint(request, store.tokens, accepted);
          response.headers.set(HINT_HEADER, hint);
          logHint(hint);
        }
        return response;
      }
      if (error instanceof InjectedNetworkError) throw error;
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`[sandbox] ${request.method} ${url.pathname}: ${detail}`);
      return json(500, { error: "InternalServerError", detail: `Sandbox bug: ${String(error)}` });
    }
  }

  async function serve(request: Request, prefix: string): Promise<Response> {
    return withCors(await dispatch(request, prefix));
  }

  return { sandbox, store, serve };
}

function checkOptions(options: SandboxOptions): void {
  if (typeof options !== "object" || options === null)
    throw new SandboxUsageError(`createSandbox: options must be an object, got ${String(options)}`);
  checkKeys("createSandbox", options, SANDBOX_OPTIONS);
  const { seed } = options;
  if (seed !== undefined && seed !== false && !Number.isInteger(seed))
    throw new SandboxUsageError(`createSandbox: seed must be a whole number or false, got ${String(seed)}`);
}

/**
 * Seed data and fixtures, built once per (seed, start) and shared: stores are
 * deep copies, so no request can change them. Keeps many sandboxes cheap in tests.
 */
const seedCache = new Map<string, { seed: SeedData; fixtures: Fixtures }>();
const SEED_CACHE_SIZE = 4;

function seedFor(seedNumber: number, start: Date, empty: boolean): { seed: SeedData; fixtures: Fixtures } {
  const cacheKey = `${seedNumber}@${start.toISOString()}${empty ? " empty" : ""}`;
  let entry = seedCache.get(cacheKey);
  if (!entry) {
    const full = buildSeed({ seed: seedNumber, now: start });
    const seed = empty ? organizationsOnly(full) : full;
    entry = { seed, fixtures: buildFixtures(seed, start) };
    if (seedCache.size >= SEED_CACHE_SIZE) seedCache.delete(seedCache.keys().next().value as string);
    seedCache.set(cacheKey, entry);
  }
  return entry;
}

/** The seed without its records: the organizations and their organization tokens. */
function organizationsOnly(seed: SeedData): SeedData {
  const none = Object.fromEntries(TABLES.map((table) => [table, []])) as unknown as SeedData;
  return {
    ...none,
    organizations: seed.organizations,
    tokens: seed.tokens.filter((token) => token.customer_id === undefined),
  };
}

/** Answers or fails a call as an injected fault says; undefined: go on (after a delay, if any). */
async function applyFault(action: FaultAction | undefined): Promise<Response | undefined> {
  if (!action) return undefined;
  if (action.kind === "respond") return action.response;
  if (action.kind === "networkError") throw action.error;
  await new Promise((resolve) => setTimeout(resolve, action.ms));
  return undefined;
}

function preflight(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
      "access-control-allow-headers":
        request.headers.get("access-control-request-headers") ?? "authorization, content-type",
      "access-control-max-age": "600",
    },
  });
}

function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  return response;
}
