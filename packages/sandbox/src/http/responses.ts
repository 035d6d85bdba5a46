/**
 * Responses and the error bodies of the service.
 *
 * Handlers throw a `ServiceError` for any non-2xx answer; the dispatcher turns
 * it into a Response. Bodies are exactly what the service sends:
 * - error-shaped: `{"error": "<Code>", "detail": "<message>"}`
 * - validation-shaped (422): `{"error": "RequestValidationError", "detail": [{loc, msg, type, input?, ctx?}]}`
 * - auth: 401 `Unauthorized` (no token / token kind not accepted), 401 `invalid_token`
 *   (unknown or expired token, OAuth style), 403 `insufficient_scope`.
 */

export type Loc = (string | number)[];

export interface ValidationIssue {
  loc: Loc;
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export class ServiceError extends Error {
  override readonly name = "ServiceError";
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${status} ${JSON.stringify(body)}`);
  }

  toResponse(): Response {
    return json(this.status, this.body, this.headers);
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** A response with no body and no content type (204, the receipt's 202). */
export function empty(status: number): Response {
  return new Response(null, { status });
}

export function errorBody(code: string, detail: string): { error: string; detail: string } {
  return { error: code, detail };
}

export function notFound(detail = "Not found"): ServiceError {
  return new ServiceError(404, errorBody("ResourceNotFound", detail));
}

export function badRequest(detail: string): ServiceError {
  return new ServiceError(400, errorBody("BadRequest", detail));
}

export function validationFailed(issues: ValidationIssue[]): ServiceError {
  return new ServiceError(422, { error: "RequestValidationError", detail: issues });
}

export function unauthorized(): ServiceError {
  return new ServiceError(401, errorBody("Unauthorized", "Unauthorized"), {
    "www-authenticate": 'Bearer realm="commerce-api"',
  });
}

export function invalidToken(): ServiceError {
  const description =
    "The access token provided is expired, revoked, malformed, or invalid for other reasons.";
  return new ServiceError(
    401,
    { error: "invalid_token", error_description: description },
    { "www-authenticate": `Bearer error="invalid_token", error_description="${description}"` },
  );
}

export function insufficientScope(required: readonly string[]): ServiceError {
  const description = "The request requires higher privileges than provided by the access token.";
  return new ServiceError(
    403,
    {
      error: "insufficient_scope",
      error_description: description,
      detail: `Requires one of these scopes: ${required.join(", ")}.`,
    },
    { "www-authenticate": `Bearer error="insufficient_scope", scope="${required.join(" ")}"` },
  );
}

export function routeNotFound(): ServiceError {
  return new ServiceError(404, { detail: "Not Found" });
}

/** An operation of the spec that the sandbox cannot serve yet: 501, naming it and the fix. */
export function notImplemented(definition: { id: string; method: string; path: string }): ServiceError {
  return new ServiceError(
    501,
    errorBody(
      "NotImplemented",
      `The sandbox has no route for ${definition.id} (${definition.method} ${definition.path}) yet: ` +
        "write its handler in packages/sandbox/src/routes/ and list it in ROUTES (README.md, 'Changing the API').",
    ),
  );
}

export function methodNotAllowed(allowed: readonly string[]): ServiceError {
  return new ServiceError(405, { detail: "Method Not Allowed" }, { allow: allowed.join(", ") });
}
