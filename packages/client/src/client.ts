import { apiVersion, environments } from "./generated/environments.js";
import { applyHeaders, type HeadersInput } from "./headers.js";
import { defaultRetryPolicy, normalizeRetry, type RetryOptions, type RetryPolicy } from "./retry.js";

/** A named deployment of the service. */
export type Environment = keyof typeof environments;

/**
 * A bearer token, or a function returning one. The function is called before
 * every attempt (never cached), so a session token can be refreshed between calls.
 */
export type TokenSource = string | (() => string | undefined | Promise<string | undefined>);

/** Anything shaped like `fetch` for a `Request`: the global one, undici's, a sandbox's in-process handler. */
export type FetchFunction = (request: Request) => Promise<Response>;

/** What hooks learn about the exchange besides the request itself. */
export interface HookContext {
  /** The operation id, e.g. `listEvents`. */
  readonly operationId: string;
  /** 1 for the first attempt, 2 for the first retry... */
  readonly attempt: number;
}

/**
 * Called before each attempt is sent, with the request that will be sent (it
 * carries the `Authorization` header: log it through `redactHeaders`).
 * Mutate `request.headers` or return a new `Request` to replace it.
 */
export type RequestHook = (
  request: Request,
  context: HookContext,
  // biome-ignore lint/suspicious/noConfusingVoidType: `Promise<void>` is what an async hook that returns nothing has
) => void | Request | Promise<void | Request>;

/**
 * Called with each attempt's response as it arrives, before its body is read
 * and before any retry decision. Read the body only through `response.clone()`;
 * return a new `Response` to replace it.
 */
export type ResponseHook = (
  response: Response,
  request: Request,
  context: HookContext,
  // biome-ignore lint/suspicious/noConfusingVoidType: `Promise<void>` is what an async hook that returns nothing has
) => void | Response | Promise<void | Response>;

export interface ValidateOptions {
  /** Check inputs against their schema before sending. Default true. */
  readonly input?: boolean;
  /** Check response bodies against their schema. Default true; when false, bodies are still JSON-parsed. */
  readonly response?: boolean;
}

export interface ClientOptions {
  /** Which deployment to call. Default `"production"`. Ignored when `baseUrl` is set. */
  readonly environment?: Environment;
  /** Any base URL (a local sandbox, a proxy); wins over `environment`. */
  readonly baseUrl?: string;
  /** Sent as `Authorization: Bearer <token>`. Without it, requests carry no `Authorization`. */
  readonly token?: TokenSource;
  /** Default: the global `fetch`, looked up at call time (so later polyfills and mocks apply). */
  readonly fetch?: FetchFunction;
  /** Per-attempt timeout, covering the token function and the hooks too. Default 30000; 0 or `Infinity` disables it. */
  readonly timeoutMs?: number;
  /** Retry settings for idempotent calls, or `false` for none. Defaults: see `RetryOptions`. */
  readonly retry?: RetryOptions | false;
  /**
   * With a user's token that reaches several organizations: the one it acts on, sent as
   * `Polar-Organization` on every request.
   */
  readonly organizationId?: string;
  /** Sent with every request (after the defaults, before per-call headers). */
  readonly headers?: HeadersInput;
  readonly onRequest?: RequestHook;
  readonly onResponse?: ResponseHook;
  readonly validate?: ValidateOptions;
}

/**
 * The resolved configuration a client carries (internal: read it through `getConfig`).
 * Its functions are safe to call as `config.fetch(...)`: they never receive the config as `this`.
 */
export interface ClientConfig {
  readonly baseUrl: string;
  /** A closure, never the token itself, so inspecting the config cannot print it. */
  readonly getToken: () => string | undefined | Promise<string | undefined>;
  readonly fetch: FetchFunction;
  readonly timeoutMs: number;
  readonly retry: RetryPolicy | false;
  readonly headers: Headers;
  readonly onRequest: RequestHook | undefined;
  readonly onResponse: ResponseHook | undefined;
  readonly validate: { readonly input: boolean; readonly response: boolean };
}

/**
 * The bare client: configuration only, no methods, so an app that imports one
 * operation from `@commerce-api/client/core` bundles only that operation.
 */
export interface CoreClient {
  readonly baseUrl: string;
}

/**
 * The config lives under a registered symbol, non-enumerable: invisible to
 * `Object.keys`, `JSON.stringify` and (with the custom inspector) `util.inspect`,
 * and still found when two copies of this module are loaded (ESM and CJS builds).
 */
