import { buildBody } from "./body.js";
import { type ClientConfig, type CoreClient, checkTimeout, getConfig } from "./client.js";
import { InvalidInputError } from "./errors.js";
import type { HeadersInput } from "./headers.js";
import { isRecord } from "./issues.js";
import type { OperationDefinition } from "./operation.js";
import { readResponse } from "./response.js";
import { type CallRetryOptions, retryPolicyFor } from "./retry.js";
import { send } from "./transport.js";
import { buildUrl } from "./url.js";
import { parseWith } from "./validation.js";

export type { CoreClient } from "./client.js";

/** The third argument of every operation. */
export interface RequestOptions {
  /** Cancels the call (including retry waits); the call rejects with the signal's `reason`, as is. */
  readonly signal?: AbortSignal;
  /** Per-attempt timeout for this call; overrides the client's. */
  readonly timeoutMs?: number;
  /** Retry settings for this call (`{ retryPost: true }` opts a POST in), or `false` for no retries. */
  readonly retry?: CallRetryOptions | false;
  /** Headers for this call; they override the client's, including `Authorization`. */
  readonly headers?: HeadersInput;
}

/**
 * Runs one operation: checks the input, builds the request, sends it (with
 * retries and timeouts) and reads the response as the definition says.
 * Generated operation functions are one call to this.
 */
export async function request<Input, Result>(
  client: CoreClient,
  definition: OperationDefinition<Input, Result>,
  input: Input,
  options: RequestOptions = {},
): Promise<Result> {
  const config = getConfig(client);
  const values = checkInput(definition, input, config);
  const exchange = await send(
    config,
    {
      operationId: definition.id,
      method: definition.method,
      url: buildUrl(config.baseUrl, definition, values),
      body: buildBody(definition, values),
      accept: acceptOf(definition),
      authenticated: definition.auth.length > 0,
      binary: Object.values(definition.responses).some((response) => response.body === "binary"),
      apiVersion: definition.apiVersion,
      headers: options.headers,
    },
    {
      retry: retryPolicyFor(definition.method, config.retry, options.retry),
      timeoutMs: options.timeoutMs === undefined ? config.timeoutMs : checkTimeout(options.timeoutMs),
      signal: options.signal,
    },
  );
  return readResponse(definition, exchange, config.validate.response) as Result;
}

/** The media types the operation answers in: its text or binary bodies', and JSON (its errors are JSON). */
function acceptOf(definition: OperationDefinition): string {
  const types = new Set<string>();
  for (const response of Object.values(definition.responses))
    if (response.body === "text" || response.body === "binary") types.add(response.mediaType);
  types.add("application/json");
  return [...types].join(", ");
}

/**
 * The input to send: the schema's output when validating (so defaults and
 * coercions apply), the input itself otherwise. A missing input counts as `{}`,
 * so operations whose fields are all optional may be called without one.
 */
function checkInput(
  definition: OperationDefinition,
  input: unknown,
  config: ClientConfig,
): Readonly<Record<string, unknown>> {
  const value = input ?? {};
  if (!config.validate.input) return isRecord(value) ? value : {};
  const checked = parseWith(definition.input, value);
  if (!checked.ok) throw new InvalidInputError({ operationId: definition.id, issues: checked.issues });
  return isRecord(checked.value) ? checked.value : {};
}
