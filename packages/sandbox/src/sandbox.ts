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

import { createBuilders } from "./builders/index.js";
import { handleControl } from "./control/index.js";
import { createSandboxRegistry } from "./control/sandboxes.js";
import type { ControlContext, SandboxRegistry } from "./control/types.js";
import { checkApiVersion, definitionIn, versionOf } from "./http/api-versions.js";
import { authenticate, bearerToken } from "./http/auth.js";
import { checkOperation, DEFINITIONS, type OperationId } from "./http/definitions.js";
import { createHintLog, HINT_HEADER, unauthorizedHint } from "./http/hints.js";
import { QueryReader } from "./http/query.js";
import { DEFAULT_MAX_BODY_BYTES, withBodyLimit } from "./http/request-body.js";
import { respond } from "./http/respond.js";
import { json, ServiceError } from "./http/responses.js";
import { createRouter } from "./http/routing.js";
import { type FaultAction, FaultInjector, InjectedNetworkError } from "./kit/faults.js";
import { type Override, overrideResponse } from "./kit/overrides.js";
import { RequestLog } from "./kit/request-log.js";
import { checkKeys, SandboxUsageError } from "./kit/usage.js";
import { OPERATIONS, ROUTES } from "./routes/index.js";
import {
  type BuiltSandbox,
  type Resettable,
  SANDBOX_OPTIONS,
  type Sandbox,
  type SandboxOptions,
} from "./sandbox-types.js";
import { buildSeed, DEFAULT_SEED } from "./seed/index.js";
import { createClock } from "./state/clock.js";
import { buildFixtures, type Fixtures } from "./state/fixtures.js";
import type { TokenKind } from "./state/records.js";
import { createStore, type SeedData, snapshot, TABLES } from "./state/store.js";
import { watchClock } from "./webhooks/clock-watch.js";
import { createWebhooks } from "./webhooks/index.js";

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": `retry-after, www-authenticate, content-disposition, ${HINT_HEADER}`,
};

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return buildSandbox(options).sandbox;
}

export function buildSandbox(options: SandboxOptions = {}): BuiltSandbox {
  checkOptions(options);
  const seedNumber = options.seed === false ? DEFAULT_SEED : (options.seed ?? DEFAULT_SEED);
  const clock = createClock(options.now);
  const { seed, fixtures } = seedFor(seedNumber, clock.start, options.seed === false);
  const faults = new FaultInjector({ instantRetries: options.instantRetries ?? false });
  const secret = `sandbox-${seedNumber}`;
  const validate = options.validateResponses ?? true;
  const defaultVersion = checkApiVersion(options.apiVersion);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 0)
    throw new SandboxUsageError(
      `createSandbox: maxBodyBytes must be a whole number of bytes, got ${maxBodyBytes}`,
    );
  const router = createRouter(DEFINITIONS, ROUTES);
  const store = createStore(seed);
  const add = createBuilders({ store, now: () => clock.now(), seed: seedNumber });
  if (options.failNext) faults.failNext(options.failNext);
  const webhooks = createWebhooks({
    store,
    clock,
    seed: seedNumber,
    endpoints: options.webhooks,
    webhookIdSeed: options.webhookIdSeed,
    onDelivery: options.onWebhookDelivery,
  });
  store.onChange(webhooks.changed);
  const requests = new RequestLog();

  // What reset() restores, in order. A new part that tests can change joins this list
  // (webhooks: its endpoints and delivery log), so reset() restores it too.
  const parts: Resettable[] = [
    { reset: () => store.load(seed) },
    clock,
    // Queued faults and overrides go; the `failNext` option's failures too (as the README says).
    { reset: () => faults.clear() },
    add,
    webhooks,
    requests,
  ];
  const reset = () => {
    for (const part of parts) part.reset();
  };

  // Sandboxes made over HTTP (`POST /__sandbox/sandboxes`), one per Playwright worker or test;
  // made lazily, so a sandbox that never serves HTTP pays nothing for it.
  let registry: SandboxRegistry | undefined;
  const sandboxes = () => {
    registry ??= createSandboxRegistry(options, buildSandbox);
    return registry;
  };

  const sandbox: Sandbox = {
    fetch: (input, init) => {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      return serve(request, "");
    },
    get fixtures() {
      return { ...structuredClone(fixtures), now: clock.anchor().toISOString() };
    },
    get state() {
      return snapshot(store);
    },
    get requests() {
      return requests.list();
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

  // The control routes' handlers reach every part through this one object (the webhooks
  // part's handlers read `sandbox.webhooks` of it).
  const control: ControlContext = {
    sandbox,
    store,
    operations: OPERATIONS,
    secret,
    pendingFaults: () => faults.pending,
    sandboxes,
  };

  const logHint = createHintLog();

  /** A 401 with the sandbox's hint (the token kinds the operation takes, once routed). */
  function withHint(response: Response, request: Request, accepted?: readonly TokenKind[]): Response {
    if (response.status !== 401 || accepted === undefined) return response;
    const hint = unauthorizedHint(request, store.tokens, accepted);
    response.headers.set(HINT_HEADER, hint);
    const token = bearerToken(request);
    if (token !== undefined && !store.tokens.has(token)) logHint(hint);
    return response;
  }

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
      requests.record(route.definition.id, request, path);
      accepted = route.auth.kinds;
      const thisCall = await applyFault(faults.take(route.definition.id));
      if (thisCall) return thisCall;
      const principal = authenticate(request, store.tokens, route.auth);
      const { version, hint } = versionOf(request, defaultVersion);
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
        apiVersion: version,
      });
      const response = respond(definitionIn(route.definition, version), reply, validate);
      if (hint !== undefined) response.headers.set(HINT_HEADER, hint);
      return response;
    } catch (error) {
      if (error instanceof ServiceError) return withHint(error.toResponse(), request, accepted);
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
  const { webhookIdSeed } = options;
  if (webhookIdSeed !== undefined && !Number.isInteger(webhookIdSeed))
    throw new SandboxUsageError(
      `createSandbox: webhookIdSeed must be a whole number (repeatable webhook ids), got ${String(webhookIdSeed)}`,
    );
}

/**
 * Seed data and fixtures, built once per (seed, start) and shared by every sandbox:
 * a change to a store replaces a record (state/store.ts), so no request changes them.
 * Keeps many sandboxes cheap in tests.
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