const CONFIG = Symbol.for("@commerce-api/client.config");
const INSPECT = Symbol.for("nodejs.util.inspect.custom");

export const DEFAULT_TIMEOUT_MS = 30_000;

export function createCoreClient(options: ClientOptions = {}): CoreClient {
  return createClientOfVersion(options, apiVersion);
}

/**
 * A bare client that speaks `version` (sends it as `Polar-Version`): a dated entry point's
 * `createClient` (`@commerce-api/client/2026-10`); `createCoreClient` speaks the roots' version.
 */
export function createClientOfVersion(options: ClientOptions, version: string): CoreClient {
  const config: ClientConfig = Object.freeze({
    baseUrl: resolveBaseUrl(options),
    getToken: tokenGetter(options.token),
    fetch: options.fetch ? detached(options.fetch) : (request: Request) => globalThis.fetch(request),
    timeoutMs: checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    retry: normalizeRetry(options.retry, defaultRetryPolicy),
    headers: headersOf(options, version),
    onRequest: options.onRequest && detached(options.onRequest),
    onResponse: options.onResponse && detached(options.onResponse),
    validate: Object.freeze({
      input: options.validate?.input ?? true,
      response: options.validate?.response ?? true,
    }),
  });
  const client: CoreClient = { baseUrl: config.baseUrl };
  Object.defineProperty(client, CONFIG, { value: config });
  Object.defineProperty(client, INSPECT, {
    value: () => `CommerceClient { baseUrl: '${config.baseUrl}' }`,
  });
  return client;
}

/** Whether `value` is a client made by `createCoreClient`/`createClient`. */
export function isClient(value: unknown): value is CoreClient {
  return typeof value === "object" && value !== null && CONFIG in value;
}

/** The configuration of a client made by `createCoreClient`/`createClient`. */
export function getConfig(client: CoreClient): ClientConfig {
  const config = (client as { [CONFIG]?: ClientConfig } | null | undefined)?.[CONFIG];
  if (config === undefined) {
    throw new TypeError("Expected a client made by createClient() as the first argument");
  }
  return config;
}

export function checkTimeout(timeoutMs: number): number {
  if (!(timeoutMs >= 0)) throw new TypeError("timeoutMs must be a number of at least 0");
  return timeoutMs;
}

function resolveBaseUrl(options: ClientOptions): string {
  if (options.baseUrl !== undefined) {
    checkBaseUrl(options.baseUrl);
    return options.baseUrl.replace(/\/+$/, ""); // operation paths start with "/"
  }
  const environment = options.environment ?? "production";
  if (!Object.hasOwn(environments, environment)) {
    throw new TypeError(
      `Unknown environment ${JSON.stringify(environment)}; expected one of ${Object.keys(environments).join(", ")}`,
    );
  }
  return environments[environment];
}

/** Fails at creation what would fail (or misroute) every request later. */
function checkBaseUrl(baseUrl: string): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl is not an absolute URL: ${JSON.stringify(baseUrl)}`);
  }
  // fetch refuses URLs with credentials; say so here, without echoing them.
  if (url.username || url.password)
    throw new TypeError("baseUrl must not contain credentials (user:password@)");
  if (url.search || url.hash) throw new TypeError("baseUrl must not have a query string or fragment");
}

/** Never echo a bad token in the error: it may be a real one in the wrong place. */
function tokenGetter(token: TokenSource | undefined): ClientConfig["getToken"] {
  if (typeof token === "function") return detached(token);
  if (token === undefined || typeof token === "string") return () => token;
  throw new TypeError("token must be a string or a function returning one");
}

/**
 * `fn` called as a plain function. Platform functions such as `window.fetch`
 * throw "Illegal invocation" when called as a method of another object.
 */
function detached<Args extends unknown[], Result>(fn: (...args: Args) => Result): (...args: Args) => Result {
  return (...args) => fn(...args);
}

/**
 * The client's headers: the API version its types describe (so the service answers in it,
 * whatever the account's default), the organization it acts on, then the caller's own.
 */
function headersOf(options: ClientOptions, version: string): Headers {
  const headers = new Headers({ "polar-version": version });
  const { organizationId } = options;
  if (organizationId !== undefined) {
    if (typeof organizationId !== "string" || organizationId.trim() === "")
      throw new TypeError(
        `organizationId must be an organization's id (a non-empty string), got ${JSON.stringify(organizationId)}`,
      );
    headers.set("polar-organization", organizationId);
  }
  applyHeaders(headers, options.headers);
  return headers;
}
