import type { ClientConfig, HookContext } from "./client.js";
import { NetworkError, TimeoutError } from "./errors.js";
import { applyHeaders, type HeadersInput } from "./headers.js";
import type { HttpMethod } from "./operation.js";
import { redactText, secretsOf } from "./redact.js";
import type { Exchange } from "./response.js";
import { isRetryableStatus, type RetryPolicy, retryDelay, sleep } from "./retry.js";
import { attemptSignal, raceAbort } from "./timeout.js";

/** Everything needed to send one call, already built and checked. */
export interface Outgoing {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly url: string;
  /** JSON text, or undefined for no body. */
  readonly body: string | undefined;
  /** Per-call headers; they override every other layer. */
  readonly headers: HeadersInput | undefined;
}

export interface SendSettings {
  /** Undefined: a single attempt. */
  readonly retry: RetryPolicy | undefined;
  /** Per attempt. */
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
}

/**
 * Sends a call, retrying as the policy allows, and returns the final exchange
 * (any status; the caller reads it). Attempts that fail with a retryable
 * status, a network error or their own timeout are retried after a delay;
 * everything else (caller aborts, hook and token errors) ends the call at once.
 */
export async function send(
  config: ClientConfig,
  outgoing: Outgoing,
  settings: SendSettings,
): Promise<Exchange> {
  const maxRetries = settings.retry?.maxRetries ?? 0;
  for (let attempt = 1; ; attempt++) {
    settings.signal?.throwIfAborted();
    const canRetry = settings.retry !== undefined && attempt <= maxRetries;
    let exchange: Exchange;
    try {
      exchange = await sendOnce(config, outgoing, settings, { operationId: outgoing.operationId, attempt });
    } catch (error) {
      if (!canRetry || !(error instanceof NetworkError || error instanceof TimeoutError)) throw error;
      await sleep(retryDelay(attempt, settings.retry!), settings.signal);
      continue;
    }
    if (!canRetry || !isRetryableStatus(exchange.response.status)) return exchange;
    await sleep(
      retryDelay(attempt, settings.retry!, exchange.response.headers.get("retry-after")),
      settings.signal,
    );
  }
}

/**
 * One attempt. The token is looked up first (per attempt, so retries pick up a
 * refreshed session); the hooks, fetch and the whole body then run under the
 * attempt's signal (caller's signal + timeout).
 */
async function sendOnce(
  config: ClientConfig,
  outgoing: Outgoing,
  settings: SendSettings,
  context: HookContext,
): Promise<Exchange> {
  const token = await config.getToken();
  const attempt = attemptSignal(settings.signal, settings.timeoutMs);
  try {
    const request = await prepareRequest(config, outgoing, token, attempt.signal, context);
    const secrets = secretsOf(token, request);
    const failure: FailureContext = {
      method: outgoing.method,
      url: outgoing.url,
      secrets,
      settings,
      attempt,
    };
    const response = await receive(config, request, context, failure);
    const text = await guard(() => response.text(), failure);
    return { method: outgoing.method, url: outgoing.url, response, text, secrets };
  } finally {
    attempt.dispose();
  }
}

/** The request of an attempt, after `onRequest` had its say. */
async function prepareRequest(
  config: ClientConfig,
  outgoing: Outgoing,
  token: string | undefined,
  signal: AbortSignal,
  context: HookContext,
): Promise<Request> {
  const request = new Request(outgoing.url, {
    method: outgoing.method,
    headers: requestHeaders(config, outgoing, token),
    body: outgoing.body,
    signal,
  });
  return config.onRequest ? ((await config.onRequest(request, context)) ?? request) : request;
}

/** The response of an attempt, after `onResponse` had its say. Hook errors are not transport failures: they pass through unguarded. */
async function receive(
  config: ClientConfig,
  request: Request,
  context: HookContext,
  failure: FailureContext,
): Promise<Response> {
  const response = await guard(() => config.fetch(request), failure);
  return config.onResponse ? ((await config.onResponse(response, request, context)) ?? response) : response;
}

/**
 * Layers, later wins: protocol defaults, client headers, the token, per-call
 * headers (so one call can carry another credential without a second client).
 */
function requestHeaders(config: ClientConfig, outgoing: Outgoing, token: string | undefined): Headers {
  const headers = new Headers({ accept: "application/json" });
  if (outgoing.body !== undefined) headers.set("content-type", "application/json");
  applyHeaders(headers, config.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  applyHeaders(headers, outgoing.headers);
  return headers;
}

interface FailureContext {
  readonly method: string;
  readonly url: string;
  readonly secrets: readonly string[];
  readonly settings: SendSettings;
  readonly attempt: ReturnType<typeof attemptSignal>;
}

/** Runs a transport step (fetch, body read) and names its failure: the caller's abort reason as is, TimeoutError, or NetworkError. */
async function guard<T>(step: () => Promise<T>, failure: FailureContext): Promise<T> {
  try {
    return await raceAbort(step, failure.attempt.signal);
  } catch (error) {
    const caller = failure.settings.signal;
    if (caller?.aborted) throw caller.reason;
    const { method, url } = failure;
    if (failure.attempt.timedOut()) {
      throw new TimeoutError({ method, url, timeoutMs: failure.settings.timeoutMs, cause: error });
    }
    const reason = error instanceof Error ? redactText(error.message, failure.secrets) : undefined;
    throw new NetworkError({ method, url, cause: error, reason });
  }
}
