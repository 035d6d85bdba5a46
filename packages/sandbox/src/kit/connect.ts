/**
 * `connectSandbox(url)`: the testing kit over HTTP, for tests that drive a
 * sandbox served elsewhere (a Playwright test against `commerce-sandbox`, a
 * browser app's e2e run). The same `add`, `state`, `clock`, `inject`, `reset`
 * as `createSandbox()` gives in process, async, through the `/__sandbox/...`
 * routes, each request built from its row of the control table (control/routes.ts); a
 * misuse throws the same `SandboxUsageError`.
 *
 * ```ts
 * const server = connectSandbox("http://127.0.0.1:4010");
 * const sandbox = await server.newSandbox(); // one per worker or test: nobody else writes to it
 * const customer = await sandbox.add.customer({ name: "Ada" });
 * ```
 *
 * Uses only `fetch`, so it runs in Node, browsers and workers. `webhooks` is
 * `sandbox.webhooks` over the webhooks part's rows (webhooks/remote.ts).
 */
import type { Builders } from "../builders/index.js";
import { BUILDER_KINDS, type BuilderKind } from "../builders/kinds.js";
import { CONTROL_ROUTES } from "../control/routes.js";
import type { OperationId } from "../http/definitions.js";
import { type RouteParams, type RouteSpec, routePath } from "../http/route-table.js";
import type { SandboxOptions } from "../sandbox-types.js";
import type { Duration } from "../state/clock.js";
import type { Fixtures } from "../state/fixtures.js";
import type { StoreState, TableName } from "../state/store.js";
import { type RemoteWebhooks, remoteWebhooks } from "../webhooks/remote.js";
import type { FailureStatus, Fault } from "./faults.js";
import type { Override } from "./overrides.js";
import type { ApiRequest } from "./request-log.js";
import { SandboxUsageError } from "./usage.js";

/** Each builder of `sandbox.add`, async. */
export type RemoteBuilders = {
  [K in BuilderKind]: (...input: Parameters<Builders[K]>) => Promise<ReturnType<Builders[K]>>;
};

export interface RemoteClock {
  now(): Promise<Date>;
  freeze(at?: Date | string): Promise<Date>;
  set(at: Date | string): Promise<Date>;
  advance(by: Duration): Promise<Date>;
  resume(): Promise<Date>;
}

/** What `POST /__sandbox/sandboxes` may set for a new sandbox (the rest is the server's). */
export type NewSandboxOptions = Pick<SandboxOptions, "seed" | "validateResponses" | "instantRetries"> & {
  now?: string;
};

export interface RemoteSandbox {
  /** The base URL of this sandbox: give it to the client (`createClient({ baseUrl })`). */
  readonly baseUrl: string;
  fixtures(): Promise<Fixtures>;
  /** Everything the sandbox holds now (or one table's records). */
  state(): Promise<StoreState>;
  state<T extends TableName>(table: T): Promise<StoreState[T]>;
  reset(): Promise<void>;
  /** The API requests routed so far, with the `Polar-Version` and `Polar-Organization` each sent. */
  requests(): Promise<ApiRequest[]>;
  readonly add: RemoteBuilders;
  readonly clock: RemoteClock;
  inject(operation: OperationId | "*", fault: Fault, options?: { times?: number }): Promise<void>;
  respond<Op extends OperationId>(operation: Op, reply: Override<Op>): Promise<void>;
  failNext(count: number, status?: FailureStatus, retryAfterSeconds?: number): Promise<void>;
  /** Webhook endpoints (URLs), `send`, and the delivery log, as `sandbox.webhooks` has them. */
  readonly webhooks: RemoteWebhooks;
  /** A new, independent sandbox on the same server (its own data, clock and faults). */
  newSandbox(options?: NewSandboxOptions): Promise<OwnedRemoteSandbox>;
}

/** A sandbox made with `newSandbox()`; `delete()` frees it on the server. */
export interface OwnedRemoteSandbox extends RemoteSandbox {
  readonly id: string;
  delete(): Promise<void>;
}

