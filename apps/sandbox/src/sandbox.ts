/**
 * `createSandbox()`: the whole service as a fetch handler over an in-memory store.
 *
 * A request goes through, in order: CORS preflight; the sandbox's own
 * `/__sandbox` endpoints; an injected failure, if one is queued; routing (404 for
 * an unknown path, 405 for a wrong method, 501 for an operation of the spec
 * without a route yet); authentication and scopes; the
 * operation's handler; and a check of the reply against the operation's
 * generated definition: a status it lists and, for JSON, its response schema
 * (a mismatch is a 500 that names the problem).
 */
import { authenticate } from "./auth.js";
import { DEFAULT_MAX_BODY_BYTES, withBodyLimit } from "./body.js";
import { type Builders, createBuilders } from "./builders.js";
import { createClock, type NowOption, type SandboxClock } from "./clock.js";
import { handleControl } from "./control.js";
import type { OperationId } from "./definitions.js";
import { DEFINITIONS } from "./definitions.js";
import {
  type FailurePlan,
  type FailureStatus,
  type Fault,
  type FaultAction,
  FaultInjector,
  InjectedNetworkError,
} from "./faults.js";
import { buildFixtures, type Fixtures } from "./fixtures.js";
import { json, ServiceError } from "./http.js";
import { QueryReader } from "./query.js";
import { createRandom } from "./random.js";
import { respond } from "./respond.js";
import { OPERATIONS, ROUTES } from "./routes/index.js";
import { createRouter } from "./routing.js";
import { buildSeed, DEFAULT_SEED } from "./seed/index.js";
import { createStore, type SeedData, type Store, type StoreState, snapshot } from "./store.js";
import { watchClock } from "./webhooks/clock-watch.js";
import { createWebhooks, type SandboxWebhooks } from "./webhooks/index.js";

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
}

export interface Sandbox {
  /** The service as a fetch function: `createClient({ fetch: sandbox.fetch })`. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Seeded tokens and ids (a fresh copy on each read). */
  readonly fixtures: Fixtures;
  /** Back to the seed data (without what `add` made); also clears queued failures. */
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
  /** The next `count` API responses fail with `status` (default 503), with `Retry-After` when given (429: default 1). */
  failNext(count: number, status?: FailureStatus, retryAfterSeconds?: number): void;
  /** Everything the sandbox holds now, as arrays of records: a copy, to assert what requests changed. */
  readonly state: StoreState;
  /** The largest request body taken, in bytes (the `maxBodyBytes` option). */
  readonly maxBodyBytes: number;
  /** Webhook endpoints, events sent on state changes, `send(type, data?)` and the delivery log. */
  readonly webhooks: SandboxWebhooks;
}

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "retry-after, www-authenticate, content-disposition",
};

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const seedNumber = options.seed === false ? DEFAULT_SEED : (options.seed ?? DEFAULT_SEED);
  const baseClock = createClock(options.now);
  const webhooks = createWebhooks({
    store: () => store,
    clock: baseClock,
    random: createRandom(seedNumber ^ 0x3ebb),
  });
  const clock: SandboxClock = watchClock(baseClock, () => webhooks.clockMoved());
  const { seed, fixtures } = seedFor(seedNumber, clock.start, options.seed === false);
  const faults = new FaultInjector();
  const secret = `sandbox-${seedNumber}`;
  const validate = options.validateResponses ?? true;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 0)
    throw new RangeError(`createSandbox: maxBodyBytes must be a whole number of bytes, got ${maxBodyBytes}`);
  const router = createRouter(DEFINITIONS, ROUTES);
  let store: Store = createStore(seed);

  if (options.failNext) faults.failNext(options.failNext);
  const add = createBuilders({
    store: () => store,
    now: () => clock.now(),
    random: createRandom(seedNumber ^ 0x5eed),
  });

  function reset(): void {
    store = createStore(seed);
    faults.clear();
    webhooks.reset();
  }

  const control = {
    store: () => store,
    fixtures: () => structuredClone(fixtures),
    reset,
    failNext: (plan: FailurePlan) => {
      faults.failNext(plan);
      return faults.pending;
    },
    operations: OPERATIONS,
    secret,
    now: () => clock.now(),
  };

  async function dispatch(received: Request): Promise<Response> {
    const url = new URL(received.url);
    if (received.method === "OPTIONS") return preflight(received);
    let request = received;
    try {
      request = await withBodyLimit(received, maxBodyBytes);
      if (url.pathname === "/__sandbox" || url.pathname.startsWith("/__sandbox/")) {
        return await handleControl(request, url, control);
      }
      const anyCall = await applyFault(faults.take(undefined));
      if (anyCall) return anyCall;
      const { route, params } = router.find(request.method, url.pathname);
      const thisCall = await applyFault(faults.take(route.definition.id));
      if (thisCall) return thisCall;
      const principal = authenticate(request, store.tokens, route.auth);
      const reply = await route.handle({
        request,
        url,
        query: new QueryReader(url.searchParams),
        params,
        principal,
        store,
        now: () => clock.now(),
        secret,
      });
      return respond(route.definition, reply, validate);
    } catch (error) {
      if (error instanceof ServiceError) return error.toResponse();
      if (error instanceof InjectedNetworkError) throw error;
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`[sandbox] ${request.method} ${url.pathname}: ${detail}`);
      return json(500, { error: "InternalServerError", detail: `Sandbox bug: ${String(error)}` });
    }
  }

  async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    return withCors(await dispatch(request));
  }

  return {
    fetch: handle,
    get fixtures() {
      return structuredClone(fixtures);
    },
    get state() {
      return snapshot(store);
    },
    reset,
    add,
    clock,
    inject(operation, fault, injectOptions = {}) {
      faults.inject(operation, fault, injectOptions.times ?? 1);
    },
    maxBodyBytes,
    webhooks,
    failNext(count, status = 503, retryAfterSeconds) {
      faults.failNext({ count, status, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) });
    },
  };
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
  const none = Object.fromEntries(Object.keys(seed).map((table) => [table, []])) as unknown as SeedData;
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
