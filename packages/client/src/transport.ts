import type { RequestBody } from "./body.js";
import type { ClientConfig, HookContext } from "./client.js";
import { NetworkError, TimeoutError } from "./errors.js";
import { type HeadersInput, setHeaders } from "./headers.js";
import { describeNetworkFailure } from "./network-cause.js";
import type { HttpMethod } from "./operation.js";
import { redactCause, redactText, secretsOf } from "./redact.js";
import type { Exchange } from "./response.js";
import { backoffDelay, isRetryableStatus, type RetryPolicy, retryDelay, sleep } from "./retry.js";
import { type AttemptSignal, attemptSignal, raceAbort } from "./timeout.js";
import { schemeOfAuthorization } from "./token-kind.js";

/** Everything needed to send one call, already built and checked. */
export interface Outgoing {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly url: string;
  /** The body and its content type, or undefined for no body. */
  readonly body: RequestBody | undefined;
  /** The `Accept` header: the media types the operation answers in. */
  readonly accept: string;
  /** Whether the operation takes a token: one that takes none is sent without `Authorization`. */
  readonly authenticated: boolean;
  /** Whether a success may be binary: its body is then read as a Blob, not as text. */
  readonly binary: boolean;
  /** The API version the operation reads (its `Polar-Version`), when it is not the client's. */
  readonly apiVersion?: string | undefined;
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
 * So does a `Retry-After` longer than the policy's `maxDelayMs`: the caller
 * gets the response (its ApiError keeps the header) and decides when to come back.
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
      await sleep(backoffDelay(attempt, settings.retry!), settings.signal);
      continue;
    }
    if (!canRetry || !isRetryableStatus(exchange.response.status)) return exchange;
    const delay = retryDelay(attempt, settings.retry!, exchange.response.headers.get("retry-after"));
    if (delay === undefined) return exchange;
    await sleep(delay, settings.signal);
  }
}

/**
 * One attempt, all of it under the attempt's signal (caller's signal +
 * timeout): the token lookup (per attempt, so retries pick up a refreshed
 * session), the hooks, fetch and the whole body. A token function or hook
 * that never settles cannot hold the call past an abort or the timeout.
 */
async function sendOnce(
  config: ClientConfig,
  outgoing: Outgoing,
  settings: SendSettings,
  context: HookContext,
): Promise<Exchange> {
  const attempt = attemptSignal(settings.signal, settings.timeoutMs);
  const scope: AttemptScope = { method: outgoing.method, url: outgoing.url, settings, attempt };
  try {
    const token = outgoing.authenticated ? await bounded(() => config.getToken(), scope) : undefined;
    const request = await bounded(
      () => prepareRequest(config, outgoing, token, attempt.signal, context),
      scope,
    );
    const secrets = secretsOf(token, request);
    const response = await receive(config, request, context, scope, secrets);
    const blob =
      outgoing.binary && response.ok ? await guard(() => response.blob(), scope, secrets) : undefined;
    const text = blob ? "" : await guard(() => response.text(), scope, secrets);
    const tokenScheme = schemeOfAuthorization(request.headers.get("authorization"));
    return { method: outgoing.method, url: outgoing.url, response, text, blob, secrets, tokenScheme };
  } finally {
    attempt.dispose();
  }
}

/** The request of an attempt, after `onRequest` had its say (at once when there is no hook). */
function prepareRequest(
  config: ClientConfig,
  outgoing: Outgoing,
  token: string | undefined,
  signal: AbortSignal,
  context: HookContext,
): Request | Promise<Request> {
  const request = new Request(outgoing.url, {
    method: outgoing.method,
    headers: requestHeaders(config, outgoing, token),
    body: outgoing.body?.body,
    signal,
  });
  const { onRequest } = config;
  return onRequest
    ? Promise.resolve(onRequest(request, context)).then((hooked) => hooked ?? request)
    : request;
}

/** The response of an attempt, after `onResponse` had its say. Hook errors are not transport failures: they are never wrapped in NetworkError. */
async function receive(
  config: ClientConfig,
  request: Request,
  context: HookContext,
  scope: AttemptScope,
  secrets: readonly string[],
): Promise<Response> {
  const response = await guard(() => config.fetch(request), scope, secrets);
  const { onResponse } = config;
  if (!onResponse) return response;
  return (await bounded(() => onResponse(response, request, context), scope)) ?? response;
}

/**
 * Layers, later wins: protocol defaults, client headers, the token, per-call
 * headers (so one call can carry another credential without a second client).
 * Names are lowercased, so a layer replaces an earlier one however it spells
 * the name. A plain record: the Request builds its own Headers from it.
 */
function requestHeaders(
  config: ClientConfig,
  outgoing: Outgoing,
  token: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = Object.create(null);
  headers.accept = outgoing.accept;
  const contentType = outgoing.body?.contentType;
  if (contentType !== undefined) headers["content-type"] = contentType;
  setHeaders(headers, config.headers);
  if (outgoing.apiVersion !== undefined) headers["polar-version"] = outgoing.apiVersion;
  if (token) headers.authorization = `Bearer ${token}`;
  setHeaders(headers, outgoing.headers);
  return headers;
}

interface AttemptScope {
  readonly method: string;
  readonly url: string;
  readonly settings: SendSettings;
  readonly attempt: AttemptSignal;
}

/** Runs the caller's own code (token function, hook) under the attempt's signal: its errors pass through as is, unless the attempt was aborted meanwhile. */
async function bounded<T>(step: () => T | PromiseLike<T>, scope: AttemptScope): Promise<T> {
  try {
    return await raceAbort(step, scope.attempt.signal);
  } catch (error) {
    throw scope.attempt.signal.aborted ? abortFailure(scope) : error;
  }
}

/** Runs a transport step (fetch, body read) and names its failure: an abort as `abortFailure` says, anything else NetworkError. */
async function guard<T>(step: () => Promise<T>, scope: AttemptScope, secrets: readonly string[]): Promise<T> {
  try {
    return await raceAbort(step, scope.attempt.signal);
  } catch (error) {
    if (scope.attempt.signal.aborted) throw abortFailure(scope);
    const rootCause = describeNetworkFailure(error);
    const reason = rootCause === undefined ? undefined : redactText(rootCause, secrets);
    throw new NetworkError({
      method: scope.method,
      url: scope.url,
      cause: redactCause(error, secrets),
      reason,
    });
  }
}

/** How an aborted attempt ends: with the caller's reason as is, or TimeoutError when its own timer fired. */
function abortFailure(scope: AttemptScope): unknown {
  const caller = scope.settings.signal;
  if (caller?.aborted) return caller.reason;
  const { method, url, settings, attempt } = scope;
  return new TimeoutError({ method, url, timeoutMs: settings.timeoutMs, cause: attempt.signal.reason });
}