export interface ConnectOptions {
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

/** Calls one control route (a row of the table): its answer's JSON; a misuse throws `SandboxUsageError`. */
export type ControlCall = (route: RouteSpec, params?: RouteParams, body?: unknown) => Promise<unknown>;

/** The sandbox's address as `connectSandbox` keeps it (no trailing slash); not a URL: a usage error. */
function sandboxBase(url: string): string {
  try {
    return new URL(url).href.replace(/\/+$/, "");
  } catch {
    throw new SandboxUsageError(
      `connectSandbox: ${JSON.stringify(url)} is not a URL; give the sandbox's address, e.g. "http://127.0.0.1:4010"`,
    );
  }
}

/** What every method of `connectSandbox` sends through: any route of the control table, over HTTP. */
export function controlCaller(url: string, options: ConnectOptions = {}): ControlCall {
  const base = sandboxBase(url);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  return async (route, params, body) => {
    const method = route.method;
    const path = routePath(route, params);
    const response = await fetchImpl(`${base}/__sandbox/${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body, jsonTimes), headers: { "content-type": "application/json" } }),
    });
    const text = await response.text();
    const parsed = text === "" ? undefined : parseJson(text);
    if (response.ok) return parsed;
    const detail = (parsed as { detail?: unknown } | undefined)?.detail;
    if (response.status === 400 && (parsed as { error?: string } | undefined)?.error === "SandboxUsageError")
      throw new SandboxUsageError(String(detail));
    throw new Error(
      `${method} ${base}/__sandbox/${path} answered ${response.status}: ${typeof detail === "string" ? detail : text.slice(0, 300)}`,
    );
  };
}

export function connectSandbox(url: string, options: ConnectOptions = {}): RemoteSandbox {
  const base = sandboxBase(url);
  const control = controlCaller(base, options);
  const routes = CONTROL_ROUTES;

  const clockCall = async (action: string, body: unknown) => {
    const reading = (await control(routes.clockAction, { action }, body)) as { now: string };
    return new Date(reading.now);
  };

  // customerSession takes the customer and returns the token; over HTTP: `{ customer }` → `{ token }`.
  const add = Object.fromEntries(
    BUILDER_KINDS.map((kind) => [
      kind,
      kind === "customerSession"
        ? async (customer: unknown) =>
            ((await control(routes.add, { kind }, { customer })) as { token: string }).token
        : (input: unknown = {}) => control(routes.add, { kind }, input),
    ]),
  ) as RemoteBuilders;

  return {
    baseUrl: base,
    fixtures: () => control(routes.fixtures) as Promise<Fixtures>,
    state: ((table?: TableName) => control(routes.state, { table })) as RemoteSandbox["state"],
    reset: async () => {
      await control(routes.reset);
    },
    requests: () => control(routes.requests) as Promise<ApiRequest[]>,
    add,
    clock: {
      now: async () => new Date(((await control(routes.clock)) as { now: string }).now),
      freeze: (at) => clockCall("freeze", at === undefined ? {} : { at }),
      set: (at) => clockCall("set", { at }),
      advance: (by) => clockCall("advance", { by }),
      resume: () => clockCall("resume", {}),
    },
    inject: async (operation, fault, injectOptions = {}) => {
      await control(routes.inject, {}, { operation, fault, ...injectOptions });
    },
    respond: async (operation, reply) => {
      await control(routes.respond, {}, { operation, ...reply });
    },
    failNext: async (count, status = 503, retryAfterSeconds) => {
      await control(routes.fail, {}, { count, status, retry_after: retryAfterSeconds });
    },
    webhooks: remoteWebhooks(control),
    newSandbox: async (newOptions = {}) => {
      const made = (await control(routes.newSandbox, {}, newOptions)) as { id: string; baseUrl: string };
      const child = connectSandbox(made.baseUrl, options);
      return {
        ...child,
        id: made.id,
        delete: async () => {
          await control(routes.deleteSandbox, { id: made.id });
        },
      };
    },
  };
}

/** JSON has no Infinity: `times: Infinity` travels as "always". */
function jsonTimes(key: string, value: unknown): unknown {
  return key === "times" && value === Number.POSITIVE_INFINITY ? "always" : value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
