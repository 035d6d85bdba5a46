import { createApiError } from "./api-error.js";
import { ResponseValidationError } from "./errors.js";
import type { OperationDefinition } from "./operation.js";
import { redactText } from "./redact.js";
import { parseWith } from "./validation.js";

/** One finished HTTP exchange: the final response and its whole body text. */
export interface Exchange {
  readonly method: string;
  /** The request URL. */
  readonly url: string;
  readonly response: Response;
  /** The body as text; empty when it was read as `blob`. */
  readonly text: string;
  /** The body of a binary success, read whole. */
  readonly blob?: Blob | undefined;
  /** Credentials the request carried, to keep out of errors. */
  readonly secrets: readonly string[];
  /** The security scheme of the token sent, known by its prefix (never the token itself). */
  readonly tokenScheme?: string | undefined;
}

/**
 * The result of a call, read as the definition says for its status (`text` → the body's text,
 * `binary` → its Blob):
 * `json` → the parsed (and, unless disabled, schema-checked) body;
 * `void` → undefined, whatever the body (204 has none, some 202s send `null`);
 * `null` → null (a 202 "not ready yet", with an empty body and no content type).
 * Non-2xx → an ApiError subclass; a 2xx the definition does not list → ResponseValidationError.
 */
export function readResponse(
  definition: OperationDefinition,
  exchange: Exchange,
  validate: boolean,
): unknown {
  const { response } = exchange;
  if (!response.ok) throw createApiError(exchange, definition);

  const expected = definition.responses[response.status];
  if (expected === undefined) {
    const listed = Object.keys(definition.responses).join(", ");
    throw invalid(exchange, `unexpected status (the operation defines ${listed})`);
  }
  if (expected.body === "void") return undefined;
  if (expected.body === "null") return null;
  if (expected.body === "text") return exchange.text;
  if (expected.body === "binary") return exchange.blob;

  const json = parseJson(exchange.text);
  if (!json.ok) throw invalid(exchange, "body is not JSON");
  if (!validate) return json.value;
  const checked = parseWith(expected.validate, json.value);
  if (!checked.ok) throw invalid(exchange, "body does not match the response schema", checked.issues);
  return checked.value;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function invalid(exchange: Exchange, reason: string, issues: ResponseValidationError["issues"] = []) {
  return new ResponseValidationError({
    status: exchange.response.status,
    issues,
    body: redactText(exchange.text, exchange.secrets),
    method: exchange.method,
    url: exchange.url,
    reason,
  });
}
